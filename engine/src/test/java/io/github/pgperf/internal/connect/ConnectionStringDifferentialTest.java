package io.github.pgperf.internal.connect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.pgperf.testing.TestDatabase;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * pgperf's connection string parsers against libpq's own: the same strings are given to the real
 * {@code psql} (libpq parses its {@code -d} as pgbench's database argument) connecting to the test
 * server, and what the server then saw (user, database, application_name, a setting from {@code
 * options}) must be what pgperf's parse gives; a malformed string must draw libpq's error line,
 * with the password masked where libpq would show it.
 */
class ConnectionStringDifferentialTest {

  private static TestDatabase db;

  @BeforeAll
  static void create() throws Exception {
    db = TestDatabase.create();
  }

  @AfterAll
  static void drop() throws Exception {
    db.close();
  }

  /** What psql printed and its exit status. */
  private record Psql(int exitCode, String stdout, String stderr) {}

  private static Psql psql(String connection) throws IOException, InterruptedException {
    List<String> command =
        new ArrayList<>(
            List.of(
                "psql",
                "-X",
                "-A",
                "-t",
                "-F",
                "|",
                "-d",
                connection,
                "-c",
                "select current_user, current_database(),"
                    + " current_setting('application_name'), current_setting('work_mem')"));
    Path out = Files.createTempFile("psql", ".out");
    Path err = Files.createTempFile("psql", ".err");
    try {
      ProcessBuilder builder =
          new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile());
      builder.environment().keySet().removeIf(k -> k.startsWith("PG"));
      Process process = builder.start();
      if (!process.waitFor(1, TimeUnit.MINUTES)) {
        process.destroyForcibly();
        throw new IllegalStateException("psql did not finish: " + command);
      }
      return new Psql(
          process.exitValue(),
          Files.readString(out, StandardCharsets.UTF_8).strip(),
          Files.readString(err, StandardCharsets.UTF_8).strip());
    } finally {
      Files.deleteIfExists(out);
      Files.deleteIfExists(err);
    }
  }

  /** user|database|application_name|work_mem as pgperf's parse says the server will see them. */
  private static String expected(Map<Keyword, String> parsed, String defaultWorkMem) {
    String options = parsed.getOrDefault(Keyword.OPTIONS, "");
    String workMem =
        options.startsWith("-c work_mem=")
            ? options.substring("-c work_mem=".length())
            : defaultWorkMem;
    return parsed.get(Keyword.USER)
        + "|"
        + parsed.get(Keyword.DBNAME)
        + "|"
        + parsed.get(Keyword.APPLICATION_NAME)
        + "|"
        + workMem;
  }

  @Test
  void theServerSeesWhatPgperfParsed() throws Exception {
    String h = db.host();
    int p = db.port();
    String u = db.user();
    String n = db.name();
    String encodedName = n.replace("_", "%5f");
    List<String> strings =
        List.of(
            "host="
                + h
                + " port="
                + p
                + " user="
                + u
                + " dbname="
                + n
                + " application_name='it\\'s \\\\ a b'",
            "  host = "
                + h
                + "\tport= "
                + p
                + " user ="
                + u
                + " dbname = '"
                + n
                + "'"
                + " application_name=a\\ b\\'c",
            "host='"
                + h
                + "' port="
                + p
                + " user="
                + u
                + " dbname="
                + n
                + " application_name=x options='-c work_mem=7777kB'",
            "postgresql://"
                + u
                + "@"
                + h
                + ":"
                + p
                + "/"
                + encodedName
                + "?application_name=a%20%26%3Db",
            "postgres:///"
                + n
                + "?host="
                + h
                + "&port="
                + p
                + "&user="
                + u
                + "&application_name=a%7Eb%2Fc&options=-c%20work_mem%3D8888kB");
    String defaultWorkMem;
    try (var c = db.open();
        var s = c.createStatement();
        var rs = s.executeQuery("show work_mem")) {
      rs.next();
      defaultWorkMem = rs.getString(1);
    }
    for (String string : strings) {
      Psql real = psql(string);
      assertThat(real.exitCode()).as(string + ": " + real.stderr()).isZero();
      assertThat(real.stdout())
          .as(string)
          .isEqualTo(expected(ConnectionString.parse(string), defaultWorkMem));
    }
  }

  @Test
  void aMalformedStringDrawsLibpqsErrorWithThePasswordMasked() throws Exception {
    String password = "pw-" + Long.toHexString(System.nanoTime());
    List<String> strings =
        List.of(
            "dbname=x foo=bar",
            "ref?password=" + password,
            "host=x port",
            "dbname='x",
            "postgresql://h/db?foo=1",
            "postgresql://h/r%zz",
            "postgresql://[]/x",
            "postgresql://[::1]x/db",
            "postgresql://h/db?a",
            "postgresql://h/db?a=b=c",
            "postgresql://h/r%00",
            "postgresql://u:" + password + "@[::1/ref");
    for (String string : strings) {
      Psql real = psql(string);
      assertThat(real.exitCode()).as(string).isNotZero();
      String libpq =
          real.stderr()
              .lines()
              .findFirst()
              .orElseThrow()
              .replace("psql: error: ", "")
              .replace(password, ConnectionUri.MASK);
      assertThatThrownBy(() -> ConnectionString.parse(string))
          .as(string)
          .isInstanceOf(ConnectionStringException.class)
          .hasMessage(libpq)
          .hasMessageNotContaining(password);
    }
  }
}
