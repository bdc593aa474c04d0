package io.github.pgperf.internal.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.pgperf.testing.OwnServer;
import io.github.pgperf.testing.TestDatabase;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * How pgperf and the real pgbench 15 connect, side by side, on a cluster of the test's own that
 * asks for passwords (SCRAM-SHA-256 for TCP and socket connections, {@code max_connections=20}): a
 * libpq URI or {@code keyword=value} string as the database name, the password in it, in {@code
 * PGPASSWORD} or in {@code PGPASSFILE}, socket directories, libpq's errors for bad strings, {@code
 * PGCONNECT_TIMEOUT} against a server that never answers, and more clients than the server takes.
 * Each case runs both tools with the same arguments and environment and compares exit status and
 * first error line (program name aside); pgperf runs in a JVM of its own, as {@code java -jar}
 * would, so that it reads the real environment (pgjdbc reads {@code PGPASSFILE} itself), and its
 * output must never hold the password.
 */
class ConnectionDifferentialTest {

  private static final String PASSWORD = "s3cr3t-" + Long.toHexString(System.nanoTime());

  private static OwnServer server;
  private static TestDatabase db;
  private static int port;

  @TempDir static Path dir;

  @BeforeAll
  static void start() throws Exception {
    server = OwnServer.startWithPassword(Map.of("max_connections", "20"), PASSWORD);
    port = server.port();
    db = server.createDatabase();
    Outcome init =
        pgbench(
            List.of(
                "-i",
                "-q",
                "-s",
                "1",
                "-h",
                "127.0.0.1",
                "-p",
                Integer.toString(port),
                "-U",
                "postgres",
                db.name()),
            env("PGPASSWORD", PASSWORD));
    assertThat(init.exitCode()).as(init.stderr()).isZero();
  }

  @AfterAll
  static void stop() throws Exception {
    server.close(); // drops the test's database, then the cluster
  }

  /** What one tool printed, its exit status and how long it took. */
  private record Outcome(int exitCode, String stdout, String stderr, long millis) {

    /** The first {@code <program>: error: } line without that prefix, or null. */
    String firstError(String program) {
      return errors(program).stream().findFirst().orElse(null);
    }

    List<String> errors(String program) {
      String prefix = program + ": error: ";
      return stderr
          .lines()
          .filter(l -> l.startsWith(prefix))
          .map(l -> l.substring(prefix.length()))
          .toList();
    }
  }

  /**
   * The environment both tools get on top of none of the caller's PG variables: a home of the
   * test's own (no ~/.pgpass of the machine's) and a cache of its own.
   */
  private static Map<String, String> env(String... pairs) {
    Map<String, String> env = new HashMap<>();
    env.put("HOME", dir.toString());
    env.put("XDG_CACHE_HOME", dir.resolve("cache").toString());
    for (int i = 0; i < pairs.length; i += 2) {
      env.put(pairs[i], pairs[i + 1]);
    }
    return env;
  }

  /**
   * The real pgbench, without a controlling terminal (setsid): where libpq wants a password it has
   * not got, pgbench asks on the terminal, which would wait for a person.
   */
  private static Outcome pgbench(List<String> args, Map<String, String> env) throws Exception {
    List<String> command = new ArrayList<>(List.of("setsid", "pgbench"));
    command.addAll(args);
    return run(command, env, "pgbench");
  }

  /** pgperf's {@code Main} in a JVM of its own, restarting itself as the jar does for runs. */
  private static Outcome pgperf(List<String> args, Map<String, String> env) throws Exception {
    List<String> command = new ArrayList<>();
    command.add(ProcessHandle.current().info().command().orElse("java"));
    command.add("-cp");
    command.add(System.getProperty("java.class.path"));
    command.add(Main.class.getName());
    command.addAll(args);
    Outcome outcome = run(command, env, "pgperf");
    assertThat(outcome.stdout() + outcome.stderr()).as("pgperf's output").doesNotContain(PASSWORD);
    return outcome;
  }

  /** Runs a command with only {@code env}'s PG variables; fails after two minutes. */
  private static Outcome run(List<String> command, Map<String, String> env, String name)
      throws Exception {
    Path out = Files.createTempFile(dir, name, ".out");
    Path err = Files.createTempFile(dir, name, ".err");
    ProcessBuilder builder =
        new ProcessBuilder(command)
            .directory(dir.toFile())
            .redirectOutput(out.toFile())
            .redirectError(err.toFile());
    builder.environment().keySet().removeIf(k -> k.startsWith("PG"));
    builder.environment().putAll(env);
    long start = System.nanoTime();
    Process process = builder.start();
    process.getOutputStream().close();
    if (!process.waitFor(2, TimeUnit.MINUTES)) {
      process.descendants().forEach(ProcessHandle::destroyForcibly);
      process.destroyForcibly();
      throw new IllegalStateException(name + " did not finish within 2 minutes: " + command);
    }
    long millis = (System.nanoTime() - start) / 1_000_000;
    return new Outcome(
        process.exitValue(),
        Files.readString(out, StandardCharsets.UTF_8),
        Files.readString(err, StandardCharsets.UTF_8),
        millis);
  }

  private static List<String> target(String... args) {
    List<String> all = new ArrayList<>(List.of("-n", "-S", "-t", "1"));
    all.addAll(List.of(args));
    return all;
  }

  private static List<String> hostPortUser(String database) {
    return target("-h", "127.0.0.1", "-p", Integer.toString(port), "-U", "postgres", database);
  }

  /** Both ran the one transaction asked for, with exit status 0. */
  private static void assertBothRan(Outcome expected, Outcome actual) {
    assertThat(expected.exitCode()).as(expected.stderr()).isZero();
    assertThat(actual.exitCode()).as(actual.stderr()).isZero();
    for (Outcome o : List.of(expected, actual)) {
      assertThat(o.stdout()).contains("number of transactions actually processed: 1/1");
    }
  }

  /** Same exit status (not 0), same first error line up to the program name. */
  private static void assertSameFailure(Outcome expected, Outcome actual) {
    assertThat(expected.exitCode()).as(expected.stderr()).isNotZero();
    assertThat(actual.exitCode()).as(actual.stderr()).isEqualTo(expected.exitCode());
    assertThat(actual.firstError("pgperf"))
        .as(actual.stderr())
        .isEqualTo(expected.firstError("pgbench"));
  }

  @Test
  void aUriWithThePasswordConnectsAndShowsItNowhere() throws Exception {
    List<String> args =
        target(
            "-c",
            "1",
            "postgresql://postgres:" + PASSWORD + "@127.0.0.1:" + port + "/" + db.name());
    assertBothRan(pgbench(args, env()), pgperf(args, env()));
  }

  @Test
  void aKeywordValueStringConnects() throws Exception {
    List<String> args =
        target(
            "host=127.0.0.1 port="
                + port
                + " user = postgres dbname='"
                + db.name()
                + "' password='"
                + PASSWORD.replace("'", "\\'")
                + "'");
    assertBothRan(pgbench(args, env()), pgperf(args, env()));
  }

  @Test
  void aDatabaseNameWithEqualsIsAConnectionStringAndItsErrorsAreLibpqs() throws Exception {
    for (String database :
        List.of(
            db.name() + "?password=" + PASSWORD,
            db.name() + "?sslmode=require",
            "dbname=" + db.name() + " foo=bar",
            "postgresql://127.0.0.1:" + port + "/" + db.name() + "?foo=1",
            "host=127.0.0.1 dbname='" + db.name())) {
      List<String> args = hostPortUser(database);
      Outcome expected = pgbench(args, env("PGPASSWORD", PASSWORD));
      Outcome actual = pgperf(args, env("PGPASSWORD", PASSWORD));
      assertSameFailure(expected, actual);
      assertThat(actual.errors("pgperf")).as(database).isEqualTo(expected.errors("pgbench"));
    }
    // The same in initialization mode.
    List<String> init =
        List.of(
            "-i",
            "-h",
            "127.0.0.1",
            "-p",
            Integer.toString(port),
            db.name() + "?password=" + PASSWORD);
    Outcome expected = pgbench(init, env());
    Outcome actual = pgperf(init, env());
    assertSameFailure(expected, actual);
    assertThat(actual.errors("pgperf"))
        .containsExactly(
            "invalid connection option \"" + db.name() + "?password\"",
            "could not create connection for initialization");
  }

  @Test
  void aSlashInTheNameIsADatabaseNameAndNoUrl() throws Exception {
    List<String> args = hostPortUser(db.name() + "/x");
    // With the password: the server's refusal of the database.
    Outcome expected = pgbench(args, env("PGPASSWORD", PASSWORD));
    Outcome actual = pgperf(args, env("PGPASSWORD", PASSWORD));
    assertSameFailure(expected, actual);
    assertThat(actual.firstError("pgperf"))
        .endsWith("FATAL:  database \"" + db.name() + "/x\" does not exist");
    // Without one: libpq's fe_sendauth (pgbench first asks for it on the terminal, if any).
    expected = pgbench(args, env());
    actual = pgperf(args, env());
    assertSameFailure(expected, actual);
    assertThat(actual.stderr()).doesNotContain("WARNING", "jdbc:");
  }

  @Test
  void aSslModeTheServerCannotMeetFailsAsInLibpq() throws Exception {
    List<String> args =
        target("postgresql://postgres@127.0.0.1:" + port + "/" + db.name() + "?sslmode=require");
    assertSameFailure(
        pgbench(args, env("PGPASSWORD", PASSWORD)), pgperf(args, env("PGPASSWORD", PASSWORD)));
  }

  @Test
  void aWrongPasswordIsTheServersRefusal() throws Exception {
    List<String> args = hostPortUser(db.name());
    Outcome expected = pgbench(args, env("PGPASSWORD", "not-" + PASSWORD));
    Outcome actual = pgperf(args, env("PGPASSWORD", "not-" + PASSWORD));
    assertSameFailure(expected, actual);
    assertThat(actual.errors("pgperf"))
        .containsExactly(
            "connection to server at \"127.0.0.1\","
                + " port "
                + port
                + " failed: FATAL:  password authentication failed for user"
                + " \"postgres\"",
            "could not create connection for setup");
  }

  @Test
  void thePasswordFileOfPgpassfileIsRead() throws Exception {
    Path file = dir.resolve("pgpass");
    Files.writeString(
        file,
        "# test\n127.0.0.1:"
            + port
            + ":"
            + db.name()
            + ":postgres:"
            + PASSWORD.replace(":", "\\:")
            + "\n");
    // libpq ignores a file others may read; pgjdbc does not check.
    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
    List<String> args = hostPortUser(db.name());
    assertBothRan(
        pgbench(args, env("PGPASSFILE", file.toString())),
        pgperf(args, env("PGPASSFILE", file.toString())));

    Path wrong = dir.resolve("pgpass-wrong");
    Files.writeString(wrong, "*:*:*:postgres:not-" + PASSWORD + "\n");
    Files.setPosixFilePermissions(wrong, PosixFilePermissions.fromString("rw-------"));
    assertSameFailure(
        pgbench(args, env("PGPASSFILE", wrong.toString())),
        pgperf(args, env("PGPASSFILE", wrong.toString())));
  }

  @Test
  void aSocketDirectoryHostConnectsThroughTheSocket() throws Exception {
    String sockets = server.socketDirectory();
    assertThat(sockets).as("zonky's server listens on a Unix-domain socket").isNotNull();
    for (List<String> args :
        List.of(
            target("-h", sockets, "-p", Integer.toString(port), "-U", "postgres", db.name()),
            target(
                "postgresql:///"
                    + db.name()
                    + "?host="
                    + sockets
                    + "&port="
                    + port
                    + "&user=postgres"),
            target("host=" + sockets + " port=" + port + " user=postgres dbname=" + db.name()))) {
      assertBothRan(
          pgbench(args, env("PGPASSWORD", PASSWORD)), pgperf(args, env("PGPASSWORD", PASSWORD)));
    }
    // The server's refusal, and a directory without the socket, are named as libpq names them.
    List<String> wrong =
        target("-h", sockets, "-p", Integer.toString(port), "-U", "postgres", db.name());
    assertSameFailure(
        pgbench(wrong, env("PGPASSWORD", "x")), pgperf(wrong, env("PGPASSWORD", "x")));
    List<String> missing =
        target(
            "-h",
            dir.resolve("no-socket-here").toString(),
            "-p",
            Integer.toString(port),
            "-U",
            "postgres",
            db.name());
    Outcome expected = pgbench(missing, env("PGPASSWORD", PASSWORD));
    Outcome actual = pgperf(missing, env("PGPASSWORD", PASSWORD));
    assertSameFailure(expected, actual);
    assertThat(actual.stderr().replace("pgperf:", "pgbench:")).isEqualTo(expected.stderr());
    assertThat(actual.firstError("pgperf"))
        .isEqualTo(
            "connection to server on socket \""
                + dir.resolve("no-socket-here")
                + "/.s.PGSQL."
                + port
                + "\" failed: No such file or"
                + " directory");
  }

  /**
   * A port where the kernel accepts connections that nobody ever answers: both give up after
   * PGCONNECT_TIMEOUT. The bounds are a hang guard, wide for a loaded machine's JVM starts: at
   * least the 3 s asked for, well under the 60 s default that a timeout lost on the way would give
   * (pgperf runs in a restarted JVM here, which must get the variable too).
   */
  @Test
  void pgconnectTimeoutEndsTheFirstConnectionToAServerThatNeverAnswers() throws Exception {
    try (ServerSocket silent = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
      List<String> args =
          target(
              "-h",
              "127.0.0.1",
              "-p",
              Integer.toString(silent.getLocalPort()),
              "-U",
              "postgres",
              db.name());
      Outcome expected = pgbench(args, env("PGCONNECT_TIMEOUT", "3"));
      Outcome actual = pgperf(args, env("PGCONNECT_TIMEOUT", "3"));
      assertSameFailure(expected, actual);
      assertThat(actual.errors("pgperf"))
          .isEqualTo(expected.errors("pgbench"))
          .containsExactly(
              "connection to server at \"127.0.0.1\", port "
                  + silent.getLocalPort()
                  + " failed: timeout expired",
              "could not create connection for setup");
      for (Outcome o : List.of(expected, actual)) {
        assertThat(o.millis()).isBetween(2_500L, 45_000L);
      }
    }
  }

  /** With -C, every transaction's connection has the timeout too. */
  @Test
  void pgconnectTimeoutEndsEveryLaterConnectionWithDashC() throws Exception {
    List<String> args = new ArrayList<>(List.of("-n", "-S", "-C", "-t", "3", "-c", "1"));
    for (boolean pgbench : new boolean[] {true, false}) {
      // Setup and the first transaction pass; the second transaction's connection is held.
      try (StallingProxy proxy = new StallingProxy(port, 2)) {
        List<String> run = new ArrayList<>(args);
        run.addAll(
            List.of(
                "-h",
                "127.0.0.1",
                "-p",
                Integer.toString(proxy.port()),
                "-U",
                "postgres",
                db.name()));
        Map<String, String> env = env("PGCONNECT_TIMEOUT", "3", "PGPASSWORD", PASSWORD);
        Outcome o = pgbench ? pgbench(run, env) : pgperf(run, env);
        String program = pgbench ? "pgbench" : "pgperf";
        assertThat(o.exitCode()).as(o.stderr()).isEqualTo(2);
        assertThat(o.errors(program))
            .as(o.stderr())
            .containsExactly(
                "connection to server at \"127.0.0.1\", port "
                    + proxy.port()
                    + " failed: timeout expired",
                "client 0 aborted while establishing connection",
                "Run was aborted; the above results are incomplete.");
        assertThat(o.stdout()).contains("number of transactions actually processed: 1/3");
        assertThat(o.millis()).isBetween(2_500L, 45_000L);
      }
    }
  }

  /**
   * More clients than max_connections: pgbench stops at the first connection that fails, with one
   * error line and exit status 1; so does pgperf, in pgbench's order (one -j thread connects its
   * clients one after another).
   */
  @Test
  void moreClientsThanTheServerTakesStopAtTheFirstRefusal() throws Exception {
    String refused =
        "connection to server at \"127.0.0.1\", port "
            + port
            + " failed: FATAL:  sorry, too many clients already";
    for (String jobs : List.of("1", "3")) {
      List<String> args = hostPortUser(db.name());
      args = new ArrayList<>(args);
      args.addAll(0, List.of("-c", "60", "-j", jobs));
      Outcome expected = pgbench(args, env("PGPASSWORD", PASSWORD));
      Outcome actual = pgperf(args, env("PGPASSWORD", PASSWORD));
      assertThat(actual.exitCode()).as(actual.stderr()).isEqualTo(1);
      assertThat(actual.errors("pgperf")).as(actual.stderr()).hasSize(2);
      assertThat(actual.errors("pgperf").get(0)).isEqualTo(refused);
      assertThat(actual.errors("pgperf").get(1))
          .matches("could not create connection for client \\d+");
      if (expected.exitCode() == 1) {
        // pgbench's exit from one thread while others connect can crash it; where it does not:
        assertThat(expected.firstError("pgbench")).isEqualTo(refused);
      }
      if (jobs.equals("1")) {
        // One thread connects in client order: the same client is the first refused.
        assertThat(actual.errors("pgperf").get(1)).isEqualTo(expected.errors("pgbench").get(1));
      }
    }
  }

  /**
   * A TCP proxy to the server that passes the first {@code passed} connections through and accepts
   * the later ones without ever answering them.
   */
  private static final class StallingProxy implements AutoCloseable {
    private final ServerSocket listener;
    private final List<Socket> sockets = new CopyOnWriteArrayList<>();
    private final AtomicInteger accepted = new AtomicInteger();

    StallingProxy(int serverPort, int passed) throws IOException {
      listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
      Thread acceptor =
          new Thread(
              () -> {
                try {
                  while (true) {
                    Socket client = listener.accept();
                    sockets.add(client);
                    if (accepted.incrementAndGet() <= passed) {
                      Socket upstream = new Socket(InetAddress.getLoopbackAddress(), serverPort);
                      sockets.add(upstream);
                      pipe(client.getInputStream(), upstream.getOutputStream());
                      pipe(upstream.getInputStream(), client.getOutputStream());
                    }
                  }
                } catch (IOException e) {
                  // closed
                }
              },
              "stalling-proxy");
      acceptor.setDaemon(true);
      acceptor.start();
    }

    int port() {
      return listener.getLocalPort();
    }

    private static void pipe(InputStream in, OutputStream out) {
      Thread t =
          new Thread(
              () -> {
                try {
                  in.transferTo(out);
                } catch (IOException e) {
                  // one side closed
                } finally {
                  try {
                    out.close();
                  } catch (IOException e) {
                    // already closed
                  }
                }
              },
              "stalling-proxy-pipe");
      t.setDaemon(true);
      t.start();
    }

    @Override
    public void close() throws IOException {
      listener.close();
      for (Socket s : sockets) {
        s.close();
      }
    }
  }
}
