package io.github.pgperf.junit;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.discovery.ClassSelector;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.EngineTestKit;

/**
 * Runs fixture classes as one JUnit run (one root store: servers and initializations are shared
 * inside it and closed at its end), capturing what the run prints.
 */
final class Kit {

  /**
   * @param results the engine's events
   * @param out what the run printed on stdout
   * @param err what the run printed on stderr
   * @param startNanos {@link System#nanoTime()} just before the run started
   * @param millis how long the whole run took
   */
  record Run(EngineExecutionResults results, String out, String err, long startNanos, long millis) {

    /** The exceptions that failed classes, in order. */
    List<Throwable> classFailures() {
      return results.containerEvents().failed().stream()
          .map(e -> e.getPayload(TestExecutionResult.class).orElseThrow())
          .map(r -> r.getThrowable().orElseThrow())
          .collect(Collectors.toList());
    }
  }

  private Kit() {}

  static Run run(Map<String, String> parameters, Class<?>... fixtures) {
    return run(parameters, false, fixtures);
  }

  /**
   * @param implicit whether system properties count as configuration parameters, as in a build
   */
  static synchronized Run run(
      Map<String, String> parameters, boolean implicit, Class<?>... fixtures) {
    Map<String, String> all = new HashMap<>(parameters);
    all.put(Fixture.ENABLED, "true");
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    PrintStream oldOut = System.out;
    PrintStream oldErr = System.err;
    System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
    System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
    long start = System.nanoTime();
    EngineExecutionResults results;
    try {
      results =
          EngineTestKit.engine("junit-jupiter")
              .selectors(
                  Arrays.stream(fixtures).map(c -> selectClass(c)).toArray(ClassSelector[]::new))
              .configurationParameters(all)
              .enableImplicitConfigurationParameters(implicit)
              .execute();
    } finally {
      System.setOut(oldOut);
      System.setErr(oldErr);
    }
    long millis = (System.nanoTime() - start) / 1_000_000;
    String o = out.toString(StandardCharsets.UTF_8);
    String e = err.toString(StandardCharsets.UTF_8);
    // Shown in the test's own output, so a failing test explains itself.
    oldErr.print(e);
    return new Run(results, o, e, start, millis);
  }
}
