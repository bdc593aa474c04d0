package io.github.pgperf.internal.run;

import io.github.pgperf.result.FailureKind;
import org.HdrHistogram.WriterReaderPhaser;

/**
 * One client's figures of the timeline's current interval, recorded by the client and collected
 * by the run's timeline thread: HdrHistogram's interval recording ({@code Recorder}) applied to
 * the whole accumulator, so that an interval's counts and latencies always agree. The client
 * records into the active accumulator inside a {@link WriterReaderPhaser} critical section (two
 * uncontended atomic increments, no lock, no allocation); the timeline thread swaps in the other
 * one, waits for the phase to flip, and adds the full one to the run's interval.
 */
final class IntervalRecorder {

  private final WriterReaderPhaser phaser = new WriterReaderPhaser();
  private volatile StatsAccumulator active;
  private StatsAccumulator inactive;

  IntervalRecorder(long latencyLimitMicros) {
    active = new StatsAccumulator(latencyLimitMicros);
    inactive = new StatsAccumulator(latencyLimitMicros);
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
   * The timeline thread: adds what the client recorded since the last call to {@code sum} and
   * starts the client on an empty accumulator.
   */
  void moveInto(StatsAccumulator sum) {
    phaser.readerLock();
    try {
      StatsAccumulator full = active;
      inactive.reset();
      active = inactive;
      inactive = full;
      // After the flip no client is still inside the accumulator swapped out.
      phaser.flipPhase();
      if (!full.isEmpty()) {
        sum.add(full);
      }
    } finally {
      phaser.readerUnlock();
    }
  }
}
