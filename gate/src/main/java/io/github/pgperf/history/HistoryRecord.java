package io.github.pgperf.history;

import io.github.pgperf.gate.Fingerprint;
import io.github.pgperf.gate.Metric;
import io.github.pgperf.gate.Sample;
import io.github.pgperf.gate.WorkFingerprint;
import io.github.pgperf.gate.WorkMetric;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * One point of the history: one test in one build, each metric the median of the build's trials.
 *
 * @param build which build, commit and branch, and when
 * @param test the test key (docs/gate.md)
 * @param fingerprint the timing fingerprint's hash ({@link #hash(Fingerprint)}): the server, its
 *     settings, the runner (load machines) and the workload
 * @param workFingerprint the work fingerprint's hash, or {@code null} when the runs recorded no
 *     work
 * @param runner the load machines as the fingerprint names them, for people
 * @param trials how many trials the medians are of
 * @param metrics each {@link HistoryMetric}'s value by label; work metrics only when recorded
 * @param othersShare the median share of the machine's CPU other processes took in the trials
 *     (neither pgperf nor the server: {@link Sample#othersShare}), NaN when not measured
 */
public record HistoryRecord(
    BuildInfo build,
    String test,
    String fingerprint,
    String workFingerprint,
    String runner,
    int trials,
    Map<String, Double> metrics,
    double othersShare) {

  public HistoryRecord {
    Objects.requireNonNull(build, "build");
    Objects.requireNonNull(test, "test");
    Objects.requireNonNull(fingerprint, "fingerprint");
    Objects.requireNonNull(runner, "runner");
    if (trials < 1) {
      throw new IllegalArgumentException("a history point needs a trial, not " + trials);
    }
    metrics.forEach(
        (label, value) -> {
          if (value == null || !Double.isFinite(value) || value < 0) {
            throw new IllegalArgumentException(
                label + " is " + value + ", not a number of 0 or more");
          }
        });
    metrics = Collections.unmodifiableMap(new TreeMap<>(metrics));
    if (!Double.isNaN(othersShare) && !(othersShare >= 0 && othersShare <= 1)) {
      throw new IllegalArgumentException(
          "othersShare is " + othersShare + ", not a share from 0 to 1");
    }
  }

  /** A point without the machine's load. */
  public HistoryRecord(
      BuildInfo build,
      String test,
      String fingerprint,
      String workFingerprint,
      String runner,
      int trials,
      Map<String, Double> metrics) {
    this(build, test, fingerprint, workFingerprint, runner, trials, metrics, Double.NaN);
  }

  /**
   * The point of one test's trials in one build: each metric's median over the trials (one slow
   * trial moves it less than a mean), the fingerprints of the first trial in run order.
   */
  public static HistoryRecord of(BuildInfo build, String test, List<Sample> trials) {
    if (trials.isEmpty()) {
      throw new IllegalArgumentException(test + ": no trials to record");
    }
    List<Sample> inOrder =
        trials.stream()
            .sorted(Comparator.comparing(Sample::startedAt).thenComparing(Sample::source))
            .toList();
    Sample first = inOrder.get(0);
    Map<String, Double> metrics = new TreeMap<>();
    for (Metric m : Metric.values()) {
      metrics.put(m.label(), median(inOrder.stream().mapToDouble(s -> s.value(m)).toArray()));
    }
    String workFingerprint = null;
    if (inOrder.stream().allMatch(s -> s.work() != null && s.work().perTransaction() != null)) {
      workFingerprint = hash(first.work().fingerprint());
      for (WorkMetric m : WorkMetric.PER_TRANSACTION) {
        metrics.put(
            m.label(), median(inOrder.stream().mapToDouble(s -> s.work().value(m)).toArray()));
      }
    }
    metrics.values().removeIf(v -> !Double.isFinite(v));
    double[] others = inOrder.stream().mapToDouble(Sample::othersShare).toArray();
    double othersShare =
        java.util.Arrays.stream(others).anyMatch(Double::isNaN) ? Double.NaN : median(others);
    return new HistoryRecord(
        build,
        test,
        hash(first.fingerprint()),
        workFingerprint,
        String.join("; ", first.fingerprint().machines()),
        inOrder.size(),
        metrics,
        othersShare);
  }

  /** The value of {@code metric}, if recorded. */
  public Double value(HistoryMetric metric) {
    return metrics.get(metric.label());
  }

  /** The fingerprint a metric's series is kept on: the work's for work, else the timing's. */
  public String fingerprint(HistoryMetric metric) {
    return metric.work() ? workFingerprint : fingerprint;
  }

  /**
   * A timing fingerprint's hash: 16 hex digits of SHA-256 over its parts in a fixed order (settings
   * sorted by name), equal on every machine for equal fingerprints.
   */
  public static String hash(Fingerprint f) {
    return hash(
        List.of(
            f.serverVersion(),
            new TreeMap<>(f.serverSettings()).toString(),
            f.provider(),
            new TreeMap<>(f.providerSettings()).toString(),
            f.machines().toString(),
            f.workload()));
  }

  /** A work fingerprint's hash, likewise. */
  public static String hash(WorkFingerprint f) {
    return hash(List.of(f.postgres(), new TreeMap<>(f.settings()).toString(), f.workload()));
  }

  private static String hash(List<String> parts) {
    try {
      MessageDigest sha = MessageDigest.getInstance("SHA-256");
      for (String part : parts) {
        sha.update(part.getBytes(StandardCharsets.UTF_8));
        sha.update((byte) 0);
      }
      return HexFormat.of().formatHex(sha.digest(), 0, 8);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java runtime has SHA-256", e);
    }
  }

  private static double median(double[] values) {
    double[] sorted = Arrays.stream(values).filter(Double::isFinite).sorted().toArray();
    if (sorted.length == 0) {
      return Double.NaN;
    }
    int half = sorted.length / 2;
    return sorted.length % 2 == 1 ? sorted[half] : (sorted[half - 1] + sorted[half]) / 2;
  }

  /** The records of one build's results: one per test. */
  public static List<HistoryRecord> of(BuildInfo build, Map<String, List<Sample>> samples) {
    List<HistoryRecord> out = new ArrayList<>();
    samples.forEach((test, trials) -> out.add(of(build, test, trials)));
    return out;
  }
}
