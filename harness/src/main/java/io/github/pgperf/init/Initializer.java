package io.github.pgperf.init;

import io.github.pgperf.connect.ConnectionSource;
import java.io.PrintStream;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * Makes what {@code pgbench -i} makes: pgbench's four tables, their rows, keys and partitions,
 * in the connection's search_path or in a given schema, printing pgbench's progress lines.
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
   * Runs the steps of the options in order. The schema's metadata is cleared before the first
   * step and written only after the last one succeeded, and only when the steps created and
   * filled the tables.
   *
   * @throws InitException when the server cannot be reached or a statement fails; the message
   *     says which, as pgbench does
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
        timings.add(String.format(Locale.ROOT, "%s %.2f s",
            step.timingName(), seconds(System.nanoTime() - stepStart)));
      }
      if (options.steps().contains(InitStep.CREATE_TABLES)
          && (options.steps().contains(InitStep.CLIENT_SIDE_GENERATE)
              || options.steps().contains(InitStep.SERVER_SIDE_GENERATE))) {
        metadata.record(session, options);
      }
      progress.printf(Locale.ROOT, "done in %.2f s (%s).%n",
          seconds(System.nanoTime() - start), String.join(", ", timings));
    }
  }

  /**
   * Whether the schema of the options holds exactly what {@link #run} makes with these options,
   * intact: the recorded metadata equals them and branches, tellers and accounts hold their
   * number of rows. History rows and balances are not checked, since benchmark runs change them.
   *
   * @throws InitException when the server cannot be reached or a query fails
   */
  public boolean isInitialized(InitOptions options) throws InitException {
    Tables tables = new Tables(options);
    try (Session session = Session.open(source, progress)) {
      if (!new InitMetadata(tables).matches(session, options)) {
        return false;
      }
      for (String table : List.of(Tables.BRANCHES, Tables.TELLERS, Tables.ACCOUNTS,
          Tables.HISTORY)) {
        if (session.queryText("select to_regclass(" + InitMetadata.literal(tables.name(table))
            + ")") == null) {
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
        if (options.partitioned()) {
          // pgbench prints this before creating any table.
          progress.println("creating " + options.partitions() + " partitions...");
        }
        for (String sql : tables.create()) {
          session.execute(sql);
        }
      }
      case CLIENT_SIDE_GENERATE -> generateClientSide(session, tables, options);
      case SERVER_SIDE_GENERATE -> inTransaction(session, () -> {
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
        if (Boolean.getBoolean("pgperf.pkFirst")) {
          return;
        }
        if (System.getProperty("pgperf.mwm") != null) {
          session.execute("set maintenance_work_mem = '" + System.getProperty("pgperf.mwm") + "'");
        }
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

  private void generateClientSide(Session session, Tables tables, InitOptions options)
      throws InitException {
    Progress accountsProgress = new Progress(progress, options.quiet(), tables.accounts());
    CopyRows rows = new CopyRows();
    Connection c = session.connection();
    int conns = Integer.getInteger("pgperf.copyConnections", 1);
    boolean binary = Boolean.getBoolean("pgperf.binary");
    String fmt = binary ? " with (format binary" : "";
    inTransaction(session, () -> {
      session.execute(tables.truncate());
      // The truncate in this transaction is what makes FREEZE legal on plain tables.
      String sql = tables.copy(Tables.BRANCHES, true);
      try {
        rows.branches(c, sql, tables.branches());
        sql = tables.copy(Tables.TELLERS, true);
        rows.tellers(c, sql, tables.tellers());
        if (Boolean.getBoolean("pgperf.pkFirst")) {
          for (String pk : tables.primaryKeys()) {
            session.execute(pk);
          }
        }
        if (conns == 1) {
          boolean freeze = !options.partitioned();
          sql = binary ? "copy " + tables.name(Tables.ACCOUNTS) + " from stdin with (format binary" + (freeze ? ", freeze on)" : ")")
              : tables.copy(Tables.ACCOUNTS, freeze);
          if (binary) {
            rows.accountsBinary(c, sql, 1, tables.accounts(), false, accountsProgress);
          } else {
            rows.accounts(c, sql, 1, tables.accounts(), accountsProgress);
          }
        }
      } catch (SQLException e) {
        throw Session.failed(sql, e);
      }
    });
    if (conns > 1) {
      long n = tables.accounts();
      long chunk = (n / conns + 99) / 100 * 100;
      var pool = java.util.concurrent.Executors.newFixedThreadPool(conns);
      var futures = new ArrayList<java.util.concurrent.Future<?>>();
      for (int i = 0; i < conns; i++) {
        long lo = i * chunk + 1;
        long hi = Math.min(n, (i + 1) * chunk);
        futures.add(pool.submit(() -> {
          try (Session s = Session.open(source, progress)) {
            String sql = binary ? "copy " + tables.name(Tables.ACCOUNTS) + " from stdin with (format binary)" : tables.copy(Tables.ACCOUNTS, false);
            if (binary) {
              new CopyRows().accountsBinary(s.connection(), sql, lo, hi, false, accountsProgress);
            } else {
              new CopyRows().accounts(s.connection(), sql, lo, hi, accountsProgress);
            }
          }
          return null;
        }));
      }
      try {
        for (var f : futures) {
          f.get();
        }
      } catch (Exception e) {
        throw new InitException("parallel copy failed: " + e, null);
      } finally {
        pool.shutdown();
      }
    }
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
