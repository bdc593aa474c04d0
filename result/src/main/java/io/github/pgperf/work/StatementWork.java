package io.github.pgperf.work;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.Objects;
import org.apiguardian.api.API;

/**
 * What the server did for one statement during the measured window, from {@code
 * pg_stat_statements}: the difference of its counters between the window's start and end.
 *
 * <p>A statement is named by its normalized text, constants replaced by {@code $1}, {@code $2}...
 * as {@code pg_stat_statements} shows it. The text, not the {@code queryid}, identifies it across
 * runs, databases and machines: the {@code queryid} depends on the OIDs of the tables it names.
 * Entries of one text (the same statement under different search paths) are added together.
 *
 * <p>A statement is {@linkplain #nested() nested} when a function, procedure or trigger ran it
 * inside a statement the client sent ({@code pg_stat_statements}' {@code toplevel} false, seen with
 * {@code pg_stat_statements.track = all} on PostgreSQL 14 and later). The same text run nested and
 * sent by a client are two statements. A nested statement's counters are its own, and they are
 * counted again in the top-level statement that ran it (its time, blocks and WAL include those of
 * the statements it ran): add top-level statements only for a total.
 *
 * @param query the normalized text
 * @param calls executions
 * @param rows rows returned or affected
 * @param plans times it was planned (counted only with {@code pg_stat_statements.track_planning})
 * @param totalExecMillis time executing, ms
 * @param totalPlanMillis time planning, ms (with {@code track_planning})
 * @param blocks blocks touched
 * @param wal WAL generated
 * @param blockReadMillis time reading blocks, ms (0 unless {@code track_io_timing} is on)
 * @param blockWriteMillis time writing blocks, ms (0 unless {@code track_io_timing} is on)
 * @param nested whether a function, procedure or trigger ran it, rather than a client
 */
@API(status = EXPERIMENTAL, since = "0.1.0")
public record StatementWork(
    String query,
    long calls,
    long rows,
    long plans,
    double totalExecMillis,
    double totalPlanMillis,
    Blocks blocks,
    WalUsage wal,
    double blockReadMillis,
    double blockWriteMillis,
    boolean nested) {

  public StatementWork {
    Objects.requireNonNull(query, "query");
    Objects.requireNonNull(blocks, "blocks");
    Objects.requireNonNull(wal, "wal");
  }

  /** A top-level statement's work: one a client sent. */
  public StatementWork(
      String query,
      long calls,
      long rows,
      long plans,
      double totalExecMillis,
      double totalPlanMillis,
      Blocks blocks,
      WalUsage wal,
      double blockReadMillis,
      double blockWriteMillis) {
    this(
        query,
        calls,
        rows,
        plans,
        totalExecMillis,
        totalPlanMillis,
        blocks,
        wal,
        blockReadMillis,
        blockWriteMillis,
        false);
  }

  /** Mean execution time per call, ms; 0 without calls. */
  public double meanExecMillis() {
    return calls == 0 ? 0 : totalExecMillis / calls;
  }

  /** Shared blocks accessed per call; 0 without calls. */
  public double sharedBlocksPerCall() {
    return calls == 0 ? 0 : (double) blocks.sharedAccessed() / calls;
  }

  /** Rows per call; 0 without calls. */
  public double rowsPerCall() {
    return calls == 0 ? 0 : (double) rows / calls;
  }

  /** What was counted since {@code e}, a reading of the same statement's growing counters. */
  public StatementWork since(StatementWork e) {
    return new StatementWork(
        query,
        calls - e.calls,
        rows - e.rows,
        plans - e.plans,
        totalExecMillis - e.totalExecMillis,
        totalPlanMillis - e.totalPlanMillis,
        blocks.since(e.blocks),
        wal.since(e.wal),
        blockReadMillis - e.blockReadMillis,
        blockWriteMillis - e.blockWriteMillis,
        nested);
  }

  /** This work under another text. */
  StatementWork named(String text) {
    return new StatementWork(
        text,
        calls,
        rows,
        plans,
        totalExecMillis,
        totalPlanMillis,
        blocks,
        wal,
        blockReadMillis,
        blockWriteMillis,
        nested);
  }

  /** Both added: the same statement's work in two runs or two entries. */
  public StatementWork plus(StatementWork o) {
    if (!query.equals(o.query) || nested != o.nested) {
      throw new IllegalArgumentException(
          "statements differ: " + describe() + " vs " + o.describe());
    }
    return new StatementWork(
        query,
        calls + o.calls,
        rows + o.rows,
        plans + o.plans,
        totalExecMillis + o.totalExecMillis,
        totalPlanMillis + o.totalPlanMillis,
        blocks.plus(o.blocks),
        wal.plus(o.wal),
        blockReadMillis + o.blockReadMillis,
        blockWriteMillis + o.blockWriteMillis,
        nested);
  }

  /** Its text in quotes, and when it is nested, that it is. */
  public String describe() {
    return "\"" + query + "\"" + (nested ? " (nested)" : "");
  }
}
