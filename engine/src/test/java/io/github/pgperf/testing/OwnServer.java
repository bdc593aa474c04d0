package io.github.pgperf.testing;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.postgresql.PGConnection;

/**
 * A PostgreSQL cluster of a test's own (zonky's embedded binaries, in a temporary directory, on a
 * free port), for tests that stop, restart or freeze a server: the shared test server must never be
 * touched that way.
 */
public final class OwnServer implements AutoCloseable {

  private final Path dataDirectory;
  private final int port;
  private final Map<String, String> settings;
  private EmbeddedPostgres postgres;

  /** Dropped by {@link #close()} before the cluster goes: a test need not drop them itself. */
  private final List<TestDatabase> databases = new ArrayList<>();

  /** The password of {@code postgres} once {@link #startWithPassword} set one, else null. */
  private String password;

  private OwnServer(Path dataDirectory, int port, Map<String, String> settings) {
    this.dataDirectory = dataDirectory;
    this.port = port;
    this.settings = settings;
  }

  /** {@link #startWithPassword(String)} with the server {@code settings} given. */
  public static OwnServer startWithPassword(Map<String, String> settings, String password)
      throws Exception {
    return startWithPassword(start(settings), password);
  }

  /** Initializes and starts a new cluster with the server {@code settings} given. */
  public static OwnServer start(Map<String, String> settings) throws IOException {
    int port;
    try (ServerSocket socket = new ServerSocket(0)) {
      port = socket.getLocalPort();
    }
    OwnServer server =
        new OwnServer(Files.createTempDirectory("pgperf-own-server"), port, Map.copyOf(settings));
    server.startPostgres();
    return server;
  }

  /**
   * Initializes and starts a new cluster where every connection, local or TCP, must log in with
   * SCRAM-SHA-256, and {@code postgres}'s password is {@code password}: a server where a client
   * that loses the password cannot connect. Zonky starts the cluster with trust; the password is
   * set through that trust, then pg_hba.conf is rewritten and reloaded. {@link #restart} does not
   * work on it (zonky's readiness check connects without a password).
   */
  public static OwnServer startWithPassword(String password) throws Exception {
    return startWithPassword(start(Map.of()), password);
  }

  private static OwnServer startWithPassword(OwnServer server, String password) throws Exception {
    try {
      try (Connection c = DriverManager.getConnection(server.adminUrl());
          Statement s = c.createStatement()) {
        // pgjdbc computes the SCRAM verifier here: the password itself never reaches the server.
        c.unwrap(PGConnection.class)
            .alterUserPassword("postgres", password.toCharArray(), "scram-sha-256");
        Files.writeString(
            server.dataDirectory.resolve("pg_hba.conf"),
            "# written by OwnServer.startWithPassword: SCRAM for every connection\n"
                + "local all all scram-sha-256\n"
                + "host all all 127.0.0.1/32 scram-sha-256\n"
                + "host all all ::1/128 scram-sha-256\n",
            StandardCharsets.UTF_8);
        s.execute("select pg_reload_conf()");
      }
      server.password = password;
      return server;
    } catch (Exception e) {
      server.close();
      throw e;
    }
  }

  private void startPostgres() throws IOException {
    EmbeddedPostgres.Builder builder =
        EmbeddedPostgres.builder()
            .setDataDirectory(dataDirectory)
            .setCleanDataDirectory(false)
            .setPort(port);
    settings.forEach(builder::setServerConfig);
    postgres = builder.start();
  }

  /** The server's port. */
  public int port() {
    return port;
  }

  /**
   * The JDBC URL of its {@code postgres} database, user postgres (with its password on a server of
   * {@link #startWithPassword}).
   */
  public String adminUrl() {
    return "jdbc:postgresql://localhost:"
        + port
        + "/postgres?user=postgres"
        + (password == null
            ? ""
            : "&password=" + URLEncoder.encode(password, StandardCharsets.UTF_8));
  }

  /**
   * The directory of the server's Unix-domain socket (its first {@code unix_socket_directories}),
   * or null when it listens on TCP only.
   */
  public String socketDirectory() throws SQLException {
    try (Connection c = DriverManager.getConnection(adminUrl());
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("show unix_socket_directories")) {
      rs.next();
      String first = rs.getString(1).split(",")[0].trim();
      return first.isEmpty() ? null : first;
    }
  }

  /** A new database of a test's own on this server. */
  public TestDatabase createDatabase() throws Exception {
    TestDatabase db = TestDatabase.createOn(adminUrl());
    databases.add(db);
    return db;
  }

  /** Stops the server as {@code pg_ctl stop -m fast} does and starts it again. */
  public void restart() throws IOException {
    if (password != null) {
      throw new IllegalStateException("a server with a password cannot be restarted");
    }
    postgres.close();
    startPostgres();
  }

  /**
   * Stops the server as {@code pg_ctl stop -m immediate} does (SIGQUIT to the postmaster: every
   * backend warns its client and exits at once), then starts it again.
   */
  public void crashAndRestart() throws IOException, InterruptedException {
    long pid = postmaster();
    signal("QUIT", List.of(pid));
    ProcessHandle.of(pid).ifPresent(p -> p.onExit().orTimeout(30, TimeUnit.SECONDS).join());
    try {
      // Releases zonky's lock on the data directory; its pg_ctl stop finds no server.
      postgres.close();
    } catch (IOException | RuntimeException e) {
      // expected: the server is gone already
    }
    startPostgres();
  }

  /** SIGSTOP to the postmaster and every process it started: the server answers nothing. */
  public void freeze() throws IOException, InterruptedException {
    signal("STOP", processes());
  }

  /** SIGCONT to the postmaster and every process it started. */
  public void thaw() throws IOException, InterruptedException {
    signal("CONT", processes());
  }

  /**
   * Sends {@code signal} (STOP, CONT, ...) to processes of this server. A process that exits
   * between listing and signalling (a backend or worker ending) is not an error: kill signals the
   * others and fails, so the signal is sent again to those still alive, and only their failure
   * counts.
   */
  public static void signal(String signal, List<Long> pids)
      throws IOException, InterruptedException {
    if (kill(signal, pids)) {
      return;
    }
    List<Long> alive =
        pids.stream()
            .filter(p -> ProcessHandle.of(p).map(ProcessHandle::isAlive).orElse(false))
            .toList();
    if (!alive.isEmpty() && !kill(signal, alive)) {
      throw new IllegalStateException("kill -" + signal + " " + alive + " failed");
    }
  }

  private static boolean kill(String signal, List<Long> pids)
      throws IOException, InterruptedException {
    List<String> command = new ArrayList<>(List.of("kill", "-" + signal));
    pids.forEach(p -> command.add(Long.toString(p)));
    return new ProcessBuilder(command)
            .redirectErrorStream(true)
            .redirectOutput(ProcessBuilder.Redirect.DISCARD)
            .start()
            .waitFor()
        == 0;
  }

  private List<Long> processes() throws IOException {
    long pid = postmaster();
    List<Long> all = new ArrayList<>();
    all.add(pid);
    ProcessHandle.of(pid).ifPresent(p -> p.descendants().forEach(d -> all.add(d.pid())));
    return all;
  }

  private long postmaster() throws IOException {
    return Long.parseLong(
        Files.readAllLines(dataDirectory.resolve("postmaster.pid")).get(0).trim());
  }

  @Override
  public void close() throws Exception {
    try {
      thaw();
    } catch (IOException | RuntimeException e) {
      // not frozen, or already gone
    }
    for (TestDatabase db : databases) {
      try {
        db.close(); // "if exists": a test may have dropped it already
      } catch (SQLException e) {
        // a server that does not answer any more: its whole data directory goes below
      }
    }
    postgres.close();
    try (Stream<Path> files = Files.walk(dataDirectory)) {
      for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    }
  }
}
