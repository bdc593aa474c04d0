package io.github.pgperf.report;

import io.github.pgperf.result.Latencies;
import io.github.pgperf.result.RunResult;
import io.github.pgperf.result.TestIdentity;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Runs of one test at several client counts: tps and latency by clients, as pgbench write-ups
 * tabulate them. The points of a {@code @ClientSweep} belong together by what they record: the same
 * test and a sweep point ({@code identity.test.sweep}; {@link TestIdentity#sweepKey}). Other tests
 * belong together when their keys differ only in a {@code clients-N} label ({@code
 * Orders.select-clients-8}: a parameterized test that labels its runs so, and results before schema
 * 5). Within a sweep each run counts at its own number of clients (its {@code RunSettings}), so one
 * test key run at several client counts is a sweep too.
 *
 * @param name the test key without its clients label
 * @param points one per client count, fewest clients first
 */
record Sweep(String name, List<Point> points) {

  private static final Pattern CLIENTS =
      Pattern.compile("^(.*?)[-_.]?clients[-_=]?\\d+$", Pattern.CASE_INSENSITIVE);

  /**
   * The runs at one client count.
   *
   * @param clients the number of clients
   * @param trials how many runs
   * @param tps the median of their tps
   * @param latency their latencies in one distribution
   * @param failed failed transactions in all
   */
  record Point(int clients, int trials, double tps, Latencies latency, long failed) {}

  /** The sweeps among {@code tests}: groups with at least two client counts. */
  static List<Sweep> find(List<TestRuns> tests) {
    Map<String, List<TestRuns.Trial>> groups = new LinkedHashMap<>();
    for (TestRuns t : tests) {
      groups.computeIfAbsent(group(t), k -> new ArrayList<>()).addAll(t.trials());
    }
    List<Sweep> out = new ArrayList<>();
    for (Map.Entry<String, List<TestRuns.Trial>> g : groups.entrySet()) {
      Map<Integer, List<TestRuns.Trial>> byClients = new TreeMap<>();
      for (TestRuns.Trial trial : g.getValue()) {
        byClients
            .computeIfAbsent(trial.result().settings().clients(), k -> new ArrayList<>())
            .add(trial);
      }
      if (byClients.size() < 2) {
        continue;
      }
      List<Point> points = new ArrayList<>();
      byClients.forEach(
          (clients, trials) -> {
            Latencies latency = Latencies.empty();
            long failed = 0;
            for (TestRuns.Trial t : trials) {
              latency = latency.plus(t.result().total().latency());
              failed += t.result().totalCounts().failed();
            }
            points.add(
                new Point(
                    clients,
                    trials.size(),
                    TestRuns.median(trials.stream().mapToDouble(t -> t.result().tps()).toArray()),
                    latency,
                    failed));
          });
      out.add(new Sweep(g.getKey(), points));
    }
    return out;
  }

  /** The sweep {@code test} is a point of: the recorded one, else by its key. */
  static String group(TestRuns test) {
    RunResult run = test.trials().get(0).result();
    if (run.identity() != null && run.identity().test() != null) {
      String sweep = run.identity().test().sweepKey(run.settings().label());
      if (sweep != null) {
        return sweep;
      }
    }
    return group(test.key());
  }

  /** The key without a trailing {@code clients-N} label; the key itself when it has none. */
  static String group(String key) {
    Matcher m = CLIENTS.matcher(key);
    if (!m.matches()) {
      return key;
    }
    String rest = m.group(1);
    return rest.isEmpty() ? key.replaceAll("\\d+$", "N").toLowerCase(Locale.ROOT) : rest;
  }
}
