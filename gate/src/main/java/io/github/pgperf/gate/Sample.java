package io.github.pgperf.gate;

import io.github.pgperf.result.RunResult;
import java.nio.file.Path;
import java.time.Instant;
import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;

/**
 * One trial of one test, reduced to what the gate compares: every {@link Metric}'s value and the
 * run's {@link Fingerprint}.
 *
 * @param key the test key
 * @param build the build the run belongs to (its trials share that build's machine conditions),
 *     {@link #UNKNOWN_BUILD} for results that do not record it
 * @param source where the sample came from (a result file's name)
 * @param startedAt when the run started
 * @param values each metric's value
 * @param fingerprint what must match for timing to be compared
 * @param work what the database did, compared on its own {@link WorkFingerprint}; {@code null} for
 *     results without {@code serverWork} and baseline samples recorded before work was kept
 * @param othersShare the share of the machine's CPU that other processes took during the run
 *     (neither pgperf nor the server's measured processes), 0 to 1; {@code NaN} when not known (the
 *     server's processes not visible, results and baselines from before it was recorded)
 * @param transactions the transactions the run processed; 0 when not known (baselines from before
 *     it was recorded)
 */
public record Sample(
    String key,
    String build,
    String source,
    Instant startedAt,
    Map<Metric, Double> values,
    Fingerprint fingerprint,
    Work work,
    double othersShare,
    long transactions) {

  /** The build of results written before pgperf recorded builds: all of them count as one. */
  public static final String UNKNOWN_BUILD = "unknown";

  public Sample {
    Objects.requireNonNull(key, "key");
    Objects.requireNonNull(build, "build");
    Objects.requireNonNull(source, "source");
    Objects.requireNonNull(startedAt, "startedAt");
    Objects.requireNonNull(fingerprint, "fingerprint");
    values = Map.copyOf(values);
  }

  /** A sample without work or the machine's load. */
  public Sample(
      String key,
      String build,
      String source,
      Instant startedAt,
      Map<Metric, Double> values,
      Fingerprint fingerprint) {
    this(key, build, source, startedAt, values, fingerprint, null, Double.NaN, 0);
  }

  /** A sample without the machine's load. */
  public Sample(
      String key,
      String build,
      String source,
      Instant startedAt,
      Map<Metric, Double> values,
      Fingerprint fingerprint,
      Work work) {
    this(key, build, source, startedAt, values, fingerprint, work, Double.NaN, 0);
  }

  /** The sample of a run read from {@code file}. */
  public static Sample of(Path file, RunResult result) {
    Map<Metric, Double> values = new EnumMap<>(Metric.class);
    for (Metric m : Metric.values()) {
      double v = m.of(result);
      // An optional figure that was not measured is absent, as the baseline store keeps it.
      if (!m.optional() || m.measured(v)) {
        values.put(m, v);
      }
    }
    String build = result.identity() == null ? UNKNOWN_BUILD : result.identity().build();
    return new Sample(
        TestKey.of(file, result),
        build,
        file.getFileName().toString(),
        result.startedAt(),
        values,
        Fingerprint.of(result),
        Work.of(result),
        othersShare(result),
        result.totalCounts().processed());
  }

  private static double othersShare(RunResult result) {
    return result.serverWork() == null || result.serverWork().cpu() == null
        ? Double.NaN
        : result.serverWork().cpu().othersShare();
  }

  /** The value of {@code metric}; NaN when the sample does not hold it. */
  public double value(Metric metric) {
    return values.getOrDefault(metric, Double.NaN);
  }
}
