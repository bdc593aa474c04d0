package io.github.pgperf.internal.init;

import io.github.pgperf.internal.connect.ConnectionSource;
import java.io.PrintStream;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * Makes what {@code pgbench -i} makes: pgbench's four tables, their rows, keys and partitions, in
 * the connection's search_path or in a given schema, printing pgbench's progress lines.
 *
 * <p>After a complete initialization (steps that create and fill the tables) it records what it
 * made in a table {@code pgperf_init} of the same schema; {@link #isInitialized} tells whether a
 * schema holds exactly a given initialization, so callers can skip making it again.
 */
public final class Initializer {

  private final ConnectionSource source;
  private final PrintStream progress;

  /**
   * @param source opens the connections initialization uses (it may open several)
   * @param progress where the step, progress and {@code done in} lines go (pgbench's stderr)
   */
  public Initializer(ConnectionSource source, PrintStream progress) {
    this.source = Objects.requireNonNull(source, "source");
    this.progress = Objects.requireNonNull(progress, "progress");
  }

  /**
   * Runs the steps of the options in order. The schema's metadata is cleared before the first step
   * and written only after the last one succeeded, and only when the steps created and filled the
   * tables.
   *
   * @throws InitException when the server cannot be reached or a statement fails; the message says
   *     which, as pgbench does
   */
  public void run(InitOptions options) throws InitException {
    Tables tables = new Tables(options);
    InitMetadata metadata = new InitMetadata(tables);
    try (Session session = Session.open(source, progress)) {
      long start = System.nanoTime();
      List<String> timings = new ArrayList<>();
      metadata.clear(session);
      for (InitStep step : options.steps()) {
        progress.println(step.startMessage());
        long stepStart = System.nanoTime();
        runStep(step, session, tables, options);
        timings.add(
            String.format(
                Locale.ROOT,
                "%s %.2f s",
                step.timingName(),
                seconds(System.nanoTime() - stepStart)));
      }
      if (options.makesTablesFromScratch()) {
        metadata.record(session, options);
      }
      progress.printf(
          Locale.ROOT,
          "done in %.2f s (%s).%n",
          seconds(System.nanoTime() - start),
          String.join(", ", timings));
    }
  }

  /**
   * Whether the schema of the options holds exactly what {@link #run} makes with these options,
   * intact: the recorded metadata equals them and branches, tellers and accounts hold their number
   * of rows. History rows and balances are not checked, since benchmark runs change them.
   *
   * @throws InitException when the server cannot be reached or a query fails
   */
  public boolean isInitialized(InitOptions options) throws InitException {
    Tables tables = new Tables(options);
    try (Session session = Session.open(source, progress)) {
      if (!new InitMetadata(tables).matches(session, options)) {
        return false;
      }
      for (String table :
          List.of(Tables.BRANCHES, Tables.TELLERS, Tables.ACCOUNTS, Tables.HISTORY)) {
        if (session.queryText(
                "select to_regclass(" + InitMetadata.literal(tables.name(table)) + ")")
            == null) {
          return false;
        }
      }
      return count(session, tables, Tables.BRANCHES) == tables.branches()
          && count(session, tables, Tables.TELLERS) == tables.tellers()
          && count(session, tables, Tables.ACCOUNTS) == tables.accounts();
    }
  }

  private static long count(Session session, Tables tables, String table) throws InitException {
    return session.queryLong("select count(*) from " + tables.name(table));
  }

  private void runStep(InitStep step, Session session, Tables tables, InitOptions options)
      throws InitException {
    switch (step) {
      case DROP_TABLES -> session.execute(tables.drop());
      case CREATE_TABLES -> {
        createSchemaIfMissing(session, options);
        if (options.partitioned()) {
          // pgbench prints this before creating any table.
          progress.println("creating " + options.partitions() + " partitions...");
        }
        for (String sql : tables.create()) {
          session.execute(sql);
        }
      }
      case CLIENT_SIDE_GENERATE -> generateClientSide(session, tables, options);
      case SERVER_SIDE_GENERATE ->
          inTransaction(
              session,
              () -> {
                session.execute(tables.truncate());
                for (String sql : tables.serverSideInserts()) {
                  session.execute(sql);
                }
              });
      case VACUUM -> {
        for (String sql : tables.vacuum()) {
          session.execute(sql);
        }
      }
      case PRIMARY_KEYS -> {
        for (String sql : tables.primaryKeys()) {
          session.execute(sql);
        }
      }
      case FOREIGN_KEYS -> {
        for (String sql : tables.foreignKeys()) {
          session.execute(sql);
        }
      }
    }
  }

  /** A schema the caller named is made if needed; pgbench's search_path default is left alone. */
  private static void createSchemaIfMissing(Session session, InitOptions options)
      throws InitException {
    if (options.schema() != null
        && session.queryText(
                "select to_regnamespace("
                    + InitMetadata.literal(Tables.quoteIdentifier(options.schema()))
                    + ")")
            == null) {
      session.execute("create schema " + Tables.quoteIdentifier(options.schema()));
    }
  }

  private void generateClientSide(Session session, Tables tables, InitOptions options)
      throws InitException {
    InitProgress accountsProgress = new InitProgress(progress, options.quiet(), tables.accounts());
    CopyRows rows = new CopyRows();
    Connection c = session.connection();
    inTransaction(
        session,
        () -> {
          session.execute(tables.truncate());
          // The truncate in this transaction is what makes FREEZE legal on plain tables: the rows
          // arrive frozen and all-visible, so the vacuum step has almost nothing left to do.
          String sql = tables.copy(Tables.BRANCHES, true);
          try {
            rows.branches(c, sql, tables.branches());
            sql = tables.copy(Tables.TELLERS, true);
            rows.tellers(c, sql, tables.tellers());
            sql = tables.copy(Tables.ACCOUNTS, !options.partitioned());
            rows.accounts(c, sql, 1, tables.accounts(), accountsProgress);
          } catch (SQLException e) {
            throw Session.failed(sql, e);
          }
        });
  }

  /** A unit of work that runs inside one transaction. */
  @FunctionalInterface
  private interface Work {
    void run() throws InitException;
  }

  private static void inTransaction(Session session, Work work) throws InitException {
    Connection c = session.connection();
    try {
      c.setAutoCommit(false);
    } catch (SQLException e) {
      throw Session.failed("begin", e);
    }
    boolean committed = false;
    try {
      work.run();
      c.commit();
      committed = true;
    } catch (SQLException e) {
      throw Session.failed("commit", e);
    } finally {
      try {
        if (!committed) {
          c.rollback();
        }
        c.setAutoCommit(true);
      } catch (SQLException e) {
        // The connection is broken; the original failure is the one to report.
      }
    }
  }

  private static double seconds(long nanos) {
    return nanos / 1e9;
  }
}
