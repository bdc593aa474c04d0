package io.github.pgperf.internal.run;

import io.github.pgperf.internal.script.ClientEncoding;
import io.github.pgperf.internal.script.Command;
import io.github.pgperf.internal.script.Script;
import io.github.pgperf.internal.script.ScriptException;
import io.github.pgperf.internal.script.SqlTemplate;
import io.github.pgperf.internal.script.Workload;
import io.github.pgperf.result.QueryMode;
import java.nio.charset.Charset;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.postgresql.PGConnection;

/**
 * The run's scripts and {@code -D} values as the server will read their bytes, decided once on the
 * setup connection before any client starts (nothing is decoded per transaction).
 *
 * <p>The client encoding is the one pgbench's libpq would ask for: {@code PGCLIENTENCODING}, else
 * the database's. A command holding bytes that encoding does not allow is kept when the server
 * itself refuses those bytes: such a command ends its client with that refusal, as pgbench's does.
 */
final class ScriptsOnServer {

  /** SQL state of {@code invalid byte sequence for encoding}. */
  private static final String CHARACTER_NOT_IN_REPERTOIRE = "22021";

  /** SQL state of {@code character with byte sequence ... has no equivalent in encoding}. */
  private static final String UNTRANSLATABLE_CHARACTER = "22P05";

  private ScriptsOnServer() {}

  /**
   * The encodings of this connection's database for {@code clientEncoding} as libpq takes it (any
   * name PostgreSQL knows, {@code auto} for the platform's, null for the database's).
   *
   * @throws RunException an encoding name PostgreSQL does not know
   */
  static ClientEncoding encoding(Connection setup, String clientEncoding)
      throws SQLException, RunException {
    String database =
        setup.isWrapperFor(PGConnection.class)
            ? setup.unwrap(PGConnection.class).getParameterStatus("server_encoding")
            : null;
    if (database == null) {
      database = setting(setup, "SELECT current_setting('server_encoding')", null);
    }
    if (clientEncoding == null) {
      return new ClientEncoding(database, database);
    }
    String asked = clientEncoding;
    if (asked.equalsIgnoreCase("auto")) {
      // libpq asks for the encoding of the locale, or SQL_ASCII when it has no name for it.
      Charset platform = Charset.defaultCharset();
      String name =
          setting(
              setup,
              "SELECT pg_catalog.pg_encoding_to_char(pg_catalog.pg_char_to_encoding(?))",
              platform.name());
      return new ClientEncoding(database, name.isEmpty() ? ClientEncoding.SQL_ASCII : name);
    }
    String name =
        setting(
            setup,
            "SELECT pg_catalog.pg_encoding_to_char(pg_catalog.pg_char_to_encoding(?))",
            asked);
    if (name.isEmpty()) {
      // libpq's connection would fail with the server's FATAL error for this name.
      throw new RunException(
          "invalid value for parameter \"client_encoding\": \"" + asked + "\" (PGCLIENTENCODING)",
          null);
    }
    return new ClientEncoding(database, name);
  }

  /**
   * The workload with each script read in {@code encoding} ({@link Script#inEncoding}); each SQL
   * command the encoding does not allow is shown to the server, which must refuse it too.
   *
   * @throws RunException a script pgperf cannot send as pgbench would, named with its line and byte
   */
  static Workload inEncoding(
      Workload workload, ClientEncoding encoding, QueryMode mode, Connection setup)
      throws RunException, SQLException {
    List<Workload.Entry> entries = new ArrayList<>();
    boolean changed = false;
    try {
      for (Workload.Entry e : workload.entries()) {
        if (e.item() instanceof Script script) {
          Script read = script.inEncoding(encoding);
          for (Command c : read.commands()) {
            if (c instanceof Command.Sql sql && sql.template().invalidIn() != null) {
              checkRefused(setup, read.name(), sql);
            }
          }
          changed |= read != script;
          entries.add(new Workload.Entry(read, e.weight()));
        } else {
          entries.add(e);
        }
      }
      return changed ? Workload.of(entries, mode) : workload;
    } catch (ScriptException e) {
      throw new RunException(e.getMessage(), null);
    }
  }

  /**
   * Asks the server whether it refuses the command's bytes, as it would refuse them from pgbench; a
   * Java decoder stricter than the server's check cannot be told apart otherwise.
   */
  private static void checkRefused(Connection setup, String script, Command.Sql sql)
      throws SQLException, RunException {
    SqlTemplate template = sql.template();
    ClientEncoding encoding = template.invalidIn();
    try {
      refusal(setup, template.bytesSent(false, null), encoding.checkedAs());
    } catch (SQLException e) {
      if (CHARACTER_NOT_IN_REPERTOIRE.equals(e.getSQLState())
          || UNTRANSLATABLE_CHARACTER.equals(e.getSQLState())) {
        return;
      }
      throw e;
    }
    int line = sql.line() + template.linesBeforeInvalidByte();
    throw new RunException(
        script
            + ":"
            + line
            + ": cannot send byte "
            + template.firstInvalidByte()
            + ": the server takes it in the client encoding "
            + encoding.checkedAs()
            + ", but it is not valid in "
            + encoding.textEncoding()
            + (encoding.database().equals(ClientEncoding.SQL_ASCII)
                ? " (a SQL_ASCII database stores bytes unconverted, and pgperf's driver sends UTF-8)"
                : " as Java reads it"),
        null);
  }

  /**
   * Hands {@code bytes} to the server to check in {@code encoding}, as it checks a client's bytes:
   * it throws the server's own {@code invalid byte sequence} error when they are not valid. Only
   * the length comes back: the text itself, sent back to pgperf, would be checked again as UTF-8.
   */
  static void refusal(Connection connection, byte[] bytes, String encoding) throws SQLException {
    try (PreparedStatement check =
        connection.prepareStatement(
            "SELECT pg_catalog.length(pg_catalog.convert_from(?::bytea, ?::name))")) {
      check.setBytes(1, bytes);
      check.setString(2, encoding);
      check.execute();
    }
  }

  private static String setting(Connection c, String sql, String argument) throws SQLException {
    try (PreparedStatement s = c.prepareStatement(sql)) {
      if (argument != null) {
        s.setString(1, argument);
      }
      try (ResultSet rs = s.executeQuery()) {
        rs.next();
        return rs.getString(1);
      }
    }
  }
}
