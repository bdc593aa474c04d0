package io.github.pgperf.internal.run;

import java.sql.SQLException;
import org.postgresql.util.PSQLException;
import org.postgresql.util.PSQLWarning;
import org.postgresql.util.ServerErrorMessage;

/**
 * A server's error or notice as libpq prints it at its default verbosity, which is what pgbench
 * prints: {@code SEVERITY: message}, the {@code LINE n:} excerpt of the query with a caret under
 * the error's position, then {@code DETAIL}, {@code HINT}, {@code QUERY} and (for errors) {@code
 * CONTEXT} lines. Lines are joined by line breaks, without a final one.
 *
 * <p>libpq shows the excerpt only when it knows the text of the failed query; it does not for a
 * prepared statement's execution, and says {@code at character N} instead. The caller passes the
 * text libpq would know, or {@code null}.
 */
final class ErrorMessage {

  /** libpq's DISPLAY_SIZE: the widest excerpt, in screen columns. */
  private static final int DISPLAY_SIZE = 60;

  /** libpq's MIN_RIGHT_CUT: how far a right cut tries to stay from the error position. */
  private static final int MIN_RIGHT_CUT = 10;

  /**
   * A query text meaning that the error's position refers to a text other than the one pgbench
   * would know: the position is left out.
   */
  @SuppressWarnings("StringOperationCanBeSimplified") // compared by identity: never a real text
  static final String POSITION_UNKNOWN = new String();

  private ErrorMessage() {}

  /** The error as libpq prints it, with no query text known. */
  static String of(SQLException e) {
    return of(e, null);
  }

  /**
   * The error as libpq prints it.
   *
   * @param query the text of the failed query as sent, {@code null} when libpq would not know it,
   *     or {@link #POSITION_UNKNOWN}
   */
  static String of(SQLException e, String query) {
    if (e instanceof PSQLException p && p.getServerErrorMessage() != null) {
      return of(p.getServerErrorMessage(), query, true);
    }
    return e.getMessage();
  }

  /** A notice (a warning the server sent before closing the connection, say) as libpq prints it. */
  static String of(PSQLWarning warning) {
    ServerErrorMessage m = warning.getServerErrorMessage();
    return m == null ? warning.getMessage() : of(m, null, false);
  }

  private static String of(ServerErrorMessage m, String query, boolean error) {
    StringBuilder text = new StringBuilder();
    text.append(m.getSeverity()).append(":  ").append(m.getMessage());
    String excerptOf = null;
    int position = 0;
    if (m.getPosition() > 0 && query == POSITION_UNKNOWN) {
      // nothing: the position counts in a text pgbench never sent
    } else if (m.getPosition() > 0) {
      if (query != null) {
        excerptOf = query;
        position = m.getPosition();
      } else {
        text.append(" at character ").append(m.getPosition());
      }
    } else if (m.getInternalPosition() > 0) {
      if (m.getInternalQuery() != null) {
        excerptOf = m.getInternalQuery();
        position = m.getInternalPosition();
      } else {
        text.append(" at character ").append(m.getInternalPosition());
      }
    }
    if (excerptOf != null) {
      appendExcerpt(text, excerptOf, position);
    }
    appendField(text, "DETAIL", m.getDetail());
    appendField(text, "HINT", m.getHint());
    appendField(text, "QUERY", m.getInternalQuery());
    if (error) {
      appendField(text, "CONTEXT", m.getWhere());
    }
    return text.toString();
  }

  private static void appendField(StringBuilder text, String name, String value) {
    if (value != null) {
      text.append('\n').append(name).append(":  ").append(value);
    }
  }

  /**
   * libpq's {@code reportErrorPosition}: the line of {@code query} holding the 1-based character
   * {@code position}, tabs shown as spaces, cut to 60 screen columns around the position with
   * {@code ...} where cut, and a caret line under the position.
   */
  static void appendExcerpt(StringBuilder out, String query, int position) {
    int loc = position - 1;
    if (loc < 0) {
      return;
    }
    int[] chars = query.codePoints().toArray();
    int[] column = new int[chars.length + 1];
    int line = 1;
    int begin = 0;
    int end = -1;
    int screen = 0;
    int n;
    for (n = 0; n < chars.length; n++) {
      int ch = chars[n];
      column[n] = screen;
      if (ch == '\t') {
        chars[n] = ' ';
      } else if (ch == '\r' || ch == '\n') {
        if (n < loc) {
          // \r\n counts as one line break, \r or \n alone as one each.
          if (ch == '\r' || n == 0 || chars[n - 1] != '\r') {
            line++;
          }
          begin = n + 1;
        } else {
          end = n;
          break;
        }
      }
      screen += width(chars[n]);
    }
    if (end < 0) {
      end = n;
      column[end] = screen;
    }
    if (loc > n) {
      return;
    }
    boolean cutLeft = false;
    boolean cutRight = false;
    if (column[end] - column[begin] > DISPLAY_SIZE) {
      if (column[begin] + DISPLAY_SIZE >= column[loc] + MIN_RIGHT_CUT) {
        while (column[end] - column[begin] > DISPLAY_SIZE) {
          end--;
        }
        cutRight = true;
      } else {
        while (column[loc] + MIN_RIGHT_CUT < column[end]) {
          end--;
          cutRight = true;
        }
        while (column[end] - column[begin] > DISPLAY_SIZE) {
          begin++;
          cutLeft = true;
        }
      }
    }
    String prefix = "LINE " + line + ": " + (cutLeft ? "..." : "");
    out.append('\n').append(prefix).append(new String(chars, begin, end - begin));
    if (cutRight) {
      out.append("...");
    }
    out.append('\n').append(" ".repeat(prefix.length() + column[loc] - column[begin])).append('^');
  }

  /**
   * Screen columns of a character as libpq counts them in UTF-8: 2 for East Asian wide and
   * full-width characters, 1 for everything else (libpq counts control and combining characters as
   * 1 too).
   */
  private static int width(int ch) {
    if (ch < 0x1100) {
      return 1;
    }
    boolean wide =
        ch <= 0x115f
            || ch == 0x2329
            || ch == 0x232a
            || (ch >= 0x2e80 && ch <= 0xa4cf && ch != 0x303f)
            || (ch >= 0xac00 && ch <= 0xd7a3)
            || (ch >= 0xf900 && ch <= 0xfaff)
            || (ch >= 0xfe10 && ch <= 0xfe19)
            || (ch >= 0xfe30 && ch <= 0xfe6f)
            || (ch >= 0xff00 && ch <= 0xff60)
            || (ch >= 0xffe0 && ch <= 0xffe6)
            || (ch >= 0x1f300 && ch <= 0x1f64f)
            || (ch >= 0x1f900 && ch <= 0x1f9ff)
            || (ch >= 0x20000 && ch <= 0x2fffd)
            || (ch >= 0x30000 && ch <= 0x3fffd);
    return wide ? 2 : 1;
  }
}
