package io.github.pgperf.internal.run;

import io.github.pgperf.internal.connect.ConnectionSource;
import io.github.pgperf.internal.output.TransactionLog;
import io.github.pgperf.internal.script.Command;
import io.github.pgperf.internal.script.Script;
import io.github.pgperf.internal.script.Workload;
import io.github.pgperf.internal.script.WorkloadItem;
import java.io.PrintStream;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * What every client of a run shares, read-only once the clients run (the start times are published
 * through the start latch).
 */
final class Benchmark {

  final RunOptions options;
  final Workload workload;

  /** Per item: its commands (empty for a Java transaction). */
  final Command[][] commands;

  final WorkloadItem[] items;
  final ConnectionSource source;
  final PrintStream err;
  final Messages messages;
  final TransactionLog logFormat;
  final int[] commandCounts;

  /**
   * Per item and command: the name pgbench 15 prepares an SQL command under with {@code -M
   * prepared}, {@code P_n} with n counting the SQL commands of all scripts in order; null for
   * meta-commands. Used in messages and {@code -d} lines.
   */
  final String[][] preparedNames;

  /** {@code -d}: whether clients print pgbench's debugging lines. */
  final boolean debug;

  final CountDownLatch connected;
  final CountDownLatch go = new CountDownLatch(1);

  /** The monotonic clock's value at the Unix epoch, µs: epoch time = clock - epochOffset. */
  final long epochOffsetMicros;

  // Set before go opens.
  long benchStartMicros;
  long measuredStartMicros;

  /** End of a -T run on the clock, or Long.MAX_VALUE. */
  long endMicros = Long.MAX_VALUE;

  /** Set when a client's first connection failed: nobody starts. */
  volatile boolean cancelled;

  /**
   * Connections of clients that ran to their end, closed by {@link #closeFinished} once every
   * client has finished, as pgbench's threads close theirs when all their clients are done: a
   * backend exiting costs the server work, and 200 exiting one by one while other clients still ran
   * their last transaction made those take seconds and the run end seconds after {@code -T}.
   */
  private final Queue<ClientConnection> finished = new ConcurrentLinkedQueue<>();

  /** A client that ran to its end leaves its connection here. */
  void finished(ClientConnection connection) {
    finished.add(connection);
    if (cancelled) {
      // The run was abandoned: nobody else may be left to close it.
      closeFinished();
    }
  }

  /** Closes the connections left by clients that ran to their end. */
  void closeFinished() {
    ClientConnection connection;
    while ((connection = finished.poll()) != null) {
      connection.close();
    }
  }

  /** The first client whose first connection failed, or -1. */
  final AtomicInteger firstFailedClient = new AtomicInteger(-1);

  Benchmark(
      RunOptions options,
      Workload workload,
      ConnectionSource source,
      PrintStream err,
      TransactionLog logFormat) {
    this.options = options;
    this.workload = workload;
    this.source = source;
    this.err = err;
    this.messages = new Messages(err);
    this.logFormat = logFormat;
    List<Workload.Entry> entries = workload.entries();
    this.items = new WorkloadItem[entries.size()];
    this.commands = new Command[entries.size()][];
    this.commandCounts = new int[entries.size()];
    this.preparedNames = new String[entries.size()][];
    int prepared = 0;
    for (int i = 0; i < items.length; i++) {
      items[i] = entries.get(i).item();
      commands[i] =
          items[i] instanceof Script s ? s.commands().toArray(Command[]::new) : new Command[0];
      commandCounts[i] = commands[i].length;
      preparedNames[i] = new String[commands[i].length];
      for (int c = 0; c < commands[i].length; c++) {
        if (commands[i][c] instanceof Command.Sql) {
          preparedNames[i][c] = "P_" + prepared++;
        }
      }
    }
    this.debug = options.debug();
    this.connected = new CountDownLatch(options.clients());
    this.epochOffsetMicros = Clock.micros() - System.currentTimeMillis() * 1000;
  }

  /** Prints pgbench's error line (with pgperf's program prefix). */
  void error(String line) {
    messages.error(line);
  }

  long epochMicros(long clockMicros) {
    return clockMicros - epochOffsetMicros;
  }
}
