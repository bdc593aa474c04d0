package io.github.pgperf.threshold;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import io.github.pgperf.result.RunResult;
import io.github.pgperf.result.Stats;
import io.github.pgperf.work.ServerWork;
import org.apiguardian.api.API;

/**
 * A limit on what the server itself did for a run ({@link RunResult#serverWork()}): blocks and WAL
 * per transaction, temporary blocks, sequential scans in the run's plans. Unlike time, these depend
 * on the data, the settings and the plans, not on the machine's speed, so they hold on any machine.
 *
 * <p>A work threshold never passes when the work it limits was not measured (server counters off,
 * {@code pg_stat_statements} missing, plans not taken): its verdict is then a failure that says
 * "not checked" and why ({@link ThresholdCheck#notChecked}), since a limit that silently passes
 * when it could not look protects nothing. Drop the threshold (or turn the capture on) to make such
 * a run pass.
 */
@API(status = EXPERIMENTAL, since = "0.1.0")
public sealed interface WorkThreshold extends Threshold
    permits SharedBlocksCeiling,
        TempBlocksCeiling,
        WalCeiling,
        SequentialScanBan,
        StatementsCeiling,
        CommitsPerTransaction {

  /** Judges the run by its server work; not checked when the run captured none. */
  @Override
  default ThresholdCheck check(RunResult run) {
    ServerWork work = run.serverWork();
    if (work == null) {
      return notChecked(
          "the run captured no server work (pgperf.serverCounters=false,"
              + " or a Runner without CaptureSettings)");
    }
    return check(work, run.totalCounts().processed());
  }

  /**
   * Not checked: the server's work is measured for a whole run, not for one script's or one
   * interval's transactions.
   */
  @Override
  default ThresholdCheck check(Stats stats, double seconds) {
    return notChecked(
        "the server's work is measured for the whole run, not per script or" + " interval");
  }

  /** Judges the server's work of a run that processed {@code transactions} transactions. */
  ThresholdCheck check(ServerWork work, long transactions);

  /** This threshold's verdict when it could not be checked, saying {@code why}. */
  ThresholdCheck notChecked(String why);
}
