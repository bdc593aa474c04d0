package io.github.pgperf.junit;

import io.github.pgperf.result.RunResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The load runs of one test class, by test method, in the order they ended: what the class's {@link
 * SweepTable}s are made of when its tests have run. Runs may end on several threads (JUnit's
 * parallel mode), hence the lock; it is taken once per run, never inside one.
 */
final class ClassRuns {

  private final String testClass;
  private final Map<String, List<RunResult>> byMethod = new LinkedHashMap<>();

  ClassRuns(String testClass) {
    this.testClass = testClass;
  }

  synchronized void add(String method, RunResult run) {
    byMethod.computeIfAbsent(method, m -> new ArrayList<>()).add(run);
  }

  /**
   * One table per method whose runs used more than one client count (a sweep), in the order the
   * methods first ran.
   */
  synchronized List<SweepTable> sweeps() {
    List<SweepTable> tables = new ArrayList<>();
    byMethod.forEach(
        (method, runs) -> {
          if (runs.stream().map(r -> r.settings().clients()).distinct().count() > 1) {
            tables.add(SweepTable.of(testClass + "." + method, runs));
          }
        });
    return tables;
  }

  /**
   * Warnings for sweeps whose points share a label: their result files are then numbered as trials
   * of one test, and the gate would compare different client counts as one.
   */
  synchronized List<String> warnings() {
    List<String> warnings = new ArrayList<>();
    byMethod.forEach(
        (method, runs) -> {
          Map<String, Integer> clientsByLabel = new LinkedHashMap<>();
          for (RunResult r : runs) {
            Integer earlier =
                clientsByLabel.putIfAbsent(
                    String.valueOf(r.settings().label()), r.settings().clients());
            if (earlier != null && !Objects.equals(earlier, r.settings().clients())) {
              String label = r.settings().label();
              warnings.add(
                  "pgperf: warning: runs of "
                      + testClass
                      + "."
                      + method
                      + " with "
                      + earlier
                      + " and "
                      + r.settings().clients()
                      + " clients "
                      + (label == null ? "have no label" : "share the label \"" + label + "\"")
                      + ", so their result files are read as trials of one test; label each client"
                      + " count, e.g. load.label(\"clients-\" + clients)");
              break;
            }
          }
        });
    return warnings;
  }
}
