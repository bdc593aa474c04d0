package io.github.pgperf.internal.run;

import io.github.pgperf.internal.output.TransactionLog;
import io.github.pgperf.internal.script.Prng;
import io.github.pgperf.internal.script.Workload;
import io.github.pgperf.result.Counts;
import io.github.pgperf.result.Moments;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.Writer;

/**
 * What pgbench's thread {@code -j} owns and its clients share: the script-choice generator, the
 * Poisson schedule under {@code -R}, the log sampling generator and the log file.
 *
 * <p>pgbench runs a thread's clients on one OS thread; pgperf runs each client on its own, so the
 * shared parts take the group's monitor. It is taken only when it matters: script choice with
 * several scripts, every transaction under {@code -R} (where the client waits for its slot anyway),
 * and log writes ({@code -l}, buffered per client). A run of one script without {@code -R} or
 * {@code -l} takes no shared lock.
 */
final class ClientGroup {

  final int index;
  private final Workload workload;
  private final Prng choice;
  private final Prng throttle;
  private final Prng sampling;
  private final double throttleDelayMicros;
  private long trigger;
  private final Writer log;
  private final StatsAccumulator aggregate;
  private final long aggregateMicros;
  private long aggregateStartEpochMicros;

  ClientGroup(
      int index,
      Workload workload,
      Prng choice,
      Prng throttle,
      Prng sampling,
      double throttleDelayMicros,
      Writer log,
      long latencyLimitMicros,
      int aggregateSeconds) {
    this.index = index;
    this.workload = workload;
    this.choice = choice;
    this.throttle = throttle;
    this.sampling = sampling;
    this.throttleDelayMicros = throttleDelayMicros;
    this.log = log == null ? null : new BufferedWriter(log, 1 << 16);
    this.aggregateMicros = aggregateSeconds * 1_000_000L;
    this.aggregate = aggregateSeconds > 0 ? new StatsAccumulator(latencyLimitMicros) : null;
  }

  /**
   * The schedule starts where the benchmark starts; aggregation intervals where the measured run
   * starts, not at whole seconds (pgbench 15 prints each interval's start rounded down).
   */
  void start(long benchStartMicros, long measuredStartEpochMicros) {
    trigger = benchStartMicros;
    aggregateStartEpochMicros = measuredStartEpochMicros;
  }

  /** The item of the next transaction, drawn as pgbench's chooseScript. */
  int chooseItem() {
    if (!workload.needsDraw()) {
      return 0;
    }
    synchronized (this) {
      return workload.choose(choice.nextLong(0, workload.totalWeight() - 1));
    }
  }

  /** The next slot of the group's Poisson schedule under {@code -R}, µs. */
  synchronized long nextSlot() {
    trigger += throttle.nextPoisson(throttleDelayMicros);
    return trigger;
  }

  /** Whether this transaction's line is logged under {@code --sampling-rate}. */
  synchronized boolean sampled(double rate) {
    return sampling.nextDouble() <= rate;
  }

  /** Appends per-transaction lines a client buffered. */
  synchronized void write(CharSequence lines) throws IOException {
    log.append(lines);
  }

  /**
   * Records a transaction for {@code --aggregate-interval}, writing the lines of the intervals that
   * ended before {@code endEpochMicros}.
   */
  synchronized void aggregate(
      long endEpochMicros,
      int outcome,
      long latency,
      long lag,
      int tries,
      io.github.pgperf.result.FailureKind kind)
      throws IOException {
    flushIntervalsBefore(endEpochMicros);
    switch (outcome) {
      case 0 -> aggregate.recordProcessed(latency, lag, tries);
      case 1 -> aggregate.recordFailure(kind, tries);
      default -> aggregate.recordSkipped();
    }
  }

  private void flushIntervalsBefore(long epochMicros) throws IOException {
    while (epochMicros >= aggregateStartEpochMicros + aggregateMicros) {
      writeInterval();
      aggregateStartEpochMicros += aggregateMicros;
    }
  }

  private void writeInterval() throws IOException {
    Counts counts = aggregate.counts();
    Moments latency = aggregate.latencyMoments();
    Moments lag = aggregate.lagMoments();
    log.append(
            TransactionLog.aggregateLine(
                aggregateStartEpochMicros / 1_000_000, counts, latency, lag))
        .append('\n');
    aggregate.reset();
  }

  /**
   * Writes the intervals complete at the end and closes the log. As pgbench 15, the last incomplete
   * interval is not written (a {@code -t} run shorter than the interval writes none).
   */
  synchronized void finish(long endEpochMicros) throws IOException {
    if (log == null) {
      return;
    }
    if (aggregate != null) {
      flushIntervalsBefore(endEpochMicros);
    }
    log.close();
  }

  boolean logs() {
    return log != null;
  }

  boolean aggregates() {
    return aggregate != null;
  }
}
