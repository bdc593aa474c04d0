package io.github.pgperf.internal.run;

import io.github.pgperf.internal.output.ProgressLine;
import io.github.pgperf.result.Counts;
import io.github.pgperf.result.Moments;
import io.github.pgperf.result.RunSettings;
import java.util.List;
import java.util.concurrent.locks.LockSupport;

/**
 * {@code -P}: every interval, the figures of all clients since the previous line, read without
 * locks as pgbench's thread 0 reads the other threads' counters (a line may miss a transaction that
 * is being recorded; the next line has it).
 */
final class Progress implements Runnable {

  private final Benchmark bench;
  private final RunSettings settings;
  private final List<Client> clients;
  private final int scripts;
  private volatile boolean done;
  private final Thread thread;

  Progress(Benchmark bench, RunSettings settings, List<Client> clients) {
    this.bench = bench;
    this.settings = settings;
    this.clients = clients;
    this.scripts = bench.items.length;
    this.thread = new Thread(this, "pgperf-progress");
    thread.setDaemon(true);
  }

  void start() {
    thread.start();
  }

  void stop() throws InterruptedException {
    done = true;
    LockSupport.unpark(thread);
    thread.join();
  }

  @Override
  public void run() {
    long interval = bench.options.progressSeconds() * 1_000_000L;
    long start = bench.measuredStartMicros;
    long last = start;
    long next = start + interval;
    Counts counts = Counts.NONE;
    Moments latency = Moments.NONE;
    Moments lag = Moments.NONE;
    while (!done) {
      long now = Clock.micros();
      while (!done && now < next) {
        LockSupport.parkNanos((next - now) * 1000);
        now = Clock.micros();
      }
      if (done) {
        return;
      }
      Counts c = Counts.NONE;
      Moments l = Moments.NONE;
      Moments g = Moments.NONE;
      for (Client client : clients) {
        for (int s = 0; s < scripts; s++) {
          StatsAccumulator a = client.recorder.script(s);
          c = c.plus(a.counts());
          l = l.plus(a.latencyMoments());
          g = g.plus(a.lagMoments());
        }
      }
      double time =
          bench.options.progressTimestamp()
              ? bench.epochMicros(now) / 1e6
              : (now - bench.benchStartMicros) / 1e6;
      bench.messages.rawLine(
          ProgressLine.format(
              settings,
              time,
              bench.options.progressTimestamp(),
              now - last,
              c.since(counts),
              l.since(latency),
              g.since(lag)));
      counts = c;
      latency = l;
      lag = g;
      last = now;
      next += interval;
    }
  }
}
