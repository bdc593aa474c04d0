package io.github.pgperf.junit;

import io.github.pgperf.internal.connect.ConnectionSource;
import io.github.pgperf.internal.provision.ProviderChoice;
import io.github.pgperf.internal.provision.ProvisionException;
import io.github.pgperf.internal.provision.ProvisionedServer;
import io.github.pgperf.internal.provision.ServerRequest;
import io.github.pgperf.provision.ProviderKind;
import io.github.pgperf.result.ForkProtocol;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.io.StringReader;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;

/**
 * {@code pgperf:compare}'s shared server: a JVM on the candidate's test class path that resolves
 * the provider as the tests would (the {@code pgperf.*} configuration parameters from system
 * properties and {@code junit-platform.properties}, over the {@link PgPerfTest} annotations of the
 * selected test classes), starts the server once, makes one database per side ({@code
 * pgperf_compare_<comparison id>_base} and {@code ..._candidate}: the id keeps two comparisons on
 * one external server apart) so that each side's own migrations never meet the other's, writes a
 * hand-over file and stays up until its standard input closes or says {@code stop}. Then it stops
 * the server it started, or, on an external server, drops the two databases it made there (and
 * nothing else).
 *
 * <p>Command line: {@code <hand-over file> <comparison id> <test classes directory> [class name
 * regex ...]}. Exit status 0 after a stop; 2 when no server could be had, with one line on standard
 * error naming the thing and the cause.
 *
 * <p>It lives in {@code junit} because it resolves the configuration with the extension's own
 * classes ({@link Overrides}, {@link ClassConfiguration}), so the two cannot differ.
 */
final class CompareServer {

  /** The sides, each with a database of its own; the plugin names them the same way. */
  public static final List<String> SIDES = ForkProtocol.SIDES;

  /** The prefix of the databases this makes. */
  static final String DATABASE_PREFIX = "pgperf_compare_";

  /** The comment on each database this makes: one left by a build killed outright says whose. */
  static final String MARK = "made by pgperf:compare for one comparison; dropped when it ends";

  /**
   * The environment variable carrying properties kept out of argument files (a URL a user wrote may
   * hold a password): the plugin's {@code launch.ForkSettings} sets it, as for test JVMs.
   */
  static final String UNWRITTEN_PROPERTIES_VARIABLE = ForkProtocol.UNWRITTEN_PROPERTIES_VARIABLE;

  private static final int BAD = 2;

  /** PostgreSQL's limit on identifier length, in bytes, less the longest side's suffix. */
  private static final int MAX_ID =
      63 - DATABASE_PREFIX.length() - ("_" + ForkProtocol.CANDIDATE).length();

  private CompareServer() {}

  public static void main(String[] args) {
    PrintStream err = System.err;
    int status;
    try {
      setUnwrittenProperties(System.getenv(UNWRITTEN_PROPERTIES_VARIABLE));
      Properties file = junitPlatformProperties(Thread.currentThread().getContextClassLoader());
      Function<String, Optional<String>> parameters =
          key ->
              Optional.ofNullable(System.getProperty(key))
                  .or(() -> Optional.ofNullable(file.getProperty(key)));
      status = run(List.of(args), parameters, System.getenv(), System.in, err);
    } catch (ProvisionException e) {
      err.println("pgperf compare server: " + e.getMessage());
      status = BAD;
    }
    System.exit(status);
  }

  /**
   * Starts the server, hands it over and serves until {@code stdin} closes or says stop.
   *
   * @param parameters the configuration parameters by key, as JUnit would read them
   * @param env the environment ({@code PGPERF_URL}, {@code PGPERF_PASSWORD_FILE})
   * @return the exit status
   */
  static int run(
      List<String> args,
      Function<String, Optional<String>> parameters,
      Map<String, String> env,
      InputStream stdin,
      PrintStream err) {
    if (args.size() < 3) {
      err.println(
          "pgperf compare server: usage: CompareServer <hand-over file> <comparison id>"
              + " <test classes directory> [class name regex ...]");
      return BAD;
    }
    Path handOver = Path.of(args.get(0));
    String comparison = args.get(1);
    Path testClasses = Path.of(args.get(2));
    List<Pattern> patterns = args.subList(3, args.size()).stream().map(Pattern::compile).toList();
    Shared shared;
    try {
      ServerRequest request = request(testClasses, patterns, parameters, env);
      ProviderChoice choice = ProviderChoice.choose(request);
      ProvisionedServer server = choice.start();
      shared = new Shared(server);
      try {
        shared.makeDatabases(comparison);
        writeHandOver(handOver, server, shared);
      } catch (ProvisionException | RuntimeException e) {
        shared.stop(err);
        throw e;
      }
    } catch (ProvisionException | ExtensionConfigurationException e) {
      err.println("pgperf compare server: " + e.getMessage());
      return BAD;
    }
    // A build killed by a signal destroys this JVM: the hook still drops and stops (zonky's own
    // hook stops an embedded server too).
    Thread hook = new Thread(() -> shared.stop(err), "pgperf-compare-server-stop");
    Runtime.getRuntime().addShutdownHook(hook);
    err.println(
        "pgperf: shared server for pgperf:compare: "
            + shared.server.describe()
            + " ("
            + shared.server.choice().reason()
            + "); databases "
            + String.join(", ", shared.databases.values()));
    awaitStop(stdin);
    shared.stop(err);
    try {
      Runtime.getRuntime().removeShutdownHook(hook);
    } catch (IllegalStateException shuttingDown) {
      // the hook has run or runs anyway
    }
    return 0;
  }

  /**
   * The one server the selected test classes ask for, resolved as {@link PgPerfExtension} does; the
   * annotation's defaults when no class carries one.
   *
   * @throws ProvisionException when classes ask for different servers, which one cannot be
   */
  static ServerRequest request(
      Path testClasses,
      List<Pattern> patterns,
      Function<String, Optional<String>> parameters,
      Map<String, String> env)
      throws ProvisionException {
    Overrides.read(parameters); // a bad value of any run-wide key fails first, as in a test JVM
    Map<ServerRequest, List<String>> requests = new LinkedHashMap<>();
    for (Class<?> c : annotatedClasses(testClasses, patterns)) {
      ServerRequest request =
          ClassConfiguration.resolve(
                  PgPerfExtension.annotationOf(c), Levels.ofClass(parameters, c), env)
              .server();
      requests.computeIfAbsent(request, k -> new ArrayList<>()).add(c.getSimpleName());
    }
    if (requests.isEmpty()) {
      return ClassConfiguration.resolve(null, Levels.global(parameters), env).server();
    }
    if (requests.size() > 1) {
      throw new ProvisionException(
          "the test classes ask for "
              + requests.size()
              + " different servers ("
              + requests.entrySet().stream()
                  .map(
                      e ->
                          String.join(", ", e.getValue())
                              + ": "
                              + e.getKey().kind()
                              + (e.getKey().settings().isEmpty()
                                  ? ""
                                  : " with " + new TreeMap<>(e.getKey().settings().values())))
                  .collect(Collectors.joining("; "))
              + "); one shared server cannot be all of them: set pgperf.compareServer=own");
    }
    return requests.keySet().iterator().next();
  }

  /**
   * {@code pgperf_compare_<id>_<side>}: the comparison's id in lower case, other characters than
   * letters, digits and {@code _} as {@code _}, cut to fit PostgreSQL's 63 bytes.
   */
  static String databaseName(String comparison, String side) {
    String id = comparison.toLowerCase(java.util.Locale.ROOT).replaceAll("[^a-z0-9_]", "_");
    return DATABASE_PREFIX + id.substring(0, Math.min(id.length(), MAX_ID)) + "_" + side;
  }

  /** The classes under {@code testClasses} matching the patterns and carrying the annotation. */
  private static List<Class<?>> annotatedClasses(Path testClasses, List<Pattern> patterns)
      throws ProvisionException {
    if (!Files.isDirectory(testClasses)) {
      throw new ProvisionException("test classes directory " + testClasses + " does not exist");
    }
    String separator = testClasses.getFileSystem().getSeparator();
    List<String> names;
    try (Stream<Path> files = Files.walk(testClasses)) {
      names =
          files
              .filter(f -> f.toString().endsWith(".class"))
              .map(f -> testClasses.relativize(f).toString())
              .map(n -> n.substring(0, n.length() - ".class".length()).replace(separator, "."))
              .filter(n -> !n.endsWith("module-info") && !n.endsWith("package-info"))
              .sorted()
              .toList();
    } catch (IOException | UncheckedIOException e) {
      throw new ProvisionException(
          "cannot read test classes directory " + testClasses + ": " + e.getMessage(), e);
    }
    ClassLoader loader = Thread.currentThread().getContextClassLoader();
    List<Class<?>> classes = new ArrayList<>();
    for (String name : names) {
      // JUnit's class name patterns match the whole name, nested classes with their '$'.
      if (!patterns.isEmpty() && patterns.stream().noneMatch(p -> p.matcher(name).matches())) {
        continue;
      }
      try {
        Class<?> c = Class.forName(name, false, loader);
        if (PgPerfExtension.annotationOf(c) != null) {
          classes.add(c);
        }
      } catch (ClassNotFoundException | LinkageError e) {
        // A class that cannot be loaded is no test JUnit would run either.
      }
    }
    return classes;
  }

  /** The first {@code junit-platform.properties} on the class path, as JUnit reads it. */
  static Properties junitPlatformProperties(ClassLoader loader) throws ProvisionException {
    Properties properties = new Properties();
    URL url = null;
    try {
      Enumeration<URL> found = loader.getResources("junit-platform.properties");
      if (!found.hasMoreElements()) {
        return properties;
      }
      url = found.nextElement();
      try (InputStream in = url.openStream()) {
        properties.load(in);
      }
      return properties;
    } catch (IOException | IllegalArgumentException e) {
      throw new ProvisionException(
          "cannot read "
              + (url == null ? "junit-platform.properties" : url)
              + ": "
              + e.getMessage(),
          e);
    }
  }

  /** As the test JVM does: properties kept out of argument files become system properties. */
  private static void setUnwrittenProperties(String text) throws ProvisionException {
    if (text == null || text.isEmpty()) {
      return;
    }
    Properties p = new Properties();
    try {
      p.load(new StringReader(text));
    } catch (IOException | IllegalArgumentException e) {
      throw new ProvisionException(
          "environment variable "
              + UNWRITTEN_PROPERTIES_VARIABLE
              + " cannot be read: "
              + e.getMessage(),
          e);
    }
    p.forEach((k, v) -> System.setProperty((String) k, (String) v));
  }

  /**
   * The hand-over, as properties: each side's URL (no user or password: the plugin passes the user
   * apart), the server's version and provider settings as results record them. Written to a
   * temporary file and moved, so a reader never sees half of it.
   */
  static void writeHandOver(Path file, ProvisionedServer server, Shared shared)
      throws ProvisionException {
    Properties p = new Properties();
    p.setProperty("provider", server.choice().provider().kind().name());
    p.setProperty("reason", server.choice().reason());
    p.setProperty("version", server.version());
    p.setProperty("server", server.target().host() + ":" + server.target().port());
    p.setProperty("user", server.user());
    p.setProperty(
        "settings",
        new TreeMap<>(server.serverInfo().providerSettings())
            .entrySet().stream()
                .map(e -> e.getKey() + "=" + e.getValue())
                .collect(Collectors.joining(";")));
    p.setProperty("describe", server.describe());
    shared.databases.forEach(
        (side, database) -> {
          p.setProperty("database." + side, database);
          p.setProperty("url." + side, server.jdbcUrl(database));
        });
    try {
      Files.createDirectories(file.toAbsolutePath().getParent());
      Path temporary = file.resolveSibling(file.getFileName() + ".tmp");
      StringWriter text = new StringWriter();
      p.store(text, "pgperf:compare's shared server");
      Files.writeString(temporary, text.toString(), StandardCharsets.UTF_8);
      Files.move(
          temporary, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    } catch (IOException e) {
      throw new ProvisionException(
          "cannot write the hand-over file " + file + ": " + e.getMessage(), e);
    }
  }

  private static void awaitStop(InputStream stdin) {
    try (BufferedReader in =
        new BufferedReader(new InputStreamReader(stdin, StandardCharsets.UTF_8))) {
      for (String line = in.readLine(); line != null; line = in.readLine()) {
        if (line.trim().equals("stop")) {
          return;
        }
      }
    } catch (IOException e) {
      // A broken pipe means the build is gone: stop as on a closed input.
    }
  }

  /** The started (or connected) server and the databases made on it, stopped once. */
  static final class Shared {
    final ProvisionedServer server;
    final Map<String, String> databases = new LinkedHashMap<>();
    private final AtomicBoolean stopped = new AtomicBoolean();

    Shared(ProvisionedServer server) {
      this.server = server;
    }

    private boolean external() {
      return server.choice().provider().kind() == ProviderKind.EXTERNAL;
    }

    /**
     * One database per side, named after the comparison. On an external server the role needs the
     * right to create databases; a database of the same name is not this comparison's: it is left
     * alone and refused.
     */
    void makeDatabases(String comparison) throws ProvisionException {
      ConnectionSource source = server.connectionSource();
      try (Connection c = source.open();
          Statement s = c.createStatement()) {
        if (external() && !canCreateDatabases(c)) {
          throw new ProvisionException(
              "role \""
                  + server.user()
                  + "\" cannot create databases on "
                  + server.jdbcUrl()
                  + ": pgperf:compare's shared server gives each side a database"
                  + " of its own ("
                  + String.join(
                      ", ", SIDES.stream().map(side -> databaseName(comparison, side)).toList())
                  + ");"
                  + " grant it CREATEDB, or set pgperf.compareServer=own (each side then uses the"
                  + " server it configures, this one with its database)");
        }
        for (String side : SIDES) {
          String database = databaseName(comparison, side);
          if (exists(c, database)) {
            throw new ProvisionException(
                "database \""
                    + database
                    + "\" already exists on "
                    + server.jdbcUrl()
                    + " and this comparison did not make it: pgperf drops only"
                    + " what it made; rename or drop it, or set pgperf.compareServer=own");
          }
          s.execute("create database " + quote(database));
          databases.put(side, database);
          s.execute("comment on database " + quote(database) + " is '" + MARK + "'");
        }
      } catch (SQLException e) {
        throw new ProvisionException(
            "cannot make the comparison's databases on " + server.jdbcUrl() + ": " + e.getMessage(),
            e);
      }
    }

    /** Drops the databases made on an external server, then stops a server pgperf started. */
    void stop(PrintStream err) {
      if (!stopped.compareAndSet(false, true)) {
        return;
      }
      if (external() && !databases.isEmpty()) {
        try (Connection c = server.connectionSource().open();
            Statement s = c.createStatement()) {
          for (String database : databases.values()) {
            s.execute("drop database if exists " + quote(database));
          }
        } catch (SQLException e) {
          err.println(
              "pgperf compare server: could not drop "
                  + databases.values()
                  + " on "
                  + server.jdbcUrl()
                  + ": "
                  + e.getMessage());
        }
      }
      try {
        server.close();
      } catch (Exception e) {
        err.println(
            "pgperf compare server: could not stop " + server.jdbcUrl() + ": " + e.getMessage());
      }
    }

    private static boolean canCreateDatabases(Connection c) throws SQLException {
      try (Statement s = c.createStatement();
          ResultSet r =
              s.executeQuery(
                  "select rolcreatedb or rolsuper from pg_roles where rolname = current_user")) {
        return r.next() && r.getBoolean(1);
      }
    }

    private static boolean exists(Connection c, String database) throws SQLException {
      try (PreparedStatement p =
          c.prepareStatement("select 1 from pg_database where datname = ?")) {
        p.setString(1, database);
        try (ResultSet r = p.executeQuery()) {
          return r.next();
        }
      }
    }

    private static String quote(String identifier) {
      return "\"" + identifier.replace("\"", "\"\"") + "\"";
    }
  }
}
