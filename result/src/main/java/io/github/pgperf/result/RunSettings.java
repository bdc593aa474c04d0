package io.github.pgperf.result;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * What was run and with which options: everything a result needs to be read, compared and printed
 * the way pgbench prints it. Holds no connection details (see {@link Target}) and no password.
 *
 * @param scripts the scripts with their weights, in {@code -b}/{@code -f} order
 * @param clients number of clients ({@code -c})
 * @param threads number of threads ({@code -j})
 * @param length {@code -t} transactions per client or {@code -T} duration
 * @param queryMode {@code -M}
 * @param rate target rate in transactions per second ({@code -R}), 0 when not throttled
 * @param latencyLimitMicros {@code -L} in microseconds, 0 when there is no limit
 * @param maxTries {@code --max-tries}, 0 meaning unlimited
 * @param scale the scaling factor ({@code -s}, or the one found in pgbench_branches)
 * @param partitioning how pgbench_accounts is partitioned, or {@code null} when it is not (or the
 *     scripts are all custom, as pgbench only looks for built-in scripts)
 * @param connectPerTransaction {@code -C}: a new connection for every transaction
 * @param progressSeconds {@code -P} interval, 0 without progress reports
 * @param failuresDetailed {@code --failures-detailed}
 * @param perStatement {@code -r}: per-statement latencies, failures and retries
 * @param label a free name the user gave the run, or {@code null}
 */
@API(status = EXPERIMENTAL, since = "0.1.0")
public record RunSettings(
    List<Script> scripts,
    int clients,
    int threads,
    RunLength length,
    QueryMode queryMode,
    double rate,
    long latencyLimitMicros,
    int maxTries,
    int scale,
    Partitioning partitioning,
    boolean connectPerTransaction,
    int progressSeconds,
    boolean failuresDetailed,
    boolean perStatement,
    String label) {

  /**
   * A script of the workload.
   *
   * @param name as pgbench prints it: {@code <builtin: select only>} or the file name
   * @param weight the relative weight ({@code @W}), 0 or more
   */
  public record Script(String name, int weight) {
    public Script {
      Objects.requireNonNull(name, "script name");
      if (weight < 0) {
        throw new IllegalArgumentException("weight of script " + name + " is negative: " + weight);
      }
    }
  }

  /**
   * How pgbench_accounts is partitioned.
   *
   * @param method {@code range} or {@code hash}
   * @param count number of partitions
   */
  public record Partitioning(String method, int count) {
    public Partitioning {
      Objects.requireNonNull(method, "partition method");
    }
  }

  public RunSettings {
    scripts = List.copyOf(Objects.requireNonNull(scripts, "scripts"));
    if (scripts.isEmpty()) {
      throw new IllegalArgumentException("a workload needs at least one script");
    }
    Objects.requireNonNull(length, "length");
    Objects.requireNonNull(queryMode, "queryMode");
    if (clients < 1 || threads < 1) {
      throw new IllegalArgumentException(
          "clients and threads must be at least 1: " + clients + ", " + threads);
    }
    if (rate < 0 || latencyLimitMicros < 0 || maxTries < 0 || progressSeconds < 0) {
      throw new IllegalArgumentException(
          "rate, latency limit, tries and progress must not be negative");
    }
  }

  /**
   * The {@code transaction type} pgbench prints: the script's name, or {@code multiple scripts}.
   */
  public String transactionType() {
    return scripts.size() == 1 ? scripts.get(0).name() : "multiple scripts";
  }

  /**
   * Whether pgbench would report the measured latency average and stddev (with {@code -R}, {@code
   * -P} or {@code -L}) rather than the average derived from the run's duration.
   */
  public boolean reportsMeasuredLatency() {
    return rate > 0 || progressSeconds > 0 || latencyLimitMicros > 0;
  }

  /** Whether transactions can be skipped: only under {@code -R} together with {@code -L}. */
  public boolean skipsLateTransactions() {
    return rate > 0 && latencyLimitMicros > 0;
  }

  /** Sum of the scripts' weights. */
  public int totalWeight() {
    return scripts.stream().mapToInt(Script::weight).sum();
  }

  /**
   * Why results of this workload and {@code other} cannot be merged, or empty when they can: every
   * option but the number of clients and threads must be the same.
   */
  public Optional<String> mismatch(RunSettings other) {
    if (!scripts.equals(other.scripts)) {
      return Optional.of("scripts differ: " + scripts + " vs " + other.scripts);
    }
    if (!length.equals(other.length)) {
      return Optional.of("run length differs: " + length + " vs " + other.length);
    }
    if (queryMode != other.queryMode) {
      return Optional.of("query mode differs: " + queryMode + " vs " + other.queryMode);
    }
    if (Double.compare(rate, other.rate) != 0 || latencyLimitMicros != other.latencyLimitMicros) {
      return Optional.of("rate or latency limit differ");
    }
    if (maxTries != other.maxTries) {
      return Optional.of("maximum number of tries differs: " + maxTries + " vs " + other.maxTries);
    }
    if (scale != other.scale || !Objects.equals(partitioning, other.partitioning)) {
      return Optional.of("scale or partitioning differ");
    }
    if (connectPerTransaction != other.connectPerTransaction
        || progressSeconds != other.progressSeconds
        || failuresDetailed != other.failuresDetailed
        || perStatement != other.perStatement) {
      return Optional.of("reporting options (-C, -P, --failures-detailed, -r) differ");
    }
    if (!Objects.equals(label, other.label)) {
      return Optional.of("labels differ: " + label + " vs " + other.label);
    }
    return Optional.empty();
  }

  /** These settings with other numbers of clients and threads. */
  public RunSettings withClients(int newClients, int newThreads) {
    return new RunSettings(
        scripts,
        newClients,
        newThreads,
        length,
        queryMode,
        rate,
        latencyLimitMicros,
        maxTries,
        scale,
        partitioning,
        connectPerTransaction,
        progressSeconds,
        failuresDetailed,
        perStatement,
        label);
  }

  /** These settings with {@code newLabel} as the run's label ({@code null}: none). */
  public RunSettings withLabel(String newLabel) {
    return new RunSettings(
        scripts,
        clients,
        threads,
        length,
        queryMode,
        rate,
        latencyLimitMicros,
        maxTries,
        scale,
        partitioning,
        connectPerTransaction,
        progressSeconds,
        failuresDetailed,
        perStatement,
        newLabel);
  }

  /** These settings with other scripts. */
  public RunSettings withScripts(List<Script> newScripts) {
    return new RunSettings(
        newScripts,
        clients,
        threads,
        length,
        queryMode,
        rate,
        latencyLimitMicros,
        maxTries,
        scale,
        partitioning,
        connectPerTransaction,
        progressSeconds,
        failuresDetailed,
        perStatement,
        label);
  }
}
