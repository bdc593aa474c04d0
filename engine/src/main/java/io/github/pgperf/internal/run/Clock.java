package io.github.pgperf.internal.run;

import java.util.concurrent.locks.LockSupport;

/** The runner's monotonic clock in µs, and waiting on it. */
final class Clock {

  private Clock() {}

  static long micros() {
    return System.nanoTime() / 1000;
  }

  /**
   * Waits until the clock reaches {@code deadline}, or until the thread is interrupted (a client
   * cut at the end of a run); returns the clock then.
   */
  static long sleepUntil(long deadline) {
    long now = micros();
    while (now < deadline) {
      LockSupport.parkNanos((deadline - now) * 1000);
      now = micros();
      if (Thread.currentThread().isInterrupted()) {
        return now;
      }
    }
    return now;
  }
}
