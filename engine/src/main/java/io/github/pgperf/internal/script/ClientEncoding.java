package io.github.pgperf.internal.script;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Set;
import org.postgresql.core.Encoding;

/**
 * The encodings a run's bytes meet on the server, as PostgreSQL names them ({@code UTF8}, {@code
 * LATIN1}, {@code SQL_ASCII}, ...).
 *
 * <p>pgbench sets no client encoding: libpq sends a script's bytes in {@code PGCLIENTENCODING} if
 * set, else in the database's encoding, and the server checks them against that encoding and
 * converts them to the database's. pgperf's driver always speaks UTF-8 and sends Java text, so
 * pgperf reads the bytes as the characters they are on the server ({@link #charset()}) and lets
 * pgjdbc send those.
 *
 * @param database the database's encoding ({@code server_encoding})
 * @param client the client encoding pgbench would use
 */
public record ClientEncoding(String database, String client) {

  public static final String SQL_ASCII = "SQL_ASCII";
  public static final String UTF8 = "UTF8";

  /**
   * Client-only encodings whose multibyte characters may hold ASCII bytes (a {@code \} or a quote):
   * pgbench's lexer reads a script byte by byte in any encoding, so text decoded in these could
   * split differently. Every server encoding is ASCII-safe.
   */
  private static final Set<String> ASCII_UNSAFE =
      Set.of("SJIS", "SHIFT_JIS_2004", "BIG5", "GBK", "UHC", "GB18030", "JOHAB");

  /**
   * Java names of PostgreSQL encodings that pgjdbc's table lacks (it knows {@code WIN} but not
   * {@code WIN1251}, {@code KOI8} but not {@code KOI8R}, ...); for these pgjdbc falls back to the
   * JVM's default charset, which would change bytes without a word.
   */
  private static final Map<String, String> JAVA_NAMES =
      Map.ofEntries(
          Map.entry("WIN866", "IBM866"), Map.entry("WIN1251", "windows-1251"),
          Map.entry("WIN1252", "windows-1252"), Map.entry("WIN1253", "windows-1253"),
          Map.entry("WIN1254", "windows-1254"), Map.entry("WIN1255", "windows-1255"),
          Map.entry("WIN1257", "windows-1257"), Map.entry("WIN1258", "windows-1258"),
          Map.entry("KOI8R", "KOI8-R"), Map.entry("KOI8U", "KOI8-U"),
          Map.entry("LATIN10", "ISO-8859-16"), Map.entry("GB18030", "GB18030"));

  /** The usual case: a UTF8 database, no {@code PGCLIENTENCODING}. */
  public static final ClientEncoding UTF8_DATABASE = new ClientEncoding(UTF8, UTF8);

  /**
   * The encoding the server checks a client's bytes against, or null when it checks none: a {@code
   * SQL_ASCII} client's bytes are checked as the database's encoding, and a {@code SQL_ASCII}
   * database with a {@code SQL_ASCII} client takes any bytes.
   */
  public String checkedAs() {
    if (!client.equals(SQL_ASCII)) {
      return client;
    }
    return database.equals(SQL_ASCII) ? null : database;
  }

  /**
   * The encoding whose characters pgjdbc's UTF-8 must carry for the server to store the bytes
   * pgbench's would have stored: the client encoding (the server converts from it, as from pgjdbc's
   * UTF-8); the database's for a {@code SQL_ASCII} client (the server stores its bytes as they
   * are); UTF-8 for a {@code SQL_ASCII} database, which stores what it gets unconverted.
   */
  public String textEncoding() {
    if (database.equals(SQL_ASCII)) {
      return UTF8;
    }
    return client.equals(SQL_ASCII) ? database : client;
  }

  /** Whether bytes are read as UTF-8, as a script is parsed before the run knows its server. */
  public boolean isUtf8() {
    return textEncoding().equals(UTF8);
  }

  /** Whether a script's lexing holds in the client encoding whatever bytes it has. */
  public boolean isAsciiSafe() {
    return !ASCII_UNSAFE.contains(client);
  }

  /** Java's charset of {@link #textEncoding()}, or null when Java has none. */
  public Charset charset() {
    return charsetOf(textEncoding());
  }

  /** Java's charset of a PostgreSQL encoding, through pgjdbc's table first; null if none. */
  static Charset charsetOf(String encoding) {
    if (encoding.equals(UTF8)) {
      return StandardCharsets.UTF_8;
    }
    Encoding known = Encoding.getDatabaseEncoding(encoding);
    if (known != Encoding.defaultEncoding()) {
      return Charset.forName(known.name());
    }
    String name = JAVA_NAMES.get(encoding);
    return name != null && Charset.isSupported(name) ? Charset.forName(name) : null;
  }
}
