package io.github.pgperf.internal.run;

import io.github.pgperf.internal.script.Command;
import io.github.pgperf.internal.script.EvaluationException;
import io.github.pgperf.internal.script.ExpressionEvaluator;
import io.github.pgperf.internal.script.JavaTransaction;
import io.github.pgperf.internal.script.Prng;
import io.github.pgperf.internal.script.Script;
import io.github.pgperf.internal.script.Variables;
import io.github.pgperf.result.Abort;
import io.github.pgperf.result.FailureKind;
import io.github.pgperf.result.QueryMode;
import java.io.IOException;
import java.sql.BatchUpdateException;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.postgresql.util.PSQLException;

/**
 * One client: its connection, variables and random generator, running transactions on its own
 * platform thread until its {@code -t} count or the {@code -T} end, as pgbench's client state
 * machine does. Records into its own {@link ThreadRecorder}; the hot path takes no lock unless the
 * group's shared parts are in use (see {@link ClientGroup}).
 */
final class Client implements Runnable {

  private static final int OK = 0;
  private static final int RETRY = 1;
  private static final int FAIL = 2;

  final int id;
  private final Benchmark bench;
  private final ClientGroup group;
  private final RunOptions options;
  private final Variables variables;
  private final Prng random;
  private final ExpressionEvaluator evaluator;
  final ThreadRecorder recorder;
  private final ThreadRecorder warmupRecorder;
  private final boolean timeCommands;
  private final StringBuilder logLines;
  private ClientConnection connection;
  private long transactions;

  /** This thread's CPU time and allocated bytes when its loop ended ({@link ClientCpu#atEnd}). */
  volatile long[] cpuAtEnd;

  boolean aborted;

  /** {@code -d}: print pgbench's debugging lines (null without {@code -d}). */
  private final DebugLines debug;

  /** -d, -M prepared: the statements this connection has announced as prepared. */
  private boolean[][] announced;

  // Read and written across threads by EndTimeout only, never on the hot path.
  /** The connection, for cancelling it from another thread. */
  private volatile ClientConnection current;

  /** Set when the client is cut after the end of a -T run (the end timeout). */
  private volatile boolean cut;

  /**
   * The error lines printed for this client, the reasons it aborted as the result records them.
   * Written by its own thread and by {@link EndTimeout}'s, only when it gives up.
   */
  private final List<String> errors = Collections.synchronizedList(new ArrayList<>());

  // Where the current try stopped, and why.
  private int failedCommand;
  private FailureKind failureKind;
  private String failureMessage;

  /** This client's variables: after the run, the values of its last transaction. */
  Variables variables() {
    return variables;
  }

  Client(
      int id,
      Benchmark bench,
      ClientGroup group,
      Variables variables,
      Prng random,
      ThreadRecorder recorder,
      ThreadRecorder warmupRecorder) {
    this.id = id;
    this.bench = bench;
    this.group = group;
    this.options = bench.options;
    this.variables = variables;
    this.random = random;
    this.evaluator = new ExpressionEvaluator(variables, random, bench.err);
    this.recorder = recorder;
    this.warmupRecorder = warmupRecorder;
    this.timeCommands = options.perStatement();
    this.logLines = group.logs() && !group.aggregates() ? new StringBuilder(1 << 16) : null;
    this.debug = bench.debug ? new DebugLines(bench) : null;
  }

  @Override
  public void run() {
    boolean ranToEnd = false;
    try {
      // Without -C the runner connected this client before starting it (connectFirst).
      bench.connected.countDown();
      bench.go.await();
      if (!bench.cancelled) {
        try {
          loop();
        } finally {
          cpuAtEnd = ClientCpu.atEnd();
        }
        ranToEnd = !aborted;
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (IOException e) {
      // The transactions it ran are counted, but the log lost lines: the run is not complete.
      error("could not write to log file: " + IoErrors.reason(e));
      aborted = true;
    } catch (RuntimeException e) {
      // A bug of ours or of a driver: this client stops with one line, the run goes on.
      error("client " + id + " aborted: internal error: " + e);
      aborted = true;
    } finally {
      if (connection != null) {
        if (ranToEnd) {
          bench.finished(connection);
        } else {
          connection.close();
        }
        connection = null;
      }
    }
  }

  private void loop() throws IOException {
    boolean throttled = options.rate() > 0;
    long limit = options.latencyLimitMicros();
    int perClient = options.transactions();
    long end = bench.endMicros;
    while (true) {
      if (perClient > 0 && transactions >= perClient) {
        break;
      }
      // pgbench chooses the script, then looks at the clock.
      int item = group.chooseItem();
      if (debug != null) {
        debug.script(id, item);
      }
      long now = Clock.micros();
      if (now >= end) {
        break;
      }
      long scheduled = now;
      if (throttled) {
        scheduled = group.nextSlot();
        if (scheduled >= end) {
          break;
        }
        if (limit > 0) {
          // A slot already too late for the limit is skipped, not run (pgbench under -R -L).
          while (scheduled < now - limit) {
            ended(item, now, 0, 0, 1, 2, null);
            if (perClient > 0 && transactions >= perClient) {
              return;
            }
            scheduled = group.nextSlot();
            if (scheduled >= end) {
              return;
            }
            now = Clock.micros();
          }
        }
        now = Clock.sleepUntil(Math.min(scheduled, end));
        if (now >= end) {
          break;
        }
      }
      if (!transaction(item, scheduled, now)) {
        return;
      }
    }
  }

  /** Runs one transaction with its retries; false when the client aborted. */
  private boolean transaction(int item, long scheduled, long begin) throws IOException {
    if (options.connectPerTransaction()) {
      try {
        connection = connect();
      } catch (SQLException e) {
        error(ConnectionFailure.message(bench.source, e));
        error("client " + id + " aborted while establishing connection");
        aborted = true;
        return false;
      }
      recorderFor(begin).connected(Clock.micros() - begin);
    }
    long state0 = random.state0();
    long state1 = random.state1();
    int tries = 0;
    int outcome;
    while (true) {
      tries++;
      outcome = attempt(item, begin);
      if (outcome == OK || aborted) {
        break;
      }
      ThreadRecorder r = recorderFor(begin);
      if (outcome == RETRY && canRetry(tries, scheduled)) {
        if (failedCommand >= 0) {
          r.commandRetried(item, failedCommand);
        }
        if (options.verboseErrors()) {
          bench.messages.info(
              "client "
                  + id
                  + " repeats the transaction after the error (try "
                  + tries
                  + triesLimit()
                  + ")");
        }
        if (!rollbackIfNeeded(item)) {
          return false;
        }
        random.restore(state0, state1);
        continue;
      }
      if (failedCommand >= 0) {
        r.commandFailed(item, failedCommand);
      }
      if (options.verboseErrors()) {
        bench.messages.info(
            "client " + id + " ends the failed transaction (try " + tries + triesLimit() + ")");
      }
      if (!rollbackIfNeeded(item)) {
        return false;
      }
      break;
    }
    if (aborted) {
      return false;
    }
    long now = Clock.micros();
    if (outcome == OK) {
      ended(item, now, now - scheduled, begin - scheduled, tries, 0, null);
    } else {
      ended(item, now, 0, begin - scheduled, tries, 1, failureKind);
    }
    boolean open =
        outcome == OK
            && bench.items[item] instanceof Script
            && connection != null
            && connection.inTransaction();
    if (options.connectPerTransaction()) {
      long start = Clock.micros();
      connection.close();
      connection = null;
      recorderFor(begin).connected(Clock.micros() - start);
    }
    if (open) {
      error(
          "client "
              + id
              + " aborted: end of script reached without completing the last transaction");
      aborted = true;
      return false;
    }
    return true;
  }

  private String triesLimit() {
    return options.maxTries() > 0 ? "/" + options.maxTries() : "";
  }

  private boolean canRetry(int tries, long scheduled) {
    if (options.maxTries() != 0 && tries >= options.maxTries()) {
      return false;
    }
    long now = Clock.micros();
    if (options.latencyLimitMicros() > 0 && now - scheduled >= options.latencyLimitMicros()) {
      return false;
    }
    return now < bench.endMicros;
  }

  private boolean rollbackIfNeeded(int item) {
    connection.discardPipeline();
    try {
      if (connection.inTransaction()) {
        connection.rollback();
      }
      return true;
    } catch (SQLException e) {
      abortSql(e, null, failedCommand, item);
      return false;
    }
  }

  /**
   * Records a transaction that ended: outcome 0 processed, 1 failed, 2 skipped. Transactions that
   * began in the warm-up are neither recorded nor counted.
   */
  private void ended(
      int item, long now, long latency, long lag, int tries, int outcome, FailureKind kind)
      throws IOException {
    if (now - latency < bench.measuredStartMicros) {
      return;
    }
    transactions++;
    long sinceStart = now - bench.measuredStartMicros;
    switch (outcome) {
      case 0 -> recorder.processed(item, sinceStart, latency, lag, tries);
      case 1 -> recorder.failed(item, sinceStart, kind, tries);
      default -> recorder.skipped(item, sinceStart);
    }
    if (!group.logs()) {
      return;
    }
    long epoch = bench.epochMicros(now);
    if (group.aggregates()) {
      group.aggregate(epoch, outcome, latency, lag, tries, kind);
      return;
    }
    if (options.samplingRate() < 1 && !group.sampled(options.samplingRate())) {
      return;
    }
    switch (outcome) {
      case 0 ->
          bench.logFormat.appendProcessed(
              logLines, id, transactions, latency, item, epoch, lag, tries);
      case 1 ->
          bench.logFormat.appendFailed(logLines, id, transactions, kind, item, epoch, lag, tries);
      default -> bench.logFormat.appendSkipped(logLines, id, transactions, item, epoch, lag, tries);
    }
    logLines.append('\n');
    if (logLines.length() > 60_000) {
      flushLog();
    }
  }

  /** The recorder of a transaction that began at {@code begin}: warm-up ones go elsewhere. */
  private ThreadRecorder recorderFor(long begin) {
    return begin < bench.measuredStartMicros ? warmupRecorder : recorder;
  }

  void flushLog() throws IOException {
    if (logLines != null && logLines.length() > 0) {
      group.write(logLines);
      logLines.setLength(0);
    }
  }

  /** One try of the item: OK, RETRY (serialization or deadlock) or FAIL; aborts on others. */
  private int attempt(int item, long begin) {
    if (bench.items[item] instanceof JavaTransaction java) {
      return javaTransaction(item, java);
    }
    Command[] commands = bench.commands[item];
    ThreadRecorder r = timeCommands ? recorderFor(begin) : null;
    int c = 0;
    while (c < commands.length) {
      long start = timeCommands ? Clock.micros() : 0;
      Command command = commands[c];
      int next = c + 1;
      try {
        if (command instanceof Command.Sql sql) {
          if (debug != null) {
            debugSending(item, c, sql);
          }
          if (connection.inPipeline()) {
            connection.addToPipeline(sql, variables);
          } else {
            connection.execute(sql, item, c, variables);
            if (debug != null) {
              debug.receiving(id);
            }
          }
        } else if (debug != null && debugMeta(commands, item, c)) {
          // A pipeline's end, run with its debugging lines.
        } else if (command instanceof Command.Set set) {
          evaluator.set(set.variable(), set.expression(), item, c);
        } else if (command instanceof Command.If branch) {
          next =
              evaluator.test(branch.condition(), item, c)
                  ? c + 1
                  : enterBranch(commands, branch.next(), item);
        } else if (command instanceof Command.Elif elif) {
          // The end of a branch that ran: on after the \endif, which pgbench skips.
          next = elif.end() + 1;
        } else if (command instanceof Command.Else otherwise) {
          next = otherwise.end() + 1;
        } else if (command instanceof Command.Endif) {
          next = c + 1;
        } else if (command instanceof Command.Sleep sleep) {
          Clock.sleepUntil(Clock.micros() + sleepMicros(sleep));
          checkNotCut(sleep);
        } else if (command instanceof Command.SetShell setShell) {
          long value;
          try {
            value =
                ShellCommand.output(
                    setShell.words(),
                    variables,
                    setShell.name(),
                    debug == null ? null : bench.messages);
          } finally {
            checkNotCut(setShell);
          }
          variables.putInt(setShell.variable(), value);
        } else if (command instanceof Command.Shell shell) {
          try {
            ShellCommand.run(shell.words(), variables, shell.name());
          } finally {
            checkNotCut(shell);
          }
        } else if (command instanceof Command.StartPipeline start1) {
          if (options.queryMode() == QueryMode.SIMPLE) {
            throw ScriptFailure.meta(
                "", start1.name(), "cannot use pipeline mode with the simple query protocol");
          }
          if (connection.inPipeline()) {
            throw ScriptFailure.meta("", start1.name(), "already in pipeline mode");
          }
          connection.startPipeline();
        } else if (command instanceof Command.EndPipeline end) {
          if (!connection.inPipeline()) {
            throw ScriptFailure.meta("", end.name(), "not in pipeline mode");
          }
          connection.endPipeline();
        } else {
          throw ScriptFailure.meta("", ((Command.Meta) command).name(), "invalid command");
        }
      } catch (SQLException e) {
        failedCommand = c;
        if (e instanceof PreparationException p) {
          error(ErrorMessage.of(p.serverError(), ((Command.Sql) command).template().numbered()));
          error(
              "client "
                  + id
                  + " script "
                  + item
                  + " aborted in command "
                  + c
                  + " query 0: ERROR:  prepared statement \""
                  + bench.preparedNames[item][c]
                  + "\" does not exist");
          aborted = true;
          return FAIL;
        }
        SQLException cause = serverError(e);
        String state = cause.getSQLState();
        String query = queryText(command, cause != e);
        if ("40001".equals(state) || "40P01".equals(state)) {
          failureKind = "40001".equals(state) ? FailureKind.SERIALIZATION : FailureKind.DEADLOCK;
          if (options.verboseErrors()) {
            bench.messages.info(
                "client "
                    + id
                    + " got an error in command "
                    + c
                    + " (SQL) of script "
                    + item
                    + "; "
                    + ErrorMessage.of(cause, query));
          }
          return RETRY;
        }
        if (isLostConnection(cause)) {
          lostConnection(item, c);
          return FAIL;
        }
        abortSql(cause, query, c, item);
        return FAIL;
      } catch (EvaluationException e) {
        if (!e.getMessage().isEmpty()) {
          error(e.getMessage());
        }
        error(
            "client "
                + id
                + " aborted in command "
                + c
                + " ("
                + ((Command.Meta) command).name().toLowerCase(java.util.Locale.ROOT)
                + ") of script "
                + item
                + "; "
                + (e.isAssignment() ? "assignment" : "evaluation")
                + " of meta-command failed");
        aborted = true;
        return FAIL;
      } catch (ScriptFailure e) {
        for (String line : e.lines(id, item, c)) {
          error(line);
        }
        aborted = true;
        return FAIL;
      }
      if (timeCommands) {
        r.command(item, c, Clock.micros() - start);
      }
      c = next;
    }
    return OK;
  }

  /**
   * A {@code \sleep} or shell command interrupted because the run's end timeout cut the client ends
   * it, rather than letting a shortened command pass as a finished transaction.
   */
  private void checkNotCut(Command.Meta command) throws ScriptFailure {
    if (cut) {
      throw ScriptFailure.meta(
          "",
          command.name(),
          "still running after the end of the run (" + bench.options.endTimeoutSetting() + ")");
    }
  }

  /** Where a false condition leads: an {@code \elif} decides, {@code \else} enters its branch. */
  private int enterBranch(Command[] commands, int target, int item) throws EvaluationException {
    while (commands[target] instanceof Command.Elif elif) {
      if (debug != null) {
        debug.meta(id, item, target);
      }
      if (evaluator.test(elif.condition(), item, target)) {
        return target + 1;
      }
      target = elif.next();
    }
    return target + 1;
  }

  private long sleepMicros(Command.Sleep sleep) throws ScriptFailure {
    long amount;
    String variable = sleep.variable();
    if (variable != null) {
      String text = variables.text(variable);
      if (text == null) {
        throw ScriptFailure.meta(
            sleep.name() + ": undefined variable \"" + variable + "\"",
            sleep.name(),
            "execution of meta-command failed");
      }
      amount = Command.Sleep.amountOf(text);
    } else {
      amount = sleep.literal();
    }
    return switch (sleep.unit()) {
      case MICROSECONDS -> amount;
      case MILLISECONDS -> amount * 1000;
      default -> amount * 1_000_000;
    };
  }

  private int javaTransaction(int item, JavaTransaction java) {
    try {
      java.body().execute(connection.jdbc());
      if (!connection.jdbc().getAutoCommit()) {
        // The body's transaction is over; the next body starts as documented, autocommit on.
        connection.jdbc().setAutoCommit(true);
      }
      return OK;
    } catch (SQLException e) {
      if (cut) {
        // Cancelled by the end timeout: the client is cut, as a script's client is.
        error(
            "client " + id + " aborted in Java transaction " + java.name() + ": " + e.getMessage());
        aborted = true;
        return FAIL;
      }
      // A Java transaction has no commands to count the failure against (-r counts per command).
      failedCommand = -1;
      String state = e.getSQLState();
      if ("40001".equals(state) || "40P01".equals(state)) {
        failureKind = "40001".equals(state) ? FailureKind.SERIALIZATION : FailureKind.DEADLOCK;
        return RETRY;
      }
      if (state != null && (state.startsWith("08") || state.startsWith("57P"))) {
        abortSql(e, null, 0, item);
        return FAIL;
      }
      failureKind = FailureKind.OTHER;
      failureMessage = e.getMessage();
      try {
        if (connection.inTransaction()) {
          connection.rollback();
        }
        connection.jdbc().setAutoCommit(true);
      } catch (SQLException lost) {
        abortSql(lost, null, 0, item);
      }
      if (options.verboseErrors()) {
        bench.messages.info(
            "client " + id + " got an error in transaction " + java.name() + ": " + failureMessage);
      }
      return FAIL;
    } catch (RuntimeException e) {
      error("client " + id + " aborted in Java transaction " + java.name() + ": " + e);
      aborted = true;
      return FAIL;
    }
  }

  private void abortSql(SQLException e, String query, int command, int item) {
    error(
        "client "
            + id
            + " script "
            + item
            + " aborted in command "
            + command
            + " query 0: "
            + ErrorMessage.of(e, query));
    aborted = true;
  }

  /**
   * The text libpq knows for a failed command, for the error's {@code LINE} excerpt: the text sent
   * in simple mode, the text with {@code $n} in extended mode; none ({@code null}) for a prepared
   * statement's execution. Empty when the server's position is not in terms of pgbench's text:
   * pgjdbc sends a pipeline's commands and the parts of a {@code \;} compound command one by one.
   */
  private String queryText(Command command, boolean fromBatch) {
    if (!(command instanceof Command.Sql sql)) {
      return fromBatch ? ErrorMessage.POSITION_UNKNOWN : null;
    }
    if (fromBatch || sql.parts().size() > 1) {
      return ErrorMessage.POSITION_UNKNOWN;
    }
    return switch (options.queryMode()) {
      case SIMPLE -> sql.template().substituted(variables);
      case EXTENDED -> sql.template().numbered();
      case PREPARED -> null;
    };
  }

  /** The connection broke without an error from the server (it died, or pgperf cut it). */
  private static boolean isLostConnection(SQLException e) {
    String state = e.getSQLState();
    return state != null
        && state.startsWith("08")
        && !(e instanceof PSQLException p && p.getServerErrorMessage() != null);
  }

  /**
   * As pgbench when the server closes the connection without an error: the abort line, after the
   * notices it sent last (an immediate shutdown's warning), which the connection has printed.
   */
  private void lostConnection(int item, int command) {
    String reason =
        cut
            ? "connection closed by pgperf after the end of the run ("
                + bench.options.endTimeoutSetting()
                + ")"
            : "perhaps the backend died while processing";
    error(
        "client "
            + id
            + " aborted in command "
            + command
            + " (SQL) of script "
            + item
            + "; "
            + reason);
    aborted = true;
  }

  /**
   * Opens the client's connection for the whole run (without {@code -C}); the runner calls it, in
   * pgbench's order, before the client's thread starts.
   */
  void connectFirst() throws SQLException {
    connection = connect();
  }

  /** Closes a connection made by {@link #connectFirst} when the run does not start after all. */
  void disconnect() {
    if (connection != null) {
      connection.close();
      connection = null;
    }
  }

  private ClientConnection connect() throws SQLException {
    ClientConnection c =
        new ClientConnection(
            bench.source.open(), options.queryMode(), bench.commandCounts, bench.messages);
    current = c;
    if (debug != null && debug.prepares()) {
      // A new connection has nothing prepared.
      announced = new boolean[bench.commands.length][];
      for (int i = 0; i < announced.length; i++) {
        announced[i] = new boolean[bench.commands[i].length];
      }
    }
    return c;
  }

  /**
   * After the end of a {@code -T} run and its timeout: asks the server to cancel this client's
   * statement, from a thread of its own (a server that answers nothing would block it).
   */
  /** Prints pgbench's error line for this client and keeps it as a reason it aborted. */
  void error(String line) {
    bench.error(line);
    errors.add(line);
  }

  /** Why this client aborted, as its error lines said; a bare line when none was printed. */
  Abort abort() {
    synchronized (errors) {
      return new Abort(
          id, errors.isEmpty() ? List.of("client " + id + " aborted") : List.copyOf(errors));
    }
  }

  void cutAtEnd() {
    cut = true;
    ClientConnection c = current;
    if (c != null) {
      Thread cancel = new Thread(c::cancel, "pgperf-cancel-" + id);
      cancel.setDaemon(true);
      cancel.start();
    }
  }

  /** When a cancel did not end the client: closes its connection under it. */
  void closeConnectionAtEnd() {
    ClientConnection c = current;
    if (c != null) {
      c.abort();
    }
  }

  private void debugSending(int item, int command, Command.Sql sql) {
    if (debug.prepares() && !announced[item][command]) {
      announced[item][command] = true;
      debug.preparing(id, item, command);
    }
    debug.sending(id, item, command, sql, variables);
  }

  /**
   * Prints a meta-command's {@code -d} line; runs {@code \startpipeline} and {@code \endpipeline}
   * here with their own lines (pgbench prepares a pipeline's statements when it starts, and reports
   * results and the pipeline's end when it ends).
   *
   * @return true when the command was run here
   */
  private boolean debugMeta(Command[] commands, int item, int c)
      throws SQLException, ScriptFailure {
    debug.meta(id, item, c);
    if (commands[c] instanceof Command.StartPipeline && debug.prepares()) {
      for (int k = c + 1;
          k < commands.length && !(commands[k] instanceof Command.EndPipeline);
          k++) {
        if (commands[k] instanceof Command.Sql && !announced[item][k]) {
          announced[item][k] = true;
          debug.preparing(id, item, k);
        }
      }
      return false;
    }
    if (commands[c] instanceof Command.EndPipeline && connection.inPipeline()) {
      connection.endPipeline();
      debug.receiving(id);
      debug.pipelineEnding(id);
      return true;
    }
    return false;
  }

  /** The server's error in a batch's exception chain, if any. */
  private static SQLException serverError(SQLException e) {
    if (e instanceof BatchUpdateException && e.getNextException() != null) {
      return e.getNextException();
    }
    return e;
  }
}
