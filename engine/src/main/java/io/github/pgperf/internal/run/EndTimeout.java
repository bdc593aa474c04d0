package io.github.pgperf.internal.run;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Waits for the clients at the end of a run and, given an end timeout, makes sure a {@code -T} run
 * ends even when the server stops answering.
 *
 * <p>pgbench lets every transaction still running at the end of {@code -T} finish, and waits for it
 * as long as it takes: a server that pauses (a long checkpoint fsync, a VM pause) only makes the
 * last transactions slow, and they count; one that stopped for good (a lock nobody releases) keeps
 * pgbench waiting forever. Without an end timeout ({@link RunOptions#endTimeoutSeconds()} 0, the
 * command line's default) pgperf waits the same way. With one (the JUnit extension's default: a
 * hung build is worse than a late one) it waits that long after the end; then, for each client
 * still running, it prints why, sends the server a cancel request for the client's statement (the
 * client then aborts with the server's "canceling statement" error, naming its script and command),
 * and if that does not end the client within 5 s (a server that answers nothing, not even a cancel
 * request), closes the client's connection. A client blocked outside the database (a {@code \shell}
 * command) is interrupted last. Every client cut this way counts as aborted, and a last line says
 * that the end timeout cut the run short.
 *
 * <p>Without {@code -T} there is no end to measure from, so a {@code -t} run waits as pgbench does;
 * legitimate long statements are never cut before the end of the run.
 */
final class EndTimeout {

  /** How long a cancel request, then a closed connection, may take to end a client. */
  static final long CANCEL_WAIT_MICROS = 5_000_000;

  private final Benchmark bench;

  EndTimeout(Benchmark bench) {
    this.bench = bench;
  }

  /**
   * Waits until every client's thread ended, or was cut after the end timeout.
   *
   * @return the clients that did not stop even when interrupted (their threads are left running)
   */
  List<Client> await(List<Client> clients, List<Thread> threads) throws InterruptedException {
    int timeout = bench.options.endTimeoutSeconds();
    if (bench.endMicros == Long.MAX_VALUE || timeout == 0) {
      for (Thread thread : threads) {
        thread.join();
      }
      return List.of();
    }
    List<Integer> late = new ArrayList<>();
    for (int i = 0; i < threads.size(); i++) {
      late.add(i);
    }
    late = joinUntil(threads, late, bench.endMicros + TimeUnit.SECONDS.toMicros(timeout));
    if (late.isEmpty()) {
      return List.of();
    }
    String setting = bench.options.endTimeoutSetting();
    List<Client> cancelled = late.stream().map(clients::get).toList();
    for (int i : late) {
      Client client = clients.get(i);
      client.error(
          "client "
              + client.id
              + " still running "
              + timeout
              + " s after the end of the run ("
              + setting
              + "); cancelling its statement");
      client.cutAtEnd();
    }
    late = joinUntil(threads, late, Clock.micros() + CANCEL_WAIT_MICROS);
    for (int i : late) {
      clients.get(i).closeConnectionAtEnd();
    }
    late = joinUntil(threads, late, Clock.micros() + CANCEL_WAIT_MICROS);
    for (int i : late) {
      threads.get(i).interrupt();
    }
    late = joinUntil(threads, late, Clock.micros() + TimeUnit.SECONDS.toMicros(1));
    List<Client> stuck = new ArrayList<>();
    for (int i : late) {
      Client client = clients.get(i);
      client.error(
          "client "
              + client.id
              + " did not stop after its connection was closed;"
              + " its figures so far are kept and it counts as aborted");
      stuck.add(client);
    }
    // A client whose statement the server finished before the cancel reached it ended normally.
    long cut = cancelled.stream().filter(c -> c.aborted || stuck.contains(c)).count();
    if (cut > 0) {
      bench.error(
          "the end timeout cut the run short: "
              + cut
              + " of "
              + clients.size()
              + " clients still running "
              + timeout
              + " s after its end were cancelled and count as"
              + " aborted ("
              + setting
              + "; pgbench would wait for them)");
    }
    return stuck;
  }

  /**
   * Joins the threads of {@code which} until {@code deadline} (clock µs); returns the indexes of
   * those still alive.
   */
  private static List<Integer> joinUntil(List<Thread> threads, List<Integer> which, long deadline)
      throws InterruptedException {
    List<Integer> alive = new ArrayList<>();
    for (int i : which) {
      Thread thread = threads.get(i);
      long left = deadline - Clock.micros();
      if (left > 0) {
        thread.join(Math.max(1, left / 1000));
      }
      if (thread.isAlive()) {
        alive.add(i);
      }
    }
    return alive;
  }
}
