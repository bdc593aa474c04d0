package io.github.pgperf.work;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.Locale;
import java.util.regex.Pattern;
import org.apiguardian.api.API;

/**
 * The exact counters of a run per processed transaction: what PostgreSQL counted, not what the
 * client thinks it sent. A statement counts however it reached the server (a CTE, a statement
 * wrapped by a framework, a batch). "Statements per transaction" are the statements the clients
 * sent ({@code pg_stat_statements}' top-level rows): round trips of SQL, not the statements a
 * trigger or function ran inside them. Those, the {@linkplain StatementWork#nested() nested}
 * statements, have calls per transaction of their own where the server counts them ({@code
 * pg_stat_statements.track = all}); their work is already in the top-level statements', so the
 * per-transaction sums (WAL records here, blocks and WAL bytes in {@link ServerWork}) leave them
 * out.
 *
 * <p>Each figure is over the run's processed transactions. The measured window starts and ends
 * while clients have transactions under way, so a statement's calls and the transactions counted
 * can differ by up to one transaction per client at each edge: a figure is exact within {@link
 * #edge(int, long)}.
 */
@API(status = EXPERIMENTAL, since = "0.1.0")
public final class TransactionCounts {

  /**
   * Transaction control sent as a statement: it starts or ends a transaction rather than doing its
   * work, so statements per transaction leave it out ({@code ROLLBACK TO SAVEPOINT} and savepoints
   * count: they are round trips inside one).
   */
  private static final Pattern CONTROL =
      Pattern.compile(
          "(begin|start transaction|commit|end|abort|rollback|prepare transaction)(\\s.*)?");

  private static final Pattern INSIDE =
      Pattern.compile("rollback\\s+(work\\s+|transaction\\s+)?to\\b.*");

  private final ServerWork work;
  private final long transactions;

  private TransactionCounts(ServerWork work, long transactions) {
    this.work = work;
    this.transactions = transactions;
  }

  /** The counters of {@code work}, a run that processed {@code transactions} transactions. */
  public static TransactionCounts of(ServerWork work, long transactions) {
    if (transactions < 0) {
      throw new IllegalArgumentException("negative transactions: " + transactions);
    }
    return new TransactionCounts(work, transactions);
  }

  /**
   * The relative error a run's edges may put in a per-transaction count: at most one transaction
   * per client cut at each end of the window, {@code 2 * clients / transactions}; 1 (anything)
   * without transactions.
   */
  public static double edge(int clients, long transactions) {
    return transactions <= 0 ? 1 : Math.min(1, 2.0 * Math.max(1, clients) / transactions);
  }

  /** Whether {@code query} is transaction control ({@code BEGIN}, {@code COMMIT}...). */
  public static boolean transactionControl(String query) {
    String q =
        query.strip().toLowerCase(Locale.ROOT).replaceAll("\\s+", " ").replaceAll(" ?;$", "");
    return CONTROL.matcher(q).matches() && !INSIDE.matcher(q).matches();
  }

  /** The transactions the counters are divided by. */
  public long transactions() {
    return transactions;
  }

  /**
   * Statements the clients sent per transaction, transaction control left out; NaN without {@code
   * pg_stat_statements} or transactions.
   */
  public double statementsPerTransaction() {
    if (work.statements() == null || transactions == 0) {
      return Double.NaN;
    }
    long calls =
        work.statements().stream()
            .filter(s -> !s.nested() && !transactionControl(s.query()))
            .mapToLong(StatementWork::calls)
            .sum();
    return (double) calls / transactions;
  }

  /**
   * Statements that functions and triggers ran per transaction (their nested statements); NaN
   * without transactions or when nested statements were not seen ({@link
   * ServerWork#nestedStatementsSeen()}).
   */
  public double nestedStatementsPerTransaction() {
    if (!work.nestedStatementsSeen() || transactions == 0) {
      return Double.NaN;
    }
    return (double) work.nestedStatementCalls() / transactions;
  }

  /**
   * Calls per transaction of the statements whose normalized text contains {@code text}, nested
   * ones too, added; NaN without {@code pg_stat_statements} or transactions, 0 when none matches.
   */
  public double callsPerTransaction(String text) {
    if (work.statements() == null || transactions == 0) {
      return Double.NaN;
    }
    return (double) work.statementsContaining(text).stream().mapToLong(StatementWork::calls).sum()
        / transactions;
  }

  /** Calls per transaction of {@code s}; NaN without transactions. */
  public double callsPerTransaction(StatementWork s) {
    return transactions == 0 ? Double.NaN : (double) s.calls() / transactions;
  }

  /**
   * Commits per transaction as {@code pg_stat_database} counts them ({@code xact_commit}, pgperf's
   * own taken out): 1 for a transaction, one per statement when autocommit splits it; NaN without
   * the database's counters or transactions.
   */
  public double commitsPerTransaction() {
    return work.database() == null || transactions == 0
        ? Double.NaN
        : (double) work.database().commits() / transactions;
  }

  /** Rollbacks per transaction ({@code xact_rollback}); NaN as {@link #commitsPerTransaction}. */
  public double rollbacksPerTransaction() {
    return work.database() == null || transactions == 0
        ? Double.NaN
        : (double) work.database().rollbacks() / transactions;
  }

  /**
   * WAL records of the run's top-level statements per transaction (they hold their nested
   * statements' records): unlike WAL bytes, they do not depend on when the last checkpoint was
   * (full-page images); NaN without {@code pg_stat_statements} or transactions.
   */
  public double walRecordsPerTransaction() {
    return work.statements() == null || transactions == 0
        ? Double.NaN
        : (double) work.statementWal().records() / transactions;
  }
}
