package io.github.pgperf.junit;

import io.github.pgperf.init.PartitionMethod;
import io.github.pgperf.internal.init.InitException;
import io.github.pgperf.internal.init.InitOptions;
import io.github.pgperf.internal.provision.ServerSettings;
import io.github.pgperf.provision.ProviderKind;
import io.github.pgperf.result.DurationText;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/** The options of {@link PgPerfTest} and the configuration keys that have no attribute. */
final class Options {

  static final Option<ProviderKind> PROVIDER = new Option<>("provider", Options::provider);
  static final Option<String> POSTGRES_VERSION = new Option<>("postgresVersion", Options::version);
  static final Option<String> IMAGE = new Option<>("image", Options::text);
  static final Option<ServerSettings> SETTINGS = new Option<>("settings", Options::settings);
  static final Option<Integer> SCALE = new Option<>("scale", t -> number(t, 1, Integer.MAX_VALUE));
  static final Option<Integer> FILLFACTOR = new Option<>("fillfactor", t -> number(t, 10, 100));
  static final Option<Integer> PARTITIONS =
      new Option<>("partitions", t -> number(t, 0, Integer.MAX_VALUE));
  static final Option<PartitionMethod> PARTITION_METHOD =
      new Option<>("partitionMethod", Options::partitionMethod);
  static final Option<Boolean> UNLOGGED_TABLES = new Option<>("unloggedTables", Options::bool);
  static final Option<Boolean> FOREIGN_KEYS = new Option<>("foreignKeys", Options::bool);
  static final Option<Boolean> SERVER_SIDE_GENERATE =
      new Option<>("serverSideGenerate", Options::bool);
  static final Option<String> SCHEMA = new Option<>("schema", Options::schema);
  static final Option<String> PGBENCH_SCHEMA = new Option<>("pgbenchSchema", Options::schema);

  static final Option<String> URL = new Option<>("url", Options::text);
  static final Option<String> USER = new Option<>("user", Options::text);
  static final Option<Path> PASSWORD_FILE = new Option<>("passwordFile", Options::path);

  /** Whole seconds, as libpq's {@code connect_timeout}, from 1s to 1h. */
  static final Option<Duration> CONNECT_TIMEOUT =
      new Option<>("connectTimeout", Options::connectTimeout);

  /**
   * Where {@link LoadRunner} writes results, relative to the working directory: the name of the
   * plugin's parameter for the same directory.
   */
  static final Option<Path> RESULTS = new Option<>("results", Options::path);

  /** {@link #RESULTS}' old name, read (with a warning) when {@code pgperf.results} is not set. */
  static final Option<Path> RESULTS_DIRECTORY = new Option<>("resultsDirectory", Options::path);

  /**
   * The build a run belongs to: {@code pgperf:test} gives every run of one invocation the same id;
   * without it, each test JVM is a build of its own.
   */
  static final Option<String> BUILD = new Option<>("build", Options::text);

  /**
   * The trial number within the build, given by {@code pgperf:test} for each launcher execution;
   * read from the test's own context, since {@link Overrides} are cached for the whole session.
   */
  static final Option<Integer> TRIAL = new Option<>("trial", t -> number(t, 1, Integer.MAX_VALUE));

  /**
   * pgperf:compare's slices: the measured length of every timed run of the launcher call ({@link
   * SliceBounds}), whole seconds from 1s.
   */
  static final Option<Duration> SLICE_DURATION =
      new Option<>(
          "slice.duration", t -> DurationText.wholeSeconds(t, 1, "a slice counts whole seconds"));

  /** pgperf:compare's slices: every run's warm-up in the launcher call, {@code 0s} for none. */
  static final Option<Duration> SLICE_WARMUP =
      new Option<>(
          "slice.warmup", t -> DurationText.wholeSeconds(t, 0, "the warm-up counts whole seconds"));

  /** Whether runs capture the server's own work (its counters, wait events and CPU); default on. */
  static final Option<Boolean> SERVER_COUNTERS = new Option<>("serverCounters", Options::bool);

  /** How often the run's backends' wait events are read, in whole ms up to 1min; 0s reads none. */
  static final Option<Integer> WAIT_SAMPLING = new Option<>("waitSampling", Options::waitSampling);

  /**
   * Whether pgperf may create pg_stat_statements (in its own schema) in an external server's
   * database; on a server pgperf started it always does.
   */
  static final Option<Boolean> INSTALL_EXTENSIONS =
      new Option<>("installExtensions", Options::bool);

  /**
   * pgperf:compare's shared server as the server JVM started it ({@link CompareServer}'s
   * hand-over): the test JVM connects to it as EXTERNAL, and its results record the provider that
   * started it, its settings and that it was shared, so both sides' results name the same server.
   */
  static final Option<String> SHARED_SERVER_PROVIDER =
      new Option<>("sharedServer.provider", Options::text);

  /** The shared server's provider settings, {@code name=value} separated by {@code ;}. */
  static final Option<ServerSettings> SHARED_SERVER_SETTINGS =
      new Option<>("sharedServer.settings", Options::sharedSettings);

  /** Why and where the shared server was started, one line, recorded as the provider's reason. */
  static final Option<String> SHARED_SERVER_REASON =
      new Option<>("sharedServer.reason", Options::text);

  /** The results directory without {@code pgperf.results}, as Maven lays out a module. */
  static final Path DEFAULT_RESULTS_DIRECTORY = Path.of("target", "pgperf", "results");

  /** A test class's options: {@code pgperf.<name>} and {@code pgperf.<TestClass>.<name>}. */
  static final List<Option<?>> CLASS =
      List.of(
          PROVIDER,
          POSTGRES_VERSION,
          IMAGE,
          SETTINGS,
          SCALE,
          FILLFACTOR,
          PARTITIONS,
          PARTITION_METHOD,
          UNLOGGED_TABLES,
          FOREIGN_KEYS,
          SERVER_SIDE_GENERATE,
          SCHEMA,
          PGBENCH_SCHEMA,
          URL,
          USER,
          PASSWORD_FILE,
          CONNECT_TIMEOUT);

  /** Options read once for the whole run, {@code pgperf.<name>} only. */
  static final List<Option<?>> RUN =
      List.of(RESULTS, SERVER_COUNTERS, WAIT_SAMPLING, INSTALL_EXTENSIONS);

  /** What the plugin hands over to the test JVM. */
  static final List<Option<?>> HAND_OVER =
      List.of(
          BUILD,
          TRIAL,
          SLICE_DURATION,
          SLICE_WARMUP,
          SHARED_SERVER_PROVIDER,
          SHARED_SERVER_SETTINGS,
          SHARED_SERVER_REASON);

  /** The options read once for the run, checked when the run starts. */
  static final List<Option<?>> ALL =
      java.util.stream.Stream.of(
              CLASS,
              RUN,
              List.of(SHARED_SERVER_PROVIDER, SHARED_SERVER_SETTINGS, SHARED_SERVER_REASON))
          .flatMap(List::stream)
          .toList();

  /** PostgreSQL's limit on identifier length, in bytes. */
  private static final int MAX_IDENTIFIER_BYTES = 63;

  private Options() {}

  private static ProviderKind provider(String text) {
    try {
      return ProviderKind.valueOf(text.toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "expected one of " + Arrays.toString(ProviderKind.values()));
    }
  }

  private static String version(String text) {
    if (!text.matches("[0-9]+(\\.[0-9]+)?")) {
      throw new IllegalArgumentException("expected a PostgreSQL version such as 15 or 15.4");
    }
    return text;
  }

  private static String text(String text) {
    if (text.isEmpty()) {
      throw new IllegalArgumentException("expected a value");
    }
    return text;
  }

  private static ServerSettings settings(String text) {
    if (text.isEmpty()) {
      return ServerSettings.NONE;
    }
    return ServerSettings.parse(Arrays.asList(text.split(",")));
  }

  /**
   * Settings separated by {@code ;}: a value such as {@code shared_preload_libraries} may hold
   * commas.
   */
  static ServerSettings sharedSettings(String text) {
    if (text.isEmpty()) {
      return ServerSettings.NONE;
    }
    return ServerSettings.parse(Arrays.asList(text.split(";")));
  }

  static int number(String text, int min, int max) {
    long value;
    try {
      value = Long.parseLong(text);
    } catch (NumberFormatException e) {
      value = Long.MIN_VALUE;
    }
    if (value < min || value > max) {
      throw new IllegalArgumentException("expected a whole number in " + min + ".." + max);
    }
    return (int) value;
  }

  private static Duration connectTimeout(String text) {
    Duration d = DurationText.wholeSeconds(text, 1, "libpq's connect_timeout counts seconds");
    if (d.compareTo(Duration.ofHours(1)) > 0) {
      throw new IllegalArgumentException("expected at most 1h");
    }
    return d;
  }

  private static int waitSampling(String text) {
    Duration d = DurationText.read(text);
    if (d.toNanos() % 1_000_000 != 0 || d.compareTo(Duration.ofMinutes(1)) > 0) {
      throw new IllegalArgumentException("expected whole milliseconds up to 1min, e.g. 10ms");
    }
    return (int) d.toMillis();
  }

  private static PartitionMethod partitionMethod(String text) {
    try {
      return InitOptions.partitionMethod(text);
    } catch (InitException e) {
      throw new IllegalArgumentException("expected range or hash");
    }
  }

  /** {@code true} or {@code false}, in any case; the one reading of a boolean setting. */
  static boolean bool(String text) {
    if (text.equalsIgnoreCase("true")) {
      return true;
    }
    if (text.equalsIgnoreCase("false")) {
      return false;
    }
    throw new IllegalArgumentException("expected true or false");
  }

  private static String schema(String text) {
    if (text.isEmpty()
        || text.getBytes(java.nio.charset.StandardCharsets.UTF_8).length > MAX_IDENTIFIER_BYTES) {
      throw new IllegalArgumentException("expected a schema name of 1 to 63 bytes");
    }
    return text;
  }

  private static Path path(String text) {
    try {
      return Path.of(text(text));
    } catch (InvalidPathException e) {
      throw new IllegalArgumentException("expected a file name");
    }
  }
}
