package io.github.pgperf.internal.run;

import io.github.pgperf.result.Counts;
import io.github.pgperf.result.Interval;
import java.util.ArrayList;
import java.util.List;

/**
 * The run's timeline: a thread of its own closes each interval at its end, collecting every
 * client's {@link IntervalRecorder} and encoding one histogram per interval for the run.
 *
 * <p>Clients only record; the collecting and encoding happen here. When every client instead closed
 * its own interval at the first transaction past the boundary (encoding its histogram), 200 clients
 * crossed each boundary at once and stalled on that work together: at {@code -c 200} it took a
 * quarter of pgperf's CPU and the clients' last transactions ended seconds after {@code -T}
 * (bench/README.md). A transaction belongs to the interval in which the thread found it, which can
 * be a few milliseconds after the interval's nominal end on a busy machine.
 */
final class RunTimeline {

  private final long intervalMicros;
  private final long latencyLimitMicros;
  private final List<IntervalRecorder> clients = new ArrayList<>();
  private final StatsAccumulator current;

  /** The empty accumulator the next client is moved onto (see {@link IntervalRecorder}). */
  private StatsAccumulator empty;

  private final List<Interval> intervals = new ArrayList<>();
  private Thread thread;

  /** Index of the interval being recorded (its start is {@code index * intervalMicros}). */
  private long index;

  private boolean finished;

  /**
   * @param intervalMicros the intervals' length, µs (positive)
   * @param latencyLimitMicros {@code -L} in µs, 0 for none
   */
  RunTimeline(long intervalMicros, long latencyLimitMicros) {
    if (intervalMicros <= 0) {
      throw new IllegalArgumentException("interval must be positive: " + intervalMicros + " µs");
    }
    this.intervalMicros = intervalMicros;
    this.latencyLimitMicros = latencyLimitMicros;
    this.current = new StatsAccumulator(latencyLimitMicros);
    this.empty = new StatsAccumulator(latencyLimitMicros);
  }

  /** A new client's recorder; all are made before {@link #start}. */
  synchronized IntervalRecorder client() {
    IntervalRecorder recorder = new IntervalRecorder(latencyLimitMicros);
    clients.add(recorder);
    return recorder;
  }

  /** Starts closing intervals of the measured window that starts at {@code startMicros} (clock). */
  synchronized void start(long startMicros) {
    thread = new Thread(() -> tick(startMicros), "pgperf-timeline");
    thread.setDaemon(true);
    thread.start();
  }

  private void tick(long startMicros) {
    long next = 1;
    while (true) {
      Clock.sleepUntil(startMicros + next * intervalMicros);
      synchronized (this) {
        if (finished || Thread.currentThread().isInterrupted()) {
          return;
        }
        close(intervalMicros);
      }
      next++;
    }
  }

  /** Collects every client's part of the current interval and adds it, {@code length} long. */
  private void close(long lengthMicros) {
    for (IntervalRecorder client : clients) {
      empty = client.moveInto(current, empty);
    }
    intervals.add(new Interval(index * intervalMicros, lengthMicros, current.snapshot()));
    current.reset();
    index++;
  }

  /**
   * Ends the timeline after the clients stopped: the interval in progress ends at {@code endMicros}
   * after the window's start (short, or left out when it has not begun).
   */
  void finish(long endMicros) throws InterruptedException {
    Thread running;
    synchronized (this) {
      finished = true;
      running = thread;
    }
    if (running != null) {
      running.interrupt();
      running.join();
    }
    synchronized (this) {
      // The thread may have fallen behind (a stalled machine): intervals it missed close now.
      while ((index + 1) * intervalMicros <= endMicros) {
        close(intervalMicros);
      }
      if (endMicros > index * intervalMicros) {
        close(endMicros - index * intervalMicros);
        return;
      }
      // The thread closed intervals after the run's end was read and before it stopped. The
      // clients had stopped before the end was read, so those hold nothing recorded after it:
      // the one the end falls in is cut there, and any that began after it (empty) go.
      while (!intervals.isEmpty()) {
        Interval last = intervals.get(intervals.size() - 1);
        if (last.startMicros() >= endMicros && last.stats().counts().equals(Counts.NONE)) {
          intervals.remove(intervals.size() - 1);
        } else {
          if (last.startMicros() < endMicros
              && last.startMicros() + last.lengthMicros() > endMicros) {
            intervals.set(
                intervals.size() - 1,
                new Interval(last.startMicros(), endMicros - last.startMicros(), last.stats()));
          }
          break;
        }
      }
    }
  }

  /** Stops the thread without closing anything: the run is abandoned. */
  synchronized void abandon() {
    finished = true;
    if (thread != null) {
      thread.interrupt();
    }
  }

  /** The intervals in time order (complete after {@link #finish}). */
  synchronized List<Interval> intervals() {
    return List.copyOf(intervals);
  }
}
