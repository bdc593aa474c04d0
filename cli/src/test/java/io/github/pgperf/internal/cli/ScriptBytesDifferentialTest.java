package io.github.pgperf.internal.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.pgperf.testing.Pgbench;
import io.github.pgperf.testing.TestDatabase;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A script's bytes reach the server as pgbench sends them: the same script file given to the real
 * pgbench and to pgperf stores the same bytes, in UTF8, LATIN1 and SQL_ASCII databases and with
 * {@code PGCLIENTENCODING}, and a byte the server refuses ends both runs the same way.
 */
class ScriptBytesDifferentialTest {

  /** {@code INSERT INTO t VALUES ('caf\xe9');}: é in LATIN1, not valid UTF-8. */
  private static final byte[] LATIN1_E = insert((byte) 0xe9);

  /** The same with é in UTF-8, 0xc3 0xa9. */
  private static final byte[] UTF8_E = insert((byte) 0xc3, (byte) 0xa9);

  private static TestDatabase utf8;
  private static TestDatabase latin1;

  @TempDir static Path dir;

  @BeforeAll
  static void create() throws Exception {
    utf8 = TestDatabase.create("UTF8");
    latin1 = TestDatabase.create("LATIN1");
  }

  @AfterAll
  static void drop() throws Exception {
    utf8.close();
    latin1.close();
  }

  @ParameterizedTest
  @ValueSource(strings = {"simple", "extended", "prepared"})
  void aByteTheServerRefusesAbortsTheClientWithTheServersErrorAsInPgbench(String mode)
      throws Exception {
    createTable(utf8);
    Path script = write("bad-" + mode + ".sql", LATIN1_E);
    List<String> args = List.of("-n", "-t", "2", "-M", mode, "-f", script.toString());

    Pgbench.Result expected = Pgbench.run(utf8, args);
    Cli.Result actual = Cli.runOn(utf8, args);

    assertThat(actual.exitCode()).as(actual.stderr()).isEqualTo(expected.exitCode()).isEqualTo(2);
    assertThat(errorLines(actual.stderr(), "pgperf"))
        .isEqualTo(errorLines(expected.stderr(), "pgbench"))
        .anySatisfy(
            line ->
                assertThat(line)
                    .contains(
                        "ERROR:  invalid byte sequence for encoding \"UTF8\": 0xe9 0x27 0x29"));
    assertThat(actual.stdout()).contains("number of transactions actually processed: 0/2");
    assertThat(stored(utf8)).isEmpty();
  }

  @Test
  void aRefusedByteInAPipelineAbortsAtItsEndAsInPgbench() throws Exception {
    createTable(utf8);
    byte[] pipeline =
        concat(
            "\\startpipeline\nSELECT 1;\n".getBytes(StandardCharsets.US_ASCII),
            LATIN1_E,
            "\\endpipeline\n".getBytes(StandardCharsets.US_ASCII));
    Path script = write("bad-pipeline.sql", pipeline);
    List<String> args = List.of("-n", "-t", "1", "-M", "extended", "-f", script.toString());

    Pgbench.Result expected = Pgbench.run(utf8, args);
    Cli.Result actual = Cli.runOn(utf8, args);

    assertThat(actual.exitCode()).as(actual.stderr()).isEqualTo(expected.exitCode()).isEqualTo(2);
    assertThat(errorLines(actual.stderr(), "pgperf"))
        .isEqualTo(errorLines(expected.stderr(), "pgbench"))
        .first()
        .asString()
        .startsWith(
            "client 0 script 0 aborted in command 3 query 0: ERROR:  "
                + "invalid byte sequence for encoding \"UTF8\"");
    assertThat(stored(utf8)).isEmpty();
  }

  @Test
  void validUtf8IsStoredAsPgbenchStoresIt() throws Exception {
    assertThat(storedByBoth(utf8, UTF8_E, Map.of())).isEqualTo("636166c3a9");
  }

  @Test
  void aLatin1DatabaseTakesTheScriptsBytesAsLatin1AsInPgbench() throws Exception {
    // The byte 0xe9 is é there; UTF-8's é is two LATIN1 characters, Ã©, to both tools.
    assertThat(storedByBoth(latin1, LATIN1_E, Map.of())).isEqualTo("636166e9");
    assertThat(storedByBoth(latin1, UTF8_E, Map.of())).isEqualTo("636166c3a9");
  }

  @Test
  void pgclientencodingDecidesHowTheBytesAreReadAsInPgbench() throws Exception {
    Map<String, String> latin1Client = Map.of("PGCLIENTENCODING", "latin1");
    // LATIN1's é converted to the database's UTF-8; UTF-8's é read as LATIN1 (Ã©).
    assertThat(storedByBoth(utf8, LATIN1_E, latin1Client)).isEqualTo("636166c3a9");
    assertThat(storedByBoth(utf8, UTF8_E, latin1Client)).isEqualTo("636166c383c2a9");
  }

  @Test
  void aDefinitionsBytesReachTheServerAsPgbenchSendsThem() throws Exception {
    Path script =
        write("define.sql", "INSERT INTO t VALUES (:v);\n".getBytes(StandardCharsets.US_ASCII));
    List<String> args = List.of("-n", "-t", "1", "-D", "v='café'", "-f", script.toString());

    String pgbench = storedBy(latin1, args, true, Map.of());
    String pgperf = storedBy(latin1, args, false, Map.of());

    // The argument's UTF-8 bytes, read as LATIN1 by the server.
    assertThat(pgperf).isEqualTo(pgbench).isEqualTo("636166c3a9");
  }

  @Test
  void aSqlAsciiDatabaseStoresValidUtf8AsPgbenchAndRefusesOtherBytesBeforeTheRun()
      throws Exception {
    try (TestDatabase ascii = TestDatabase.create("SQL_ASCII")) {
      assertThat(storedByBoth(ascii, UTF8_E, Map.of())).isEqualTo("636166c3a9");

      Path script =
          write(
              "ascii-bad.sql", concat("SELECT 1;\n".getBytes(StandardCharsets.US_ASCII), LATIN1_E));
      createTable(ascii);
      Cli.Result actual = Cli.runOn(ascii, List.of("-n", "-t", "1", "-f", script.toString()));

      assertThat(actual.exitCode()).isEqualTo(1);
      assertThat(actual.stderr())
          .isEqualTo(
              "pgperf: error: "
                  + script
                  + ":2: cannot send byte"
                  + " 0xe9: a SQL_ASCII database takes any bytes, but pgperf's driver (pgjdbc) sends only"
                  + " valid UTF-8\n");
      assertThat(actual.stdout()).isEmpty();
      assertThat(stored(ascii)).isEmpty();
    }
  }

  @Test
  void aBytePgperfCannotSendOutsideSqlTextIsRefusedBeforeTheRunNamingFileLineAndByte()
      throws Exception {
    Path script =
        write(
            "meta-bad.sql",
            concat(
                "INSERT INTO t VALUES ('ok');\n\\set caf".getBytes(StandardCharsets.US_ASCII),
                new byte[] {(byte) 0xe9},
                " 1\n".getBytes(StandardCharsets.US_ASCII)));
    createTable(utf8);

    Cli.Result actual = Cli.runOn(utf8, List.of("-n", "-t", "1", "-f", script.toString()));

    assertThat(actual.exitCode()).isEqualTo(1);
    assertThat(actual.stderr())
        .startsWith(
            "pgperf: error: "
                + script
                + ":2: cannot send byte"
                + " 0xe9 in command \"set\": it is not valid in the client encoding UTF8");
    assertThat(stored(utf8)).isEmpty();
  }

  /**
   * Runs {@code script} once with pgbench and once with pgperf on a fresh table {@code t} of {@code
   * db}; both must succeed and store the same bytes, which are returned in hex.
   */
  private static String storedByBoth(TestDatabase db, byte[] script, Map<String, String> env)
      throws Exception {
    Path file = write("stored-" + HexFormat.of().formatHex(script).hashCode() + ".sql", script);
    List<String> args = List.of("-n", "-t", "1", "-f", file.toString());
    String pgbench = storedBy(db, args, true, env);
    String pgperf = storedBy(db, args, false, env);
    assertThat(pgperf).as("pgperf's bytes against pgbench's").isEqualTo(pgbench);
    return pgperf;
  }

  private static String storedBy(
      TestDatabase db, List<String> args, boolean pgbench, Map<String, String> env)
      throws Exception {
    createTable(db);
    List<String> all = new ArrayList<>(args);
    all.addAll(
        List.of("-h", db.host(), "-p", Integer.toString(db.port()), "-U", db.user(), db.name()));
    int code;
    String stderr;
    if (pgbench) {
      Pgbench.Result r = Pgbench.run(dir, all, env);
      code = r.exitCode();
      stderr = r.stderr();
    } else {
      Cli.Result r = Cli.run(env, all.toArray(String[]::new));
      code = r.exitCode();
      stderr = r.stderr();
    }
    assertThat(code).as("%s: %s", pgbench ? "pgbench" : "pgperf", stderr).isZero();
    List<String> rows = stored(db);
    assertThat(rows).hasSize(1);
    return rows.get(0);
  }

  /** Every row of {@code t}, as the bytes the database holds, in hex. */
  private static List<String> stored(TestDatabase db) throws Exception {
    List<String> rows = new ArrayList<>();
    try (Connection c = DriverManager.getConnection(db.url());
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT v::bytea FROM t")) {
      while (rs.next()) {
        rows.add(HexFormat.of().formatHex(rs.getBytes(1)));
      }
    }
    return rows;
  }

  private static void createTable(TestDatabase db) throws Exception {
    try (Connection c = DriverManager.getConnection(db.url());
        Statement s = c.createStatement()) {
      s.execute("DROP TABLE IF EXISTS t");
      s.execute("CREATE TABLE t (v text)");
    }
  }

  private static Path write(String name, byte[] bytes) throws Exception {
    Path file = dir.resolve(name);
    Files.write(file, bytes);
    return file;
  }

  private static byte[] insert(byte... e) {
    return concat(
        "INSERT INTO t VALUES ('caf".getBytes(StandardCharsets.US_ASCII),
        e,
        "');\n".getBytes(StandardCharsets.US_ASCII));
  }

  private static byte[] concat(byte[]... parts) {
    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
    for (byte[] p : parts) {
      out.writeBytes(p);
    }
    return out.toByteArray();
  }

  /** The error lines of a run without the program's prefix (pgbench's own or pgperf's). */
  private static List<String> errorLines(String stderr, String program) {
    String prefix = program + ": error: ";
    return stderr
        .lines()
        .filter(l -> l.startsWith(prefix))
        .map(l -> l.substring(prefix.length()))
        .toList();
  }
}
