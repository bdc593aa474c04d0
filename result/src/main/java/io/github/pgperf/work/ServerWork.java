package io.github.pgperf.work;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import io.github.pgperf.plan.StatementPlan;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BinaryOperator;
import java.util.stream.Stream;
import org.apiguardian.api.API;

/**
 * What the database itself did during a run's measured window (after the warm-up, until the end of
 * {@code -T} or {@code -t}): the differences of PostgreSQL's own counters between the window's
 * start and end, the wait events of the run's backends, and the server's CPU time. Unlike time,
 * these depend little on the machine: the same data, PostgreSQL version, settings and workload give
 * nearly the same counters anywhere.
 *
 * <p>A part the server could not give is {@code null}, and {@link #unavailable()} says why and what
 * would add it; a part is never left out silently.
 *
 * @param windowSeconds the window's length on the server's clock, s
 * @param statements per statement, most execution time first; {@code null} without {@code
 *     pg_stat_statements}. Statements the clients sent and, where the server counts them, the
 *     {@linkplain StatementWork#nested() nested} ones that functions and triggers ran (whose work
 *     is also in the statement that ran them: totals add top-level statements only); when nested
 *     statements were not seen, {@code unavailable} says why under {@link
 *     WorkPart#NESTED_STATEMENTS}. Statements of one {@link StatementShape} are one: a utility
 *     statement that names a savepoint, cursor, prepared statement or temporary table the
 *     application names anew each time ({@code SAVEPOINT <name>}), or sets a value ({@code SET x =
 *     <value>}), is listed once with the counters of all its texts added
 * @param statementEvictions how many times {@code pg_stat_statements} evicted its least-used
 *     entries during the window ({@code pg_stat_statements_info.dealloc}, PostgreSQL 14+): more
 *     distinct statements ran than {@code pg_stat_statements.max} keeps, and the counters of the
 *     statements evicted (the run's or others') are lost, so that {@code statements} may be
 *     incomplete ({@link #statementsIncomplete()}); 0 when nothing was evicted; {@code null} when
 *     not known (no {@code statements}, PostgreSQL 13, an extension older than 1.9, results written
 *     before it was recorded)
 * @param database the run's database's counters; {@code null} when not read
 * @param wal the WAL the whole server generated (every database, and background processes); {@code
 *     null} before PostgreSQL 14
 * @param checkpoints checkpoints in the window; {@code null} when not read
 * @param waits the run's backends' wait events; {@code null} when not sampled
 * @param cpu the server's CPU time; {@code null} when its processes are not visible from here
 * @param unavailable what was not captured, or only in part, and why
 * @param plans how the server planned each SQL command of the run's scripts, taken after the window
 *     ({@code capture.ScriptPlans}); {@code null} when not taken
 */
@API(status = EXPERIMENTAL, since = "0.1.0")
public record ServerWork(
    double windowSeconds,
    List<StatementWork> statements,
    Long statementEvictions,
    DatabaseWork database,
    WalUsage wal,
    Checkpoints checkpoints,
    WaitEvents waits,
    ServerCpu cpu,
    List<Unavailable> unavailable,
    List<StatementPlan> plans) {

  public ServerWork {
    if (!(windowSeconds >= 0)) {
      throw new IllegalArgumentException("negative window: " + windowSeconds + " s");
    }
    statements = statements == null ? null : sorted(byShape(statements));
    if (statementEvictions != null && (statements == null || statementEvictions < 0)) {
      throw new IllegalArgumentException(
          statements == null
              ? "statement evictions without statements"
              : "negative statement evictions: " + statementEvictions);
    }
    plans = plans == null ? null : List.copyOf(plans);
    unavailable = List.copyOf(new LinkedHashSet<>(unavailable));
    Set<WorkPart> explained = EnumSet.noneOf(WorkPart.class);
    unavailable.forEach(u -> explained.add(u.part()));
    Set<WorkPart> missing = EnumSet.noneOf(WorkPart.class);
    addIf(missing, statements == null, WorkPart.STATEMENTS);
    addIf(missing, database == null, WorkPart.DATABASE);
    addIf(missing, wal == null, WorkPart.WAL);
    addIf(missing, checkpoints == null, WorkPart.CHECKPOINTS);
    addIf(missing, waits == null, WorkPart.WAITS);
    addIf(missing, cpu == null, WorkPart.SERVER_CPU);
    addIf(missing, plans == null, WorkPart.PLANS);
    addIf(
        missing,
        cpu != null
            && (cpu.walWriterMicros() == null
                || cpu.checkpointerMicros() == null
                || cpu.backgroundWriterMicros() == null),
        WorkPart.BACKGROUND_CPU);
    missing.removeAll(explained);
    if (!missing.isEmpty()) {
      throw new IllegalArgumentException(
          "server work without " + missing + " must say why in unavailable");
    }
  }

  /**
   * The counters without plans (they are taken after the window, by {@link #withPlans}) and without
   * knowing whether statements were evicted ({@link #withStatementEvictions}).
   */
  public ServerWork(
      double windowSeconds,
      List<StatementWork> statements,
      DatabaseWork database,
      WalUsage wal,
      Checkpoints checkpoints,
      WaitEvents waits,
      ServerCpu cpu,
      List<Unavailable> unavailable) {
    this(
        windowSeconds,
        statements,
        null,
        database,
        wal,
        checkpoints,
        waits,
        cpu,
        withReason(unavailable, new Unavailable(WorkPart.PLANS, "plans were not taken")),
        null);
  }

  /** The counters with plans, without knowing whether statements were evicted. */
  public ServerWork(
      double windowSeconds,
      List<StatementWork> statements,
      DatabaseWork database,
      WalUsage wal,
      Checkpoints checkpoints,
      WaitEvents waits,
      ServerCpu cpu,
      List<Unavailable> unavailable,
      List<StatementPlan> plans) {
    this(
        windowSeconds,
        statements,
        null,
        database,
        wal,
        checkpoints,
        waits,
        cpu,
        unavailable,
        plans);
  }

  /** The same work, saying how many times statements were evicted during the window. */
  public ServerWork withStatementEvictions(Long evictions) {
    return new ServerWork(
        windowSeconds,
        statements,
        evictions,
        database,
        wal,
        checkpoints,
        waits,
        cpu,
        unavailable,
        plans);
  }

  /**
   * Whether {@code pg_stat_statements} evicted entries during the window, so that the statements'
   * counters may be short ({@link #statementEvictions()}); false when none were, or when that is
   * not known.
   */
  public boolean statementsIncomplete() {
    return statementEvictions != null && statementEvictions > 0;
  }

  /**
   * Why the statements' counters may be short, and what makes them complete; {@code null} when they
   * are complete or that is not known.
   */
  public String whyStatementsIncomplete() {
    if (!statementsIncomplete()) {
      return null;
    }
    return "pg_stat_statements evicted its least-used entries "
        + (statementEvictions == 1 ? "once" : statementEvictions + " times")
        + " during the run"
        + " (more distinct statements than pg_stat_statements.max keeps), so statements'"
        + " counters may be short; raise pg_stat_statements.max (a restart) for complete counters";
  }

  private static List<Unavailable> withReason(List<Unavailable> reasons, Unavailable reason) {
    if (reasons.stream().anyMatch(u -> u.part() == reason.part())) {
      return reasons;
    }
    List<Unavailable> all = new ArrayList<>(reasons);
    all.add(reason);
    return all;
  }

  /**
   * The same work with the plans of the run's script commands, and {@code partly}, when not {@code
   * null}, saying what has no plan (Java transactions' statements on PostgreSQL 15).
   */
  public ServerWork withPlans(List<StatementPlan> taken, String partly) {
    List<Unavailable> reasons = new ArrayList<>(unavailable);
    reasons.removeIf(u -> u.part() == WorkPart.PLANS);
    if (partly != null) {
      reasons.add(new Unavailable(WorkPart.PLANS, partly));
    }
    return new ServerWork(
        windowSeconds,
        statements,
        statementEvictions,
        database,
        wal,
        checkpoints,
        waits,
        cpu,
        reasons,
        taken);
  }

  /**
   * The statements whose normalized text contains {@code text}, nested ones too, most execution
   * time first; empty without {@code pg_stat_statements} or when none matches.
   */
  public List<StatementWork> statementsContaining(String text) {
    return statements == null
        ? List.of()
        : statements.stream().filter(s -> s.query().contains(text)).toList();
  }

  /**
   * All top-level statements' blocks together (they hold the nested statements' blocks); {@code
   * null} without {@code pg_stat_statements}.
   */
  public Blocks statementBlocks() {
    return statements == null
        ? null
        : topLevel().map(StatementWork::blocks).reduce(Blocks.NONE, Blocks::plus);
  }

  /**
   * All top-level statements' WAL together (they hold the nested statements' WAL): the run's own,
   * unlike {@link #wal()}; {@code null} without {@code pg_stat_statements}.
   */
  public WalUsage statementWal() {
    return statements == null
        ? null
        : topLevel().map(StatementWork::wal).reduce(WalUsage.NONE, WalUsage::plus);
  }

  /**
   * All top-level statements' calls together: the statements the clients sent; 0 without {@code
   * pg_stat_statements}.
   */
  public long statementCalls() {
    return statements == null ? 0 : topLevel().mapToLong(StatementWork::calls).sum();
  }

  /**
   * All nested statements' calls together: the statements functions and triggers ran; 0 without
   * {@code pg_stat_statements} or when nested statements were not seen.
   */
  public long nestedStatementCalls() {
    return statements == null
        ? 0
        : statements.stream().filter(StatementWork::nested).mapToLong(StatementWork::calls).sum();
  }

  /**
   * Whether the statements that functions and triggers ran were seen: the statements were read and
   * {@link #unavailable()} has no {@link WorkPart#NESTED_STATEMENTS} entry.
   */
  public boolean nestedStatementsSeen() {
    return statements != null && whyUnavailable(WorkPart.NESTED_STATEMENTS) == null;
  }

  private Stream<StatementWork> topLevel() {
    return statements.stream().filter(s -> !s.nested());
  }

  /** Why {@code part} was not captured (or only in part), or {@code null} when nothing is said. */
  public String whyUnavailable(WorkPart part) {
    return unavailable.stream()
        .filter(u -> u.part() == part)
        .map(Unavailable::reason)
        .findFirst()
        .orElse(null);
  }

  /**
   * Both added, as for runs one after another (trials) or at the same time: counters, samples, CPU
   * time and window lengths add, statements add by their text (and shape), evictions add. A part
   * one of them lacks is lacking in the sum, with both reasons kept; evictions one of them does not
   * know are not known, unless the other's say that statements were evicted. Runs at the same time
   * against one database each read the whole database's counters ({@link #database()}) and the
   * whole server's ({@link #wal()}, {@link #checkpoints()}), so their sum counts that shared work
   * once per run; per-statement work, waits and the run's backends' CPU are each run's own.
   *
   * @throws IllegalArgumentException when the wait events were sampled at different intervals
   */
  public ServerWork plus(ServerWork o) {
    List<Unavailable> reasons = new ArrayList<>(unavailable);
    reasons.addAll(o.unavailable);
    List<StatementWork> both = addStatements(statements, o.statements);
    return new ServerWork(
        windowSeconds + o.windowSeconds,
        both,
        both == null ? null : evictions(statementEvictions, o.statementEvictions),
        add(database, o.database, DatabaseWork::plus),
        add(wal, o.wal, WalUsage::plus),
        add(checkpoints, o.checkpoints, Checkpoints::plus),
        add(waits, o.waits, WaitEvents::plus),
        add(cpu, o.cpu, ServerCpu::plus),
        reasons,
        plans != null ? plans : o.plans);
  }

  /** Both runs' evictions: unknown when one is, unless the other's already say some were. */
  private static Long evictions(Long a, Long b) {
    if (a == null || b == null) {
      Long known = a == null ? b : a;
      return known != null && known > 0 ? known : null;
    }
    return a + b;
  }

  private static <T> T add(T a, T b, BinaryOperator<T> plus) {
    return a == null || b == null ? null : plus.apply(a, b);
  }

  private static List<StatementWork> addStatements(List<StatementWork> a, List<StatementWork> b) {
    if (a == null || b == null) {
      return null;
    }
    Map<Key, StatementWork> byText = new LinkedHashMap<>();
    for (StatementWork s : a) {
      byText.merge(Key.of(s), s, StatementWork::plus);
    }
    for (StatementWork s : b) {
      byText.merge(Key.of(s), s, StatementWork::plus);
    }
    return new ArrayList<>(byText.values());
  }

  /**
   * The statements with those of one {@link StatementShape} added into one, named by the shape.
   *
   * @throws IllegalArgumentException when a text is listed twice
   */
  private static List<StatementWork> byShape(List<StatementWork> statements) {
    Set<String> texts = new LinkedHashSet<>();
    Set<Key> keys = new LinkedHashSet<>();
    for (StatementWork s : statements) {
      if (!keys.add(Key.of(s))) {
        throw new IllegalArgumentException(
            "statement listed twice: " + s.query() + (s.nested() ? " (nested)" : ""));
      }
      texts.add(s.query());
    }
    Map<String, String> shapes = StatementShape.of(texts);
    Map<Key, StatementWork> byShape = new LinkedHashMap<>();
    for (StatementWork s : statements) {
      String shape = shapes.get(s.query());
      byShape.merge(
          new Key(shape, s.nested()),
          s.query().equals(shape) ? s : s.named(shape),
          StatementWork::plus);
    }
    return new ArrayList<>(byShape.values());
  }

  /**
   * What makes two entries one statement: the text, and whether it ran nested (the same text sent
   * by a client and run by a trigger are two).
   */
  private record Key(String query, boolean nested) {
    static Key of(StatementWork s) {
      return new Key(s.query(), s.nested());
    }
  }

  private static List<StatementWork> sorted(List<StatementWork> statements) {
    List<StatementWork> list = new ArrayList<>(statements);
    list.sort(
        Comparator.comparingDouble(StatementWork::totalExecMillis)
            .reversed()
            .thenComparing(StatementWork::query)
            .thenComparing(StatementWork::nested));
    return List.copyOf(list);
  }

  private static void addIf(Set<WorkPart> parts, boolean condition, WorkPart part) {
    if (condition) {
      parts.add(part);
    }
  }
}
