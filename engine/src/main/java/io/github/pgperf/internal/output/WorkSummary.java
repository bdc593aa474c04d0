package io.github.pgperf.internal.output;

import io.github.pgperf.result.Counts;
import io.github.pgperf.result.RunResult;
import io.github.pgperf.work.Blocks;
import io.github.pgperf.work.Checkpoints;
import io.github.pgperf.work.DatabaseWork;
import io.github.pgperf.work.MachineCpu;
import io.github.pgperf.work.RunCpu;
import io.github.pgperf.work.ServerCpu;
import io.github.pgperf.work.ServerWork;
import io.github.pgperf.work.Unavailable;
import io.github.pgperf.work.WaitEvents;
import io.github.pgperf.work.WalUsage;
import io.github.pgperf.work.WorkPart;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.StringJoiner;

/**
 * The few lines that say what the database did in a run, per transaction (processed and failed
 * ones: the server worked for both): blocks and WAL, where the backends' time went, the server's
 * CPU, checkpoints, and what was not captured. Printed under a test's summary, and by the command
 * line with {@code --server-counters}.
 */
public final class WorkSummary {

  private static final Map<WorkPart, String> NAMES =
      new EnumMap<>(
          Map.of(
              WorkPart.PLANS, "plans",
              WorkPart.STATEMENTS, "per-statement work",
              WorkPart.NESTED_STATEMENTS, "nested statements (run by triggers and functions)",
              WorkPart.DATABASE, "database counters",
              WorkPart.WAL, "server WAL",
              WorkPart.CHECKPOINTS, "checkpoints",
              WorkPart.WAITS, "wait events",
              WorkPart.SERVER_CPU, "server CPU",
              WorkPart.BACKGROUND_CPU, "background processes' CPU"));

  /** How many wait events the line names. */
  private static final int TOP_WAITS = 3;

  private WorkSummary() {}

  /** The lines for {@code run}; none when it captured no server work. */
  public static List<String> lines(RunResult run) {
    ServerWork work = run.serverWork();
    List<String> lines = new ArrayList<>();
    if (work == null) {
      // Without the server's work (the command line without --server-counters) the output is
      // pgbench's alone: not even the client's CPU, which every run measures.
      return lines;
    }
    Counts c = run.totalCounts();
    long transactions = c.processed() + c.failed();
    if (transactions > 0) {
      String perTransaction = perTransaction(work, transactions);
      if (perTransaction != null) {
        lines.add("server work per transaction: " + perTransaction);
      }
    }
    if (work.statementsIncomplete()) {
      lines.add("per-statement work incomplete: " + work.whyStatementsIncomplete());
    }
    if (work.waits() != null) {
      lines.add(waits(work.waits()));
      double lockWait = run.lockWaitPerTransactionMicros();
      if (lockWait > 0) {
        lines.add(
            String.format(
                Locale.ROOT,
                "lock waits per transaction: %.3f ms (%.0f%% of the backends' wait samples)",
                lockWait / 1e3,
                100 * run.lockWaitShare()));
      }
    }
    if (work.cpu() != null && transactions > 0) {
      ServerCpu cpu = work.cpu();
      lines.add(
          cpu.containerMicros() != null
              ? String.format(
                  Locale.ROOT,
                  "server CPU per transaction: %.3f ms (the whole container)",
                  cpu.totalMicros() / 1e3 / transactions)
              : String.format(
                  Locale.ROOT,
                  "server CPU per transaction: %.3f ms (backends %.3f ms)",
                  cpu.totalMicros() / 1e3 / transactions,
                  cpu.backendsMicros() / 1e3 / transactions));
    }
    if (work.cpu() != null
        && work.cpu().machine() != null
        && work.cpu().machine().capacityMicros() > 0) {
      MachineCpu m = work.cpu().machine();
      double capacity = m.capacityMicros();
      lines.add(
          String.format(
              Locale.ROOT,
              "machine CPU: %.0f%% busy (pgperf %.0f%%, server %.0f%%, others %.0f%%)",
              100 * m.busyMicros() / capacity,
              100 * m.pgperfMicros() / capacity,
              100 * Math.min(1.0, work.cpu().totalMicros() / capacity),
              100 * work.cpu().othersShare()));
    }
    String onCpu = onCpu(run);
    if (onCpu != null) {
      lines.add(onCpu);
    }
    if (work.checkpoints() != null && work.checkpoints().total() > 0) {
      Checkpoints k = work.checkpoints();
      lines.add(
          String.format(
              Locale.ROOT,
              "checkpoints in the window: %d (timed %d, requested %d), %,d buffers written",
              k.total(),
              k.timed(),
              k.requested(),
              k.buffersWritten()));
    }
    StringJoiner missing = new StringJoiner(", ");
    // A container's whole time holds its background processes': not missing, only not apart.
    boolean container = work.cpu() != null && work.cpu().containerMicros() != null;
    work.unavailable().stream()
        .map(Unavailable::part)
        .distinct()
        .filter(p -> !(container && p == WorkPart.BACKGROUND_CPU))
        .forEach(p -> missing.add(NAMES.get(p)));
    if (missing.length() > 0) {
      lines.add("not captured: " + missing + " (why: the result's serverWork.unavailable)");
    }
    return lines;
  }

  /**
   * The window's on-CPU time per processed transaction (time on a core, not waiting for one), with
   * why a figure is not known; {@code null} when not measured.
   */
  static String onCpu(RunResult run) {
    RunCpu cpu = run.cpu();
    if (cpu == null || run.totalCounts().processed() == 0) {
      return null;
    }
    String server =
        cpu.serverNanos() != null
            ? String.format(
                Locale.ROOT, "server backends %.3f ms", run.serverCpuPerTransactionMicros() / 1e3)
            : "server backends not known (" + cpu.serverUnavailable() + ")";
    String client =
        cpu.clientNanos() != null
            ? String.format(
                Locale.ROOT, "client %.3f ms", run.clientCpuPerTransactionMicros() / 1e3)
            : "client not known (" + cpu.clientUnavailable() + ")";
    String allocated =
        cpu.clientAllocatedBytes() != null
            ? String.format(
                Locale.ROOT, ", client allocated %.1f kB", run.allocatedBytesPerTransaction() / 1e3)
            : "";
    return "on-CPU per transaction: " + server + ", " + client + allocated;
  }

  private static String perTransaction(ServerWork work, long transactions) {
    Blocks blocks = work.statementBlocks();
    if (blocks != null) {
      WalUsage wal = work.statementWal();
      long nested = work.nestedStatementCalls();
      return String.format(
          Locale.ROOT,
          "%.1f shared blocks (%.1f read), %.1f temp blocks, %,.0f WAL bytes, %.1f statements%s",
          (double) blocks.sharedAccessed() / transactions,
          (double) blocks.sharedRead() / transactions,
          (double) blocks.temp() / transactions,
          (double) wal.bytes() / transactions,
          (double) work.statementCalls() / transactions,
          // The nested statements' work is in the statements that ran them: only their count.
          nested == 0
              ? ""
              : String.format(
                  Locale.ROOT,
                  " (and %.1f nested, run by triggers and functions)",
                  (double) nested / transactions));
    }
    DatabaseWork d = work.database();
    if (d == null) {
      return null;
    }
    String wal =
        work.wal() == null
            ? ""
            : String.format(
                Locale.ROOT,
                ", %,.0f WAL bytes (whole server)",
                (double) work.wal().bytes() / transactions);
    return String.format(
        Locale.ROOT,
        "%.1f blocks (%.1f read; the database's, catalogs too)%s",
        (double) (d.blocksHit() + d.blocksRead()) / transactions,
        (double) d.blocksRead() / transactions,
        wal);
  }

  private static String waits(WaitEvents waits) {
    StringJoiner top = new StringJoiner(", ");
    long all = waits.observations();
    waits.counts().stream()
        .limit(TOP_WAITS)
        .forEach(
            w ->
                top.add(
                    String.format(Locale.ROOT, "%s %.1f%%", w.event(), 100.0 * w.count() / all)));
    return String.format(
        Locale.ROOT,
        "waits: %s (%,d samples every %d ms)",
        all == 0 ? "none seen" : top.toString(),
        waits.samples(),
        waits.intervalMillis());
  }
}
