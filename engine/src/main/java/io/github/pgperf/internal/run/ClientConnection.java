package io.github.pgperf.internal.run;

import io.github.pgperf.internal.script.Command;
import io.github.pgperf.internal.script.Variables;
import io.github.pgperf.result.QueryMode;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.Statement;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.postgresql.PGConnection;
import org.postgresql.PGStatement;
import org.postgresql.core.BaseConnection;
import org.postgresql.core.BaseStatement;
import org.postgresql.core.QueryExecutor;
import org.postgresql.core.TransactionState;
import org.postgresql.util.PSQLException;
import org.postgresql.util.PSQLWarning;
import org.postgresql.util.ServerErrorMessage;

/**
 * One client's connection and the statements it keeps on it. With {@code -M prepared} each SQL
 * command is prepared on the server at its first execution and reused (pgbench prepares once per
 * connection); with {@code -M extended} the JDBC statement object is reused but parsed on the
 * server at every execution (unnamed statement, as pgbench's PQexecParams); with {@code -M simple}
 * the text with variables substituted is sent.
 */
final class ClientConnection implements AutoCloseable {

  private static final PSQLException MULTIPLE_COMMANDS =
      new PSQLException(
          new ServerErrorMessage(
              "SERROR\0VERROR\0C42601\0M"
                  + "cannot insert multiple commands into a prepared statement\0"));

  private final Connection connection;
  private final BaseConnection base;
  private final QueryMode mode;
  private final BaseStatement simple;
  private final PreparedStatement[][] statements;
  private final StringBuilder text = new StringBuilder(256);
  private final Messages messages;
  private Statement pipeline;
  // A pipeline's command whose bytes the server refuses: what it would have been sent, and in what.
  private byte[] refusedInPipeline;
  private String refusedEncoding;

  ClientConnection(Connection connection, QueryMode mode, int[] commandsPerItem, Messages messages)
      throws SQLException {
    this.connection = connection;
    this.messages = messages;
    this.base = connection.unwrap(BaseConnection.class);
    this.mode = mode;
    connection.setAutoCommit(true);
    this.simple = connection.createStatement().unwrap(BaseStatement.class);
    simple.setEscapeProcessing(false);
    this.statements = new PreparedStatement[commandsPerItem.length][];
    for (int i = 0; i < commandsPerItem.length; i++) {
      statements[i] = new PreparedStatement[commandsPerItem[i]];
    }
  }

  Connection jdbc() {
    return connection;
  }

  /** Whether a transaction block is open (or failed) on the server. */
  boolean inTransaction() {
    return base.getTransactionState() != TransactionState.IDLE;
  }

  /**
   * Runs an SQL command; returns the rows stored by {@code \gset}/{@code \aset} into {@code
   * variables}. Throws the server's error.
   *
   * @throws ScriptFailure for a {@code \gset} result that is not exactly one row
   */
  void execute(Command.Sql sql, int item, int command, Variables variables)
      throws SQLException, ScriptFailure {
    if (sql.template().invalidIn() != null) {
      throw refused(sql, variables);
    }
    Statement statement;
    boolean hasResult;
    if (mode == QueryMode.SIMPLE) {
      statement = simple;
      try {
        String text = substituted(sql, variables);
        // One query goes as a simple Query message, as pgbench's PQexec sends it (pgjdbc would
        // send Parse, Bind, Describe and Execute for the unnamed statement: more messages for the
        // client to write and the server to read). A compound command stays on pgjdbc's
        // extended path: as simple queries pgjdbc would send its parts one message each, each
        // its own implicit transaction, where pgbench's one message makes them one.
        hasResult =
            sql.parts().size() == 1
                ? simple.executeWithFlags(text, QueryExecutor.QUERY_EXECUTE_AS_SIMPLE)
                : simple.execute(text);
      } finally {
        printNotices(simple);
      }
    } else {
      if (sql.parts().size() > 1) {
        // pgjdbc would split the command and run its parts; the server refuses several commands
        // in one Parse message, as pgbench sends them: pgbench's outcome, without a round trip.
        if (mode == QueryMode.PREPARED) {
          throw new PreparationException(MULTIPLE_COMMANDS);
        }
        throw MULTIPLE_COMMANDS;
      }
      PreparedStatement ps = statements[item][command];
      boolean first = false;
      if (ps == null) {
        ps = connection.prepareStatement(sql.template().jdbcText());
        ps.setEscapeProcessing(false);
        // 1: a named server statement from the first execution on; 0: unnamed, parsed each time.
        ps.unwrap(PGStatement.class).setPrepareThreshold(mode == QueryMode.PREPARED ? 1 : 0);
        statements[item][command] = ps;
        first = mode == QueryMode.PREPARED;
      }
      int n = sql.template().parameterCount();
      for (int i = 0; i < n; i++) {
        String value = sql.template().parameter(i, variables);
        if (value == null) {
          ps.setNull(i + 1, Types.OTHER);
        } else {
          // Types.OTHER sends the text untyped, as pgbench's PQexecParams does.
          ps.setObject(i + 1, value, Types.OTHER);
        }
      }
      statement = ps;
      try {
        hasResult = first ? executeFirst(ps) : ps.execute();
      } finally {
        printNotices(ps);
      }
    }
    if (sql.store() != Command.Store.NONE) {
      store(statement, hasResult, sql, variables);
    }
  }

  /**
   * The server's error for a command holding bytes the client encoding does not allow: the bytes
   * pgbench would send (the text with values in place, or with {@code $n}) handed to the server to
   * check, so the message is the server's own. Only commands found refused before the run get here;
   * their clients abort, so this path is taken once per client.
   */
  private SQLException refused(Command.Sql sql, Variables variables) {
    SQLException error =
        check(
            sql.template().bytesSent(mode == QueryMode.SIMPLE, variables),
            sql.template().invalidIn().checkedAs());
    // pgbench's -M prepared fails preparing it, then executing the statement never prepared.
    return mode == QueryMode.PREPARED ? new PreparationException(error) : error;
  }

  private SQLException check(byte[] bytes, String encoding) {
    try {
      ScriptsOnServer.refusal(connection, bytes, encoding);
    } catch (SQLException e) {
      return e;
    }
    return new SQLException(
        "the server took bytes in " + encoding + " that it refused when the" + " run started",
        "XX000");
  }

  /**
   * A prepared statement's first execution on this connection. pgbench prepares a statement on its
   * own (PQprepare) and reports the server's refusal apart from an execution error; pgjdbc parses
   * and executes in one round trip. When that fails, a describe-only round trip (on the error path
   * only) that fails the same way shows the statement could not be prepared.
   */
  private static boolean executeFirst(PreparedStatement ps) throws SQLException {
    try {
      return ps.execute();
    } catch (PSQLException e) {
      ServerErrorMessage m = e.getServerErrorMessage();
      if (m == null || !"ERROR".equals(m.getSeverity())) {
        throw e;
      }
      try {
        ps.getParameterMetaData();
      } catch (PSQLException again) {
        if (again.getServerErrorMessage() != null
            && Objects.equals(again.getSQLState(), e.getSQLState())) {
          throw new PreparationException(again);
        }
      }
      throw e;
    }
  }

  private String substituted(Command.Sql sql, Variables variables) {
    if (sql.template().parameterCount() == 0) {
      return sql.text();
    }
    text.setLength(0);
    sql.template().appendSubstituted(variables, text);
    return text.toString();
  }

  /** pgbench's \gset (the last query, exactly one row) and \aset (every query with rows). */
  private static void store(
      Statement statement, boolean hasResult, Command.Sql sql, Variables variables)
      throws SQLException, ScriptFailure {
    List<QueryResult> results = new ArrayList<>();
    boolean isRows = hasResult;
    while (true) {
      if (isRows) {
        results.add(QueryResult.read(statement.getResultSet()));
      } else if (statement.getUpdateCount() == -1) {
        break;
      } else {
        results.add(QueryResult.COMMAND);
      }
      isRows = statement.getMoreResults();
    }
    if (sql.store() == Command.Store.GSET) {
      int last = results.size() - 1;
      QueryResult r = last < 0 ? QueryResult.COMMAND : results.get(last);
      if (r.rows() != 1) {
        throw ScriptFailure.gset(Math.max(0, last), r.rows());
      }
      r.storeInto(variables, sql.prefix(), last);
    } else {
      for (int q = 0; q < results.size(); q++) {
        if (results.get(q).rows() > 0) {
          results.get(q).storeInto(variables, sql.prefix(), q);
        }
      }
    }
  }

  /** What one query of a \gset/\aset command returned: its row count and last row. */
  private record QueryResult(int rows, String[] labels, String[] lastRow) {

    static final QueryResult COMMAND = new QueryResult(0, new String[0], new String[0]);

    static QueryResult read(ResultSet rs) throws SQLException {
      try (rs) {
        ResultSetMetaData meta = rs.getMetaData();
        int columns = meta.getColumnCount();
        String[] labels = new String[columns];
        for (int c = 0; c < columns; c++) {
          labels[c] = meta.getColumnLabel(c + 1);
        }
        String[] last = new String[columns];
        int rows = 0;
        while (rs.next()) {
          rows++;
          for (int c = 0; c < columns; c++) {
            String v = rs.getString(c + 1);
            // libpq gives an empty string for NULL.
            last[c] = v == null ? "" : v;
          }
        }
        return new QueryResult(rows, labels, last);
      }
    }

    void storeInto(Variables variables, String prefix, int query) throws ScriptFailure {
      for (int c = 0; c < labels.length; c++) {
        String name = prefix + labels[c];
        try {
          variables.putString(name, lastRow[c]);
        } catch (IllegalArgumentException e) {
          throw ScriptFailure.storing(query, name);
        }
      }
    }
  }

  /** Starts collecting a pipeline's commands into one JDBC batch. */
  void startPipeline() throws SQLException {
    pipeline = connection.createStatement();
    pipeline.setEscapeProcessing(false);
  }

  boolean inPipeline() {
    return pipeline != null;
  }

  /** Adds a command of the open pipeline, its variables substituted as text. */
  void addToPipeline(Command.Sql sql, Variables variables) throws SQLException {
    if (sql.template().invalidIn() != null) {
      // Refused when the pipeline ends, as pgbench learns of it when it reads the results.
      if (refusedInPipeline == null) {
        refusedInPipeline = sql.template().bytesSent(false, variables);
        refusedEncoding = sql.template().invalidIn().checkedAs();
      }
      return;
    }
    pipeline.addBatch(substituted(sql, variables));
  }

  /** Sends the pipeline's commands together, with one sync, and waits for all their results. */
  void endPipeline() throws SQLException {
    Statement batch = pipeline;
    pipeline = null;
    if (refusedInPipeline != null) {
      // The server would refuse the whole pipeline's transaction: none of it runs.
      byte[] bytes = refusedInPipeline;
      refusedInPipeline = null;
      batch.close();
      throw check(bytes, refusedEncoding);
    }
    try (batch) {
      try {
        batch.executeBatch();
      } finally {
        printNotices(batch);
      }
    }
  }

  /** Forgets an open pipeline (after an error). */
  void discardPipeline() {
    refusedInPipeline = null;
    if (pipeline != null) {
      try {
        pipeline.close();
      } catch (SQLException e) {
        // The batch was never sent; nothing to undo.
      }
      pipeline = null;
    }
  }

  void rollback() throws SQLException {
    try {
      simple.execute("ROLLBACK");
    } finally {
      printNotices(simple);
    }
  }

  /**
   * Prints the notices the server sent with the statement's last execution as libpq's default
   * notice processor does (pgbench keeps it): before the statement's error when it failed, and
   * before a lost connection's abort line (an immediate shutdown's warning). pgjdbc clears them
   * when the statement runs again; without notices this is a field read. One line per call, so
   * other clients' notices do not interleave with it.
   */
  private void printNotices(Statement statement) {
    SQLWarning first;
    try {
      first = statement.getWarnings();
    } catch (SQLException e) {
      return; // a closed statement has nothing more to say
    }
    if (first == null) {
      return;
    }
    StringBuilder out = new StringBuilder(128);
    for (SQLWarning w = first; w != null; w = w.getNextWarning()) {
      if (out.length() > 0) {
        out.append('\n');
      }
      out.append(w instanceof PSQLWarning p ? ErrorMessage.of(p) : w.getMessage());
    }
    messages.rawLine(out.toString());
  }

  /** Asks the server to cancel the running statement; from another thread. */
  void cancel() {
    try {
      connection.unwrap(PGConnection.class).cancelQuery();
    } catch (SQLException e) {
      // The server may be gone; closing the connection is the next step.
    }
  }

  /** Closes the connection's socket under a statement blocked in it; from another thread. */
  void abort() {
    try {
      connection.abort(Runnable::run);
    } catch (SQLException e) {
      // Already closed.
    }
  }

  @Override
  public void close() {
    try {
      connection.close();
    } catch (SQLException e) {
      // A broken connection is closed anyway.
    }
  }

  static int[] commandCounts(List<List<String>> commands) {
    int[] counts = new int[commands.size()];
    for (int i = 0; i < counts.length; i++) {
      counts[i] = commands.get(i).size();
    }
    return counts;
  }
}
