package io.github.pgperf.gate;

import io.github.pgperf.result.Latencies;
import io.github.pgperf.result.RunResult;
import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * A figure of a run the gate compares, with its better direction: tps is better higher, latencies
 * (of all processed transactions, in µs) are better lower.
 */
public enum Metric {
  TPS("tps", true),
  MEAN("mean", false),
  P50("p50", false),
  P90("p90", false),
  P95("p95", false),
  P99("p99", false),
  P99_9("p99.9", false),
  /**
   * The run's server backends' on-CPU time per transaction, µs ({@code /proc/<pid>/schedstat}):
   * machine-dependent like timing, but without the time spent waiting for a core.
   */
  CPU("cpu", false),
  /** The client threads' CPU time per transaction, µs ({@code ThreadMXBean}). */
  CLIENT_CPU("clientCpu", false),
  /** The bytes the client threads allocated per transaction. */
  ALLOC("alloc", false);

  private final String label;
  private final boolean higherIsBetter;

  Metric(String label, boolean higherIsBetter) {
    this.label = label;
    this.higherIsBetter = higherIsBetter;
  }

  /** The name users write and read: {@code tps}, {@code mean}, {@code p50} ... {@code p99.9}. */
  public String label() {
    return label;
  }

  /** Whether a larger value is an improvement (tps) rather than a regression (latency). */
  public boolean higherIsBetter() {
    return higherIsBetter;
  }

  /** The unit of {@link #of}: {@code tps}, {@code µs} or {@code bytes}. */
  public String unit() {
    return this == TPS ? "tps" : this == ALLOC ? "bytes" : "µs";
  }

  /**
   * Whether a run may lack this figure (on-CPU time is not measured where the server's
   * processes are not visible, nor in results and baselines from before it was); such a value is
   * NaN and left out of the comparison.
   */
  public boolean optional() {
    return this == CPU || this == CLIENT_CPU || this == ALLOC;
  }

  /** This figure of a run; latencies from the run's total distribution. */
  public double of(RunResult result) {
    if (this == TPS) {
      return result.tps();
    }
    if (this == CPU) {
      return result.serverCpuPerTransactionMicros();
    }
    if (this == CLIENT_CPU) {
      return result.clientCpuPerTransactionMicros();
    }
    if (this == ALLOC) {
      return result.allocatedBytesPerTransaction();
    }
    Latencies latency = result.total().latency();
    if (this == MEAN) {
      return latency.meanMicros();
    }
    return latency.percentileMicros(Double.parseDouble(label.substring(1)));
  }

  /**
   * The metric named {@code text} ({@code tps}, {@code mean}, {@code p50}, {@code p90}, {@code p95},
   * {@code p99}, {@code p99.9}, {@code cpu}, {@code clientCpu}, {@code alloc}; case ignored).
   *
   * @throws IllegalArgumentException naming the known metrics otherwise
   */
  public static Metric parse(String text) {
    String wanted = text.trim().toLowerCase(Locale.ROOT);
    for (Metric m : values()) {
      if (m.label.toLowerCase(Locale.ROOT).equals(wanted)) {
        return m;
      }
    }
    throw new IllegalArgumentException("unknown metric \"" + text.trim() + "\" (known: "
        + Arrays.stream(values()).map(Metric::label).collect(Collectors.joining(", ")) + ")");
  }
}
