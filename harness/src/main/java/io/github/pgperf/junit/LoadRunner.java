package io.github.pgperf.junit;

import static org.apiguardian.api.API.Status.STABLE;

import io.github.pgperf.internal.capture.CaptureSettings;
import io.github.pgperf.internal.capture.SaidOnce;
import io.github.pgperf.internal.output.WorkSummary;
import io.github.pgperf.internal.provision.ProvisionException;
import io.github.pgperf.internal.run.RunException;
import io.github.pgperf.internal.run.RunOptions;
import io.github.pgperf.internal.run.RunOptionsException;
import io.github.pgperf.internal.run.Runner;
import io.github.pgperf.internal.run.VacuumMode;
import io.github.pgperf.internal.script.BuiltinScript;
import io.github.pgperf.internal.script.JavaTransaction;
import io.github.pgperf.internal.script.Script;
import io.github.pgperf.internal.script.ScriptException;
import io.github.pgperf.internal.script.VariableDefinitions;
import io.github.pgperf.internal.script.WorkloadBuilder;
import io.github.pgperf.internal.script.WorkloadItem;
import io.github.pgperf.provision.Initialization;
import io.github.pgperf.result.Abort;
import io.github.pgperf.result.QueryMode;
import io.github.pgperf.result.RunIdentity;
import io.github.pgperf.result.RunResult;
import io.github.pgperf.result.ServerInfo;
import io.github.pgperf.result.TestIdentity;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;
import org.apiguardian.api.API;

/**
 * Runs load against the test class's database, as pgbench would against the class's schema, and
 * returns the {@link RunResult}. Inject it as a parameter of a test method (or constructor) of a
 * {@link PgPerfTest} class:
 *
 * <pre>{@code
 * @Test
 * void selectsAreFast(LoadRunner load) {
 *   RunResult run = load.builtin("select-only").clients(4).duration(Duration.ofSeconds(10)).run();
 *   PgPerfAssertions.assertThat(run).hasNoFailures().hasTpsAtLeast(1000);
 * }
 * }</pre>
 *
 * <p>Options are pgbench's, with its defaults (1 client, 1 thread, 10 transactions per client,
 * simple query mode, the default vacuum, tpcb-like when no script is given). Setters change this
 * runner and return it; scripts and transactions accumulate, so one runner can run several times
 * (for example once per client count). Clients connect with the class's schema as search_path;
 * custom scripts and Java transactions see {@code :scale} as the scale the tables were initialized
 * with, built-in scripts read it from pgbench_branches as pgbench does.
 *
 * <p>Every {@link #run()} writes its result as JSON to the results directory ({@code
 * target/pgperf/results}, or the configuration parameter {@code pgperf.results}, relative to the
 * working directory). The result records the test that ran it (class, method, display name, sweep
 * point: {@link RunIdentity#test()}), the label, the build and the trial, which is what the gate
 * and the report group by; the file is named after the test key {@code
 * <TestClass>-<method>[-<label>].json} only for people to find it ({@link TestIdentity#key}), and a
 * name already used in this JVM gets {@code -trial2}, {@code -trial3}, .... A second run without a
 * label (or under a label already used) in one test execution is refused before it starts ({@link
 * RunLabels}): it would pass for another trial of the first. It prints a short pgbench-style
 * summary on stdout; the runner's progress and error lines go to stderr. The result records the
 * server's provider and why it was chosen, and never a password. Unless {@code
 * pgperf.serverCounters=false}, each run also captures what the database itself did in its measured
 * window ({@link RunResult#serverWork()}: its counters, the backends' wait events, the server's CPU
 * where visible), summed up in a few more lines of the summary.
 *
 * <p>Bad options or scripts throw {@link LoadRunException} with pgbench's message when they are
 * given (scripts) or at {@link #run()} (options). A client that aborts (an SQL error in a script, a
 * failing Java transaction body) makes {@link #run()} throw {@link LoadRunException} with the
 * runner's error lines (the result's {@link RunResult#aborts()}), after the result file of the
 * incomplete run has been written.
 *
 * <p>The extension keeps every run's result per test method; a method whose runs used more than one
 * client count (a parameterized test over clients) gets a {@link SweepTable} printed when its
 * class's tests have run. Label such runs by their clients ({@code label("clients-" + clients)}),
 * so that their result files are kept apart rather than read as trials of one test.
 *
 * <p>A runner is not thread-safe; use one per test.
 */
@API(status = STABLE, since = "0.1.0")
public final class LoadRunner {

  private final PgPerfDatabase database;
  private final Class<?> testClass;
  private final String method;
  private final Path resultsDirectory;
  private final RunIdentity identity;
  private final RunLabels labels;
  private final CaptureSettings capture;
  private final SaidOnce saidOnce;
  private final Consumer<RunResult> recorder;
  private final SliceBounds slice;

  /** What to run: this runner's setters build it up. */
  private LoadSpec spec = LoadSpec.PGBENCH;

  /** The spec's items as made when given (pgbench checks a script when the option is given). */
  private final List<WorkloadItem> made = new ArrayList<>();

  private boolean usesPgbenchTables;

  /**
   * @param method the test method's name, or {@code null} when injected where there is none (a
   *     constructor under the per-class lifecycle): then test keys have no method part
   * @param identity build, trial and test of every run (the test's method is {@code method})
   * @param labels the labels the runs of this test execution used
   * @param capture whether and how runs capture the server's work
   * @param said what this test session said already about the server's work
   * @param recorder told of every run's result once its file is written (the class's {@link
   *     SweepTable}s are made from them)
   * @param slice what a slice of pgperf:compare imposes on every run ({@link SliceBounds#NONE}
   *     outside one)
   */
  LoadRunner(
      PgPerfDatabase database,
      Class<?> testClass,
      String method,
      Path resultsDirectory,
      RunIdentity identity,
      RunLabels labels,
      CaptureSettings capture,
      SaidOnce said,
      Consumer<RunResult> recorder,
      SliceBounds slice) {
    this.identity = identity;
    this.slice = slice;
    this.labels = labels;
    this.capture = capture;
    this.saidOnce = said;
    this.database = database;
    this.testClass = testClass;
    this.method = method;
    this.resultsDirectory = resultsDirectory;
    this.recorder = recorder;
  }

  /** {@code -c}: number of clients, each with its own connection. */
  public LoadRunner clients(int clients) {
    spec = spec.withClients(clients);
    return this;
  }

  /** {@code -j}: number of threads (groups of clients), at most the number of clients. */
  public LoadRunner threads(int threads) {
    spec = spec.withThreads(threads);
    return this;
  }

  /** {@code -T}: run for this long, in whole seconds (at least 1). */
  public LoadRunner duration(Duration duration) {
    wholeSeconds(duration, "duration");
    spec = spec.withDuration(duration);
    return this;
  }

  /**
   * {@code -t}: run this many transactions per client instead of for a duration (not to be confused
   * with {@link #transaction(String, TransactionBody)}, which adds Java code as one).
   */
  public LoadRunner transactionsPerClient(int perClient) {
    spec = spec.withTransactionsPerClient(perClient);
    return this;
  }

  /** {@code -R}: throttle to this many transactions per second over all clients. */
  public LoadRunner rate(double tps) {
    spec = spec.withRate(tps);
    return this;
  }

  /** {@code -L}: count (and with a rate, skip) transactions later than this. */
  public LoadRunner latencyLimit(Duration limit) {
    spec = spec.withLatencyLimit(Objects.requireNonNull(limit, "limit"));
    return this;
  }

  /** {@code -M}: how SQL is sent (simple, extended or prepared). */
  public LoadRunner queryMode(QueryMode mode) {
    spec = spec.withQueryMode(mode);
    return this;
  }

  /** {@code --max-tries}: tries of a transaction that fails with a serialization or deadlock. */
  public LoadRunner maxTries(int tries) {
    spec = spec.withMaxTries(tries);
    return this;
  }

  /** Load for this long, in whole seconds, before the measured run; not in the result. */
  public LoadRunner warmup(Duration warmup) {
    if (!warmup.isZero()) {
      wholeSeconds(warmup, "warm-up");
    }
    spec = spec.withWarmup(warmup);
    return this;
  }

  /**
   * How long a timed run waits after its end for clients still inside a statement or a Java
   * transaction before cancelling them and reporting them aborted (default 10 s; zero waits as
   * pgbench does, without limit). Raise it for transactions that may legitimately run longer, or
   * for a server that may pause longer (a slow checkpoint, a VM pause). Unlike the command line,
   * which waits as pgbench does unless given {@code --end-timeout}, a test's run is bounded by
   * default: a hung build is worse than a late one. A run it cut short fails the test, its message
   * naming {@code LoadRunner.endTimeout}.
   */
  public LoadRunner endTimeout(Duration timeout) {
    if (!timeout.isZero()) {
      wholeSeconds(timeout, "end timeout");
    }
    spec = spec.withEndTimeout(timeout);
    return this;
  }

  /**
   * {@code -r}: record each script command's latency, failures and retries; they appear in the
   * result's per-script {@code statements} and in the report.
   */
  public LoadRunner perStatementLatencies() {
    spec = spec.withPerStatement(true);
    return this;
  }

  /**
   * {@code -P}: print pgbench's progress line to stderr every {@code interval} (whole seconds), to
   * watch a long run from the build log.
   */
  public LoadRunner progress(Duration interval) {
    wholeSeconds(interval, "progress interval");
    spec = spec.withProgress(interval);
    return this;
  }

  /**
   * Length of the result's timeline intervals (tps, failures, latency per interval; default 1 s),
   * from 1 ms; zero records no timeline.
   */
  public LoadRunner timelineInterval(Duration interval) {
    long millis = interval.toMillis();
    if (interval.isNegative()
        || millis > Integer.MAX_VALUE
        || !interval.equals(Duration.ofMillis(millis))) {
      throw new LoadRunException(
          "timeline interval must be whole milliseconds from 0 to "
              + Integer.MAX_VALUE
              + ", not "
              + interval);
    }
    spec = spec.withTimelineInterval(interval);
    return this;
  }

  /**
   * {@code -n}: no vacuum before the run. By default pgbench's tables are vacuumed as pgbench does,
   * when the class has them (a class that has not needed them has none to vacuum).
   */
  public LoadRunner noVacuum() {
    spec = spec.withVacuum(false);
    return this;
  }

  /** {@code -D name=value}: a variable for the scripts. */
  public LoadRunner define(String name, String value) {
    spec = spec.withDefine(name, value);
    return this;
  }

  /** A name for the run, recorded in the result and its file name. */
  public LoadRunner label(String value) {
    spec = spec.withLabel(value);
    return this;
  }

  /** {@code -b name}: a built-in script (a unique prefix of its name, as pgbench accepts). */
  public LoadRunner builtin(String name) {
    return builtin(name, 1);
  }

  /** {@code -b name@weight}. */
  public LoadRunner builtin(String name, int weight) {
    usesPgbenchTables = true;
    return add(new LoadSpec.Builtin(name, weight), () -> BuiltinScript.find(name).script());
  }

  /**
   * {@code -f}: a script from the classpath, found as {@link Class#getResource} finds it from the
   * test class: {@code "/queries/hot.sql"} from the root of the test resources, {@code "hot.sql"}
   * next to the test class. Reports name it as given.
   */
  public LoadRunner script(String resource) {
    return script(resource, 1);
  }

  /** {@code -f resource@weight}. */
  public LoadRunner script(String resource, int weight) {
    return add(
        new LoadSpec.Resource(resource, weight),
        () -> {
          byte[] bytes = resourceBytes(resource);
          usesPgbenchTables |= PgbenchTables.usedBy(new String(bytes, StandardCharsets.UTF_8));
          // Bytes, as pgbench reads a file: they reach the server in the database's encoding.
          return Script.parse(resource, bytes);
        });
  }

  /** {@code -f file}: a script file, relative to the working directory. */
  public LoadRunner scriptFile(Path file) {
    return scriptFile(file, 1);
  }

  /** {@code -f file@weight}. */
  public LoadRunner scriptFile(Path file, int weight) {
    return add(
        new LoadSpec.ScriptFile(file, weight),
        () -> {
          Script script = Script.load(file.toString());
          usesPgbenchTables |= PgbenchTables.usedBy(fileText(file));
          return script;
        });
  }

  /** Java code measured as one transaction; see {@link TransactionBody} for the contract. */
  public LoadRunner transaction(String name, TransactionBody body) {
    return transaction(name, 1, body);
  }

  /** A Java transaction chosen with this weight relative to the other items. */
  public LoadRunner transaction(String name, int weight, TransactionBody body) {
    Objects.requireNonNull(body, "body");
    // The runner's own form of the body: the internal packages do not depend on this one.
    return add(
        new LoadSpec.Java(name, weight, body), () -> new JavaTransaction(name, body::execute));
  }

  /**
   * Runs the load, writes the result file and prints the summary.
   *
   * @throws LoadRunException bad options, a run that could not start, or a client that aborted
   *     (then after writing the result)
   */
  public RunResult run() {
    RunOptions built;
    WorkloadBuilder workload = new WorkloadBuilder();
    // In a slice of pgperf:compare, its length and warm-up, whatever the test set.
    LoadSpec bounded = slice.bound(spec);
    try {
      for (int i = 0; i < made.size(); i++) {
        workload.add(made.get(i), bounded.items().get(i).weight());
      }
      VariableDefinitions definitions = bounded.definitions();
      built =
          bounded.runOptions(bounded.customOnly() ? database.scale() : 0, vacuum(), definitions);
    } catch (ScriptException | RunOptionsException e) {
      throw new LoadRunException(e.getMessage());
    }
    String label = spec.label();
    labels.claim(testName(), label);
    try {
      ResultFileWriter.checkDirectory(resultsDirectory);
    } catch (IOException e) {
      throw new LoadRunException(ResultFileWriter.unwritable(resultsDirectory, e));
    }
    PrintStream err = System.err;
    RunResult result;
    try {
      result =
          new Runner(database.connectionSource(), err, capture, saidOnce)
              .run(workload.build(spec.queryMode()), built);
    } catch (RunException e) {
      throw new LoadRunException(
          e.hint() == null ? e.getMessage() : e.getMessage() + " (" + e.hint() + ")");
    } catch (ScriptException e) {
      throw new LoadRunException(e.getMessage());
    }
    result = recorded(result);
    Path file = ResultFileWriter.next(resultsDirectory, identity.test().key(label));
    String written;
    try {
      ResultFileWriter.write(result, file);
      written = file.toString();
    } catch (IOException e) {
      written = "not written: " + e.getMessage();
      err.println("pgperf: error: could not write result file " + file + ": " + e.getMessage());
    }
    PrintStream out = System.out;
    for (String line : CompactSummary.lines(title() + " (" + written + ")", result)) {
      out.println(line);
    }
    WorkSummary.lines(result).forEach(out::println);
    recorder.accept(result);
    if (result.aborted()) {
      throw new LoadRunException("the run was aborted: " + reasons(result.aborts()));
    }
    return result;
  }

  /**
   * pgbench's vacuum unless {@link #noVacuum()}, when pgbench's tables are there: made first if
   * this load uses them, else only if the class made or found them earlier.
   */
  private VacuumMode vacuum() {
    PgbenchTables tables = database.pgbenchTables();
    if (usesPgbenchTables) {
      try {
        tables.ensure();
      } catch (ProvisionException e) {
        throw new LoadRunException(e.getMessage());
      }
    }
    return !spec.vacuum() || tables.state() == Initialization.NOT_NEEDED
        ? VacuumMode.NONE
        : VacuumMode.DEFAULT;
  }

  /** The result with what only the extension knows: label, target, provider, build and trial. */
  private RunResult recorded(RunResult r) {
    ServerInfo provided = database.serverInfo();
    ServerInfo server =
        r.server() == null
            ? provided
            : r.server()
                .withProviderSettings(provided.providerSettings())
                .withProvider(provided.provider(), provided.providerReason());
    return r.withSettings(r.settings().withLabel(spec.label()))
        .withTarget(database.target())
        .withServer(server)
        .withIdentity(identity);
  }

  private String title() {
    return testName() + (spec.label() == null ? "" : " \"" + spec.label() + "\"");
  }

  /** The test as messages name it: {@code OrdersTest.insert}. */
  private String testName() {
    return testClass.getSimpleName() + (method == null ? "" : "." + method);
  }

  /** Why the run aborted, as the runner said it: each abort's messages, in client order. */
  private static String reasons(List<Abort> aborts) {
    List<String> messages = aborts.stream().flatMap(a -> a.messages().stream()).toList();
    return messages.isEmpty() ? "a client aborted" : String.join("; ", messages);
  }

  private byte[] resourceBytes(String resource) throws ScriptException {
    try (InputStream in = testClass.getResourceAsStream(resource)) {
      if (in == null) {
        throw new LoadRunException(
            "could not find script \""
                + resource
                + "\" on the classpath of "
                + testClass.getName());
      }
      return in.readAllBytes();
    } catch (IOException e) {
      throw new LoadRunException("could not read script \"" + resource + "\": " + e.getMessage());
    }
  }

  /** A script file's text, read again after {@link Script#load} read and accepted it. */
  private static String fileText(Path file) {
    try {
      return Files.readString(file);
    } catch (IOException e) {
      throw new LoadRunException("could not read script \"" + file + "\": " + e.getMessage());
    }
  }

  private static int wholeSeconds(Duration duration, String what) {
    if (duration.isNegative()
        || duration.isZero()
        || duration.getNano() != 0
        || duration.getSeconds() > Integer.MAX_VALUE) {
      throw new LoadRunException(
          what
              + " must be a whole number of seconds from 1 to "
              + Integer.MAX_VALUE
              + ", not "
              + duration);
    }
    return (int) duration.getSeconds();
  }

  /** An item made from a script or name that pgbench checks when the option is given. */
  @FunctionalInterface
  private interface ItemSource {
    WorkloadItem make() throws ScriptException;
  }

  private LoadRunner add(LoadSpec.Item item, ItemSource source) {
    if (item.weight() < 0) {
      throw new LoadRunException("weight must not be negative: " + item.weight());
    }
    try {
      made.add(source.make());
    } catch (ScriptException e) {
      throw new LoadRunException(e.getMessage());
    }
    spec = spec.withItem(item);
    return this;
  }

  /**
   * Sets a declared workload on this fresh runner: its items made as if given one by one (so a bad
   * one fails as it would), then its options.
   */
  LoadRunner load(LoadSpec declared) {
    for (LoadSpec.Item item : declared.items()) {
      if (item instanceof LoadSpec.Builtin b) {
        builtin(b.name(), b.weight());
      } else if (item instanceof LoadSpec.Resource r) {
        script(r.name(), r.weight());
      } else if (item instanceof LoadSpec.ScriptFile f) {
        scriptFile(f.file(), f.weight());
      } else if (item instanceof LoadSpec.Java j) {
        transaction(j.name(), j.weight(), j.body());
      }
    }
    spec = declared.withItems(spec.items());
    return this;
  }
}
