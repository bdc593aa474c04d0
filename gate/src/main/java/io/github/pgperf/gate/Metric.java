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
  ALLOC("alloc", false),
  /**
   * The time the run's backends waited on heavyweight locks ({@code Lock:*} wait samples) per
   * transaction, µs; 0 is a value (sampled, no lock wait seen).
   */
  LOCK_WAIT("lockWait", false);

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

  /**
   * Whether this is a resource a transaction uses ({@code cpu}, {@code clientCpu}, {@code alloc},
   * {@code lockWait}) rather than timing: the gate judges these by a tolerance the A/A spread
   * justifies ({@link ResourceGate}), on by default, never in the timing statistics' family.
   */
  public boolean resource() {
    return this == CPU || this == CLIENT_CPU || this == ALLOC || this == LOCK_WAIT;
  }

  /** {@code server CPU per transaction} ...: what a sentence calls this figure. */
  public String words() {
    return switch (this) {
      case CPU -> "server CPU per transaction";
      case CLIENT_CPU -> "client CPU per transaction";
      case ALLOC -> "client allocation per transaction";
      case LOCK_WAIT -> "lock wait per transaction";
      default -> label;
    };
  }

  /**
   * Whether {@code value} is a measurement of this metric: positive and finite, or for {@link
   * #LOCK_WAIT} at least 0 (no lock wait seen is a figure, not a missing one).
   */
  public boolean measured(double value) {
    return this == LOCK_WAIT
        ? value >= 0 && !Double.isInfinite(value)
        : value > 0 && !Double.isInfinite(value);
  }

  /** The unit of {@link #of}: {@code tps}, {@code µs} or {@code bytes}. */
  public String unit() {
    return this == TPS ? "tps" : this == ALLOC ? "bytes" : "µs";
  }

  /**
   * Whether a run may lack this figure (on-CPU time is not measured where the server's processes
   * are not visible, nor in results and baselines from before it was); such a value is NaN and left
   * out of the comparison.
   */
  public boolean optional() {
    return resource();
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
    if (this == LOCK_WAIT) {
      return result.lockWaitPerTransactionMicros();
    }
    Latencies latency = result.total().latency();
    if (this == MEAN) {
      return latency.meanMicros();
    }
    return latency.percentileMicros(Double.parseDouble(label.substring(1)));
  }

  /**
   * The metric named {@code text} ({@code tps}, {@code mean}, {@code p50}, {@code p90}, {@code
   * p95}, {@code p99}, {@code p99.9}, {@code cpu}, {@code clientCpu}, {@code alloc}, {@code
   * lockWait}; case ignored).
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
    throw new IllegalArgumentException(
        "unknown metric \""
            + text.trim()
            + "\" (known: "
            + Arrays.stream(values()).map(Metric::label).collect(Collectors.joining(", "))
            + ")");
  }
}
