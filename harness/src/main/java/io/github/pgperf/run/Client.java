package io.github.pgperf.run;

import io.github.pgperf.result.FailureKind;
import io.github.pgperf.result.ThreadRecorder;
import io.github.pgperf.script.Command;
import io.github.pgperf.script.EvaluationException;
import io.github.pgperf.script.ExpressionEvaluator;
import io.github.pgperf.script.JavaTransaction;
import io.github.pgperf.script.Prng;
import io.github.pgperf.script.QueryMode;
import io.github.pgperf.script.Script;
import io.github.pgperf.script.Variables;
import java.io.IOException;
import java.sql.BatchUpdateException;
import java.sql.SQLException;
import org.postgresql.util.PSQLException;
import org.postgresql.util.ServerErrorMessage;

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
  boolean aborted;

  // Where the current try stopped, and why.
  private int failedCommand;
  private FailureKind failureKind;
  private String failureMessage;

  Client(int id, Benchmark bench, ClientGroup group, Variables variables, Prng random,
      ThreadRecorder recorder, ThreadRecorder warmupRecorder) {
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
  }

  @Override
  public void run() {
    try {
      if (!options.connectPerTransaction()) {
        try {
          connection = connect();
        } catch (SQLException e) {
          bench.error(connectionMessage(e));
          bench.error("could not create connection for client " + id);
          bench.cancelled = true;
        }
      }
      bench.connected.countDown();
      bench.go.await();
      if (!bench.cancelled) {
        loop();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (IOException e) {
      bench.error("could not write log file: " + e.getMessage());
    } catch (RuntimeException e) {
      // A bug of ours or of a driver: this client stops with one line, the run goes on.
      bench.error("client " + id + " aborted: internal error: " + e);
      aborted = true;
    } finally {
      if (connection != null) {
        connection.close();
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
      long now = Clock.micros();
      if ((perClient > 0 && transactions >= perClient) || now >= end) {
        break;
      }
      int item = group.chooseItem();
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
        bench.error(connectionMessage(e));
        bench.error("client " + id + " aborted while establishing connection");
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
        r.commandRetried(item, failedCommand);
        if (options.verboseErrors()) {
          bench.messages.info("client " + id
              + " repeats the transaction after the error (try " + tries + triesLimit() + ")");
        }
        if (!rollbackIfNeeded(item)) {
          return false;
        }
        random.restore(state0, state1);
        continue;
      }
      r.commandFailed(item, failedCommand);
      if (options.verboseErrors()) {
        bench.messages.info("client " + id
            + " ends the failed transaction (try " + tries + triesLimit() + ")");
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
    boolean open = outcome == OK && bench.items[item] instanceof Script
        && connection != null && connection.inTransaction();
    if (options.connectPerTransaction()) {
      long start = Clock.micros();
      connection.close();
      connection = null;
      recorderFor(begin).connected(Clock.micros() - start);
    }
    if (open) {
      bench.error("client " + id
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
      abortSql(e, failedCommand, item);
      return false;
    }
  }

  /**
   * Records a transaction that ended: outcome 0 processed, 1 failed, 2 skipped. Transactions that
   * began in the warm-up are neither recorded nor counted.
   */
  private void ended(int item, long now, long latency, long lag, int tries, int outcome,
      FailureKind kind) throws IOException {
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
      case 0 -> bench.logFormat.appendProcessed(logLines, id, transactions, latency, item, epoch,
          lag, tries);
      case 1 -> bench.logFormat.appendFailed(logLines, id, transactions, kind, item, epoch, lag,
          tries);
      default -> bench.logFormat.appendSkipped(logLines, id, transactions, item, epoch, lag,
          tries);
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
          if (connection.inPipeline()) {
            connection.addToPipeline(sql, variables);
          } else {
            connection.execute(sql, item, c, variables);
          }
        } else if (command instanceof Command.Set set) {
          evaluator.set(set.variable(), set.expression(), item, c);
        } else if (command instanceof Command.If branch) {
          next = evaluator.test(branch.condition(), item, c) ? c + 1 : enterBranch(
              commands, branch.next(), item);
        } else if (command instanceof Command.Elif elif) {
          next = elif.end();
        } else if (command instanceof Command.Else otherwise) {
          next = otherwise.end();
        } else if (command instanceof Command.Endif) {
          next = c + 1;
        } else if (command instanceof Command.Sleep sleep) {
          Clock.sleepUntil(Clock.micros() + sleepMicros(sleep));
        } else if (command instanceof Command.SetShell setShell) {
          long value = ShellCommand.output(setShell.words(), variables, setShell.name());
          variables.putInt(setShell.variable(), value);
        } else if (command instanceof Command.Shell shell) {
          ShellCommand.run(shell.words(), variables, shell.name());
        } else if (command instanceof Command.StartPipeline start1) {
          if (options.queryMode() == QueryMode.SIMPLE) {
            throw ScriptFailure.meta("", start1.name(),
                "cannot use pipeline mode with the simple query protocol");
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
        SQLException cause = serverError(e);
        String state = cause.getSQLState();
        failedCommand = c;
        if ("40001".equals(state) || "40P01".equals(state)) {
          failureKind = "40001".equals(state) ? FailureKind.SERIALIZATION : FailureKind.DEADLOCK;
          if (options.verboseErrors()) {
            bench.messages.info("client " + id + " got an error in command " + c
                + " (SQL) of script " + item + "; " + errorText(cause));
          }
          return RETRY;
        }
        abortSql(cause, c, item);
        return FAIL;
      } catch (EvaluationException e) {
        if (!e.getMessage().isEmpty()) {
          bench.error(e.getMessage());
        }
        bench.error("client " + id + " aborted in command " + c + " ("
            + ((Command.Meta) command).name().toLowerCase(java.util.Locale.ROOT) + ") of script "
            + item + "; " + (e.isAssignment() ? "assignment" : "evaluation")
            + " of meta-command failed");
        aborted = true;
        return FAIL;
      } catch (ScriptFailure e) {
        for (String line : e.lines(id, item, c)) {
          bench.error(line);
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

  /** Where a false condition leads: an {@code \elif} decides, {@code \else} enters its branch. */
  private int enterBranch(Command[] commands, int target, int item) throws EvaluationException {
    while (commands[target] instanceof Command.Elif elif) {
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
        throw ScriptFailure.meta(sleep.name() + ": undefined variable \"" + variable + "\"",
            sleep.name(), "execution of meta-command failed");
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
      failedCommand = 0;
      String state = e.getSQLState();
      if ("40001".equals(state) || "40P01".equals(state)) {
        failureKind = "40001".equals(state) ? FailureKind.SERIALIZATION : FailureKind.DEADLOCK;
        return RETRY;
      }
      if (state != null && (state.startsWith("08") || state.startsWith("57P"))) {
        abortSql(e, 0, item);
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
        abortSql(lost, 0, item);
      }
      if (options.verboseErrors()) {
        bench.messages.info("client " + id + " got an error in transaction "
            + java.name() + ": " + failureMessage);
      }
      return FAIL;
    } catch (RuntimeException e) {
      bench.error("client " + id + " aborted in Java transaction " + java.name() + ": " + e);
      aborted = true;
      return FAIL;
    }
  }

  private void abortSql(SQLException e, int command, int item) {
    bench.error("client " + id + " script " + item + " aborted in command " + command
        + " query 0: " + errorText(e));
    aborted = true;
  }

  private ClientConnection connect() throws SQLException {
    return new ClientConnection(bench.source.open(), options.queryMode(), bench.commandCounts);
  }

  /** The server's error in a batch's exception chain, if any. */
  private static SQLException serverError(SQLException e) {
    if (e instanceof BatchUpdateException && e.getNextException() != null) {
      return e.getNextException();
    }
    return e;
  }

  /**
   * The error as libpq's default verbosity prints it: {@code ERROR:  message}, then its {@code
   * DETAIL}, {@code HINT} and {@code CONTEXT} lines (libpq's {@code LINE n:} excerpt is not
   * reproduced).
   */
  static String errorText(SQLException e) {
    if (e instanceof PSQLException p && p.getServerErrorMessage() != null) {
      ServerErrorMessage m = p.getServerErrorMessage();
      StringBuilder text = new StringBuilder(m.getSeverity()).append(":  ").append(m.getMessage());
      appendField(text, "DETAIL", m.getDetail());
      appendField(text, "HINT", m.getHint());
      appendField(text, "CONTEXT", m.getWhere());
      return text.toString();
    }
    return e.getMessage();
  }

  private static void appendField(StringBuilder text, String name, String value) {
    if (value != null && !value.isEmpty()) {
      text.append('\n').append(name).append(":  ").append(value);
    }
  }

  static String connectionMessage(SQLException e) {
    return "connection to database failed: " + errorText(e);
  }
}
