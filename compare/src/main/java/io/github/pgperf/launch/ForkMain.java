package io.github.pgperf.launch;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClasspathRoots;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectUniqueId;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.regex.Pattern;
import org.junit.platform.engine.DiscoverySelector;
import org.junit.platform.engine.Filter;
import org.junit.platform.engine.TestSource;
import org.junit.platform.engine.discovery.ClassNameFilter;
import org.junit.platform.engine.support.descriptor.ClassSource;
import org.junit.platform.engine.support.descriptor.MethodSource;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.TagFilter;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.TestPlan;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;

/**
 * The main class of the test JVM that {@code pgperf:test} forks on the project's test classpath:
 * discovers the tagged tests once, then runs every trial in turn (trial 1 of every test, then trial
 * 2, ...) through the JUnit Platform Launcher with parallel execution off, writing {@link Events}
 * as it goes (the tests found with their top-level classes first; with 0 trials that is all it
 * does) and failures' stack traces to a file of their own. With {@code --serve} it runs no trials
 * but slices as its standard input commands them ({@link SliceCommand}), until told to end: the
 * warm test JVM of {@code pgperf.alternate=slice}. Uses only the JDK and the Launcher API, which
 * the project's own JUnit supplies.
 *
 * <p>Exit status 0 when every trial ran (test failures are in the events), 2 for bad arguments, 3
 * when the launcher itself failed (its message on standard error, the trace in the traces file).
 */
public final class ForkMain {

  /**
   * Keeps a project's {@code junit-platform.properties} from running performance tests side by
   * side.
   */
  static final String PARALLEL = "junit.jupiter.execution.parallel.enabled";

  /** The harness's key for the trial a run belongs to (the build's is a system property). */
  static final String TRIAL = "pgperf.trial";

  /**
   * The harness's key for the results directory: a slice's own, given per launcher call, since the
   * harness numbers a key's files per directory and JVM ({@code -trial2} ...).
   */
  static final String RESULTS = "pgperf.results";

  /**
   * The harness's key for every run's warm-up in a slice ({@link SliceCommand.Run#warmup}), given
   * per launcher call: the comparison's warm-up slice runs each test's own, its measured slices
   * none.
   */
  static final String SLICE_WARMUP = "pgperf.slice.warmup";

  private ForkMain() {}

  public static void main(String[] args) {
    long uptime = ManagementFactory.getRuntimeMXBean().getUptime();
    ForkArguments arguments;
    try {
      arguments = ForkArguments.parse(args);
    } catch (IllegalArgumentException e) {
      System.err.println("pgperf:test: " + e.getMessage());
      System.exit(2);
      return;
    }
    setUnwrittenProperties(System.getenv(ForkSettings.UNWRITTEN_PROPERTIES_VARIABLE));
    int status;
    try (Events events = Events.create(arguments.events());
        PrintWriter traces =
            new PrintWriter(Files.newBufferedWriter(arguments.traces(), StandardCharsets.UTF_8))) {
      events.write(Events.JVM, uptime);
      try {
        status = run(arguments, events, traces);
      } catch (Exception | Error e) {
        // One line for the build's message; the trace where the tests' traces go.
        System.err.println("pgperf:test: the test launcher failed: " + e);
        traces.println("== the test launcher ==");
        e.printStackTrace(traces);
        status = 3;
      }
    } catch (IOException e) {
      System.err.println("pgperf:test: " + e);
      status = 3;
    }
    System.out.flush();
    // Tests may leave non-daemon threads behind; the run is over.
    System.exit(status);
  }

  /** Sets the system properties {@code TestFork} kept out of the argument file. */
  static void setUnwrittenProperties(String text) {
    if (text == null || text.isEmpty()) {
      return;
    }
    Properties properties = new Properties();
    try {
      properties.load(new StringReader(text));
    } catch (IOException e) {
      throw new UncheckedIOException(e); // a StringReader does not fail
    }
    properties.stringPropertyNames().forEach(k -> System.setProperty(k, properties.getProperty(k)));
  }

  private static int run(ForkArguments arguments, Events events, PrintWriter traces)
      throws Exception {
    try (LauncherOpener opener = LauncherOpener.open()) {
      return run(opener.launcher(), arguments, events, traces);
    }
  }

  private static int run(
      Launcher launcher, ForkArguments arguments, Events events, PrintWriter traces)
      throws IOException {
    long start = System.nanoTime();
    TestPlan plan =
        launcher.discover(
            request(arguments, selectClasspathRoots(Set.of(arguments.testClasses())), 0, Map.of()));
    Map<String, String> tests = tests(plan);
    events.write(Events.DISCOVERED, tests.size(), millisSince(start));
    for (String id : tests.keySet()) {
      events.write(Events.TEST, tests.get(id), topLevelClass(plan.getTestIdentifier(id)));
    }
    if (arguments.serve()) {
      return serve(launcher, arguments, events, traces, plan, tests, start);
    }
    if (tests.isEmpty()) {
      events.write(Events.DONE, millisSince(start));
      return 0;
    }
    List<DiscoverySelector> selectors = new ArrayList<>();
    tests.keySet().forEach(id -> selectors.add(selectUniqueId(id)));
    int last = arguments.firstTrial() + arguments.trials() - 1;
    for (int trial = arguments.firstTrial(); trial <= last; trial++) {
      long trialStart = System.nanoTime();
      TrialListener listener = new TrialListener(trial, tests, events, traces);
      launcher.execute(request(arguments, selectors, trial, Map.of()), listener);
      traces.flush();
      events.write(Events.TRIAL, trial, millisSince(trialStart));
    }
    events.write(Events.DONE, millisSince(start));
    return 0;
  }

  /**
   * Serve mode ({@code pgperf.alternate=slice}): after discovery, says {@link SliceCommand#READY}
   * and runs a slice for each {@code run} line on standard input, in this launcher session (so a
   * server the tests started, and what they keep for the session, stay warm), each acknowledged on
   * standard output once its events are written; {@code end} or the input closing (the build died)
   * ends it. The acknowledgements go to the standard output this JVM started with, whatever a test
   * did to {@code System.out}.
   */
  private static int serve(
      Launcher launcher,
      ForkArguments arguments,
      Events events,
      PrintWriter traces,
      TestPlan plan,
      Map<String, String> tests,
      long start)
      throws IOException {
    PrintStream acknowledgements = System.out;
    acknowledgements.println(SliceCommand.READY);
    acknowledgements.flush();
    BufferedReader commands =
        new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    int slices = 0;
    for (String line = commands.readLine(); line != null; line = commands.readLine()) {
      if (line.isBlank()) {
        continue;
      }
      SliceCommand command;
      try {
        command = SliceCommand.parse(line);
      } catch (IllegalArgumentException e) {
        System.err.println("pgperf:test: " + e.getMessage());
        return 2;
      }
      if (command instanceof SliceCommand.End) {
        break;
      }
      SliceCommand.Run run = (SliceCommand.Run) command;
      long sliceStart = System.nanoTime();
      List<DiscoverySelector> selectors = new ArrayList<>();
      tests.keySet().stream()
          .filter(
              id ->
                  run.testClass().isEmpty()
                      || run.testClass().equals(topLevelClass(plan.getTestIdentifier(id))))
          .filter(id -> run.methods().isEmpty() || run.methods().contains(method(plan, id)))
          .forEach(id -> selectors.add(selectUniqueId(id)));
      if (!selectors.isEmpty()) {
        Map<String, String> more = new LinkedHashMap<>();
        more.put(RESULTS, run.results().toAbsolutePath().toString());
        if (run.warmup() != null) {
          more.put(SLICE_WARMUP, run.warmupText());
        }
        launcher.execute(
            request(arguments, selectors, run.trial(), more),
            new TrialListener(run.trial(), tests, events, traces));
        traces.flush();
      }
      events.write(Events.TRIAL, run.trial(), millisSince(sliceStart));
      acknowledgements.println(SliceCommand.DONE + ++slices);
      acknowledgements.flush();
    }
    events.write(Events.DONE, millisSince(start));
    return 0;
  }

  /**
   * The request for {@code selectors}; a trial's request tells the tests which trial it is ({@code
   * pgperf.trial}, recorded in every result), discovery's ({@code trial} 0) does not. {@code more}
   * configuration parameters win over system properties and {@code junit-platform.properties}.
   */
  private static LauncherDiscoveryRequest request(
      ForkArguments a,
      List<? extends DiscoverySelector> selectors,
      int trial,
      Map<String, String> more) {
    List<Filter<?>> filters = new ArrayList<>();
    if (!a.includeTags().isEmpty()) {
      filters.add(TagFilter.includeTags(a.includeTags()));
    }
    if (!a.excludeTags().isEmpty()) {
      filters.add(TagFilter.excludeTags(a.excludeTags()));
    }
    if (!a.classPatterns().isEmpty()) {
      filters.add(
          ClassNameFilter.includeClassNamePatterns(a.classPatterns().toArray(new String[0])));
    }
    if (!a.testClass().isEmpty()) {
      // A filter of its own: the launcher needs a class to pass every filter, so this narrows the
      // user's patterns rather than adding to them. Nested classes are named for theirs too.
      filters.add(
          ClassNameFilter.includeClassNamePatterns(Pattern.quote(a.testClass()) + "(?:\\$.*)?"));
    }
    LauncherDiscoveryRequestBuilder request =
        LauncherDiscoveryRequestBuilder.request()
            .selectors(selectors)
            .filters(filters.toArray(new Filter<?>[0]))
            .configurationParameter(PARALLEL, "false");
    if (trial > 0) {
      request.configurationParameter(TRIAL, Integer.toString(trial));
    }
    request.configurationParameters(more);
    return request.build();
  }

  /**
   * The tests to run, by unique id, in discovery order, with their names: each test method, and
   * each parameterized test or test factory as one test (its invocations are only known when run).
   */
  static Map<String, String> tests(TestPlan plan) {
    Map<String, String> tests = new LinkedHashMap<>();
    for (TestIdentifier root : plan.getRoots()) {
      for (TestIdentifier id : plan.getDescendants(root)) {
        boolean method = TestNames.isMethod(id);
        boolean underMethod = plan.getParent(id).map(TestNames::isMethod).orElse(false);
        if ((method && !underMethod) || (id.isTest() && !method && !underMethod)) {
          tests.put(id.getUniqueId(), TestNames.name(plan, id));
        }
      }
    }
    return tests;
  }

  /**
   * The outermost class of a test's source, fully qualified ({@code com.x.Outer} for a method of
   * {@code com.x.Outer$Inner}): the unit pgperf:compare runs in a test JVM of its own, selected by
   * that name whether or not the engine filters nested classes by their own; empty when the test
   * has no class.
   */
  static String topLevelClass(TestIdentifier id) {
    TestSource source = id.getSource().orElse(null);
    String name =
        source instanceof MethodSource m
            ? m.getClassName()
            : source instanceof ClassSource c ? c.getClassName() : "";
    int nested = name.indexOf('$', name.lastIndexOf('.') + 1);
    return nested < 0 ? name : name.substring(0, nested);
  }

  /**
   * A test's {@code <class>#<method>}, the class by its canonical name ({@code shop.Orders.Cold}
   * for the nested {@code shop.Orders$Cold}), as a slice's command names the tests it runs; empty
   * for a test that is not a method.
   */
  static String method(TestPlan plan, String uniqueId) {
    TestSource source = plan.getTestIdentifier(uniqueId).getSource().orElse(null);
    return source instanceof MethodSource m
        ? m.getClassName().replace('$', '.') + "#" + m.getMethodName()
        : "";
  }

  private static long millisSince(long nanoStart) {
    return (System.nanoTime() - nanoStart) / 1_000_000;
  }
}
