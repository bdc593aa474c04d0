package io.github.pgperf.internal.init;

import java.io.PrintStream;
import java.util.Locale;

/**
 * pgbench's progress lines while accounts are generated: one every 100000 rows, or with {@code -q}
 * at most one every 5 seconds (checked every 100 rows) plus one at the end.
 */
final class InitProgress {

  /** How often callers report, in rows; the quiet mode's check interval. */
  static final int REPORT_EVERY = 100;

  private static final int LOUD_STEP = 100_000;
  private static final double QUIET_STEP_SECONDS = 5.0;

  private final PrintStream out;
  private final boolean quiet;
  private final long total;
  private final long start = System.nanoTime();
  private int quietInterval = 1;

  InitProgress(PrintStream out, boolean quiet, long total) {
    this.out = out;
    this.quiet = quiet;
    this.total = total;
  }

  /** Called with the number of rows generated so far, a multiple of {@link #REPORT_EVERY}. */
  synchronized void rowsDone(long done) {
    if (!quiet) {
      if (done % LOUD_STEP == 0) {
        print(done, seconds());
      }
      return;
    }
    double elapsed = seconds();
    if (done == total || elapsed >= quietInterval * QUIET_STEP_SECONDS) {
      print(done, elapsed);
      quietInterval = (int) Math.ceil(elapsed / QUIET_STEP_SECONDS);
    }
  }

  private double seconds() {
    return (System.nanoTime() - start) / 1e9;
  }

  private void print(long done, double elapsed) {
    double remaining = (total - done) * elapsed / done;
    out.printf(
        Locale.ROOT,
        "%d of %d tuples (%d%%) done (elapsed %.2f s, remaining %.2f s)%n",
        done,
        total,
        done * 100 / total,
        elapsed,
        remaining);
  }
}
