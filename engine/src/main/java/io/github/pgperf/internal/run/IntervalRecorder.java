package io.github.pgperf.internal.run;

import io.github.pgperf.result.FailureKind;
import org.HdrHistogram.WriterReaderPhaser;

/**
 * One client's figures of the timeline's current interval, recorded by the client and collected by
 * the run's timeline thread: HdrHistogram's interval recording ({@code Recorder}) applied to the
 * whole accumulator, so that an interval's counts and latencies always agree. The client records
 * into its accumulator inside a {@link WriterReaderPhaser} critical section (two uncontended atomic
 * increments, no lock, no allocation); the timeline thread swaps in an empty one, waits for the
 * phase to flip, and adds the full one to the run's interval. The timeline moves its clients one
 * after another, so one empty accumulator, handed from client to client, serves them all: each
 * client holds one accumulator, not two.
 */
final class IntervalRecorder {

  private final WriterReaderPhaser phaser = new WriterReaderPhaser();
  private volatile StatsAccumulator active;

  IntervalRecorder(long latencyLimitMicros) {
    active = new StatsAccumulator(latencyLimitMicros);
  }

  /** The client: a processed transaction. */
  void processed(long latencyMicros, long lagMicros, int tries) {
    long phase = phaser.writerCriticalSectionEnter();
    try {
      active.recordProcessed(latencyMicros, lagMicros, tries);
    } finally {
      phaser.writerCriticalSectionExit(phase);
    }
  }

  /** The client: a transaction that failed on its last try. */
  void failed(FailureKind kind, int tries) {
    long phase = phaser.writerCriticalSectionEnter();
    try {
      active.recordFailure(kind, tries);
    } finally {
      phaser.writerCriticalSectionExit(phase);
    }
  }

  /** The client: a transaction skipped under {@code -L}. */
  void skipped() {
    long phase = phaser.writerCriticalSectionEnter();
    try {
      active.recordSkipped();
    } finally {
      phaser.writerCriticalSectionExit(phase);
    }
  }

  /**
   * The timeline thread: starts the client on {@code empty}, adds what it recorded since the last
   * call to {@code sum}, and returns the accumulator it recorded into, now empty, for the next
   * client.
   */
  StatsAccumulator moveInto(StatsAccumulator sum, StatsAccumulator empty) {
    phaser.readerLock();
    try {
      StatsAccumulator full = active;
      active = empty;
      // After the flip no client is still inside the accumulator swapped out.
      phaser.flipPhase();
      if (!full.isEmpty()) {
        sum.add(full);
        full.reset();
      }
      return full;
    } finally {
      phaser.readerUnlock();
    }
  }
}
