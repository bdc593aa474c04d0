package io.github.pgperf.work;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apiguardian.api.API;

/**
 * Where the run's backends spent the measured window: {@code pg_stat_activity} read every interval
 * on a connection of pgperf's own, each of the run's backends counted once per sample under its
 * wait event, or under {@link #CPU} when it was active and waiting for nothing.
 *
 * @param intervalMillis the sampling interval asked for, ms
 * @param samples how many times {@code pg_stat_activity} was read (fewer than the window over the
 *     interval when the machine was too busy to keep up)
 * @param counts per event, most seen first (ties by name)
 * @param lockWaiters the statements seen waiting on a heavyweight lock ({@code Lock:*}), most seen
 *     first (ties by text); at most {@link #MAX_LOCK_WAITERS} texts, the rest counted under {@link
 *     #OTHER_STATEMENTS}; empty when none waited (or in results from before they were kept)
 */
@API(status = EXPERIMENTAL, since = "0.1.0")
public record WaitEvents(
    int intervalMillis, long samples, List<WaitCount> counts, List<LockWaiter> lockWaiters) {

  /** The most statement texts kept of the lock waits; the sampler's memory stays bounded. */
  public static final int MAX_LOCK_WAITERS = 50;

  /** Where the lock waits of statements beyond {@link #MAX_LOCK_WAITERS} texts are counted. */
  public static final String OTHER_STATEMENTS = "(other statements)";

  /** The name of "active, waiting for nothing": on CPU (or waiting for something not counted). */
  public static final String CPU = "CPU";

  public WaitEvents {
    if (intervalMillis < 1 || samples < 0) {
      throw new IllegalArgumentException(
          "invalid wait sampling: interval " + intervalMillis + " ms, " + samples + " samples");
    }
    counts = sorted(counts);
    lockWaiters = lockWaiters == null ? List.of() : sortedWaiters(lockWaiters);
  }

  /** Wait events without the statements that waited on locks. */
  public WaitEvents(int intervalMillis, long samples, List<WaitCount> counts) {
    this(intervalMillis, samples, counts, List.of());
  }

  /** Every backend observation: the sum of the counts. */
  public long observations() {
    long n = 0;
    for (WaitCount c : counts) {
      n += c.count();
    }
    return n;
  }

  /** How often {@code event} was seen; 0 when never. */
  public long count(String event) {
    for (WaitCount c : counts) {
      if (c.event().equals(event)) {
        return c.count();
      }
    }
    return 0;
  }

  /** The share of observations in {@code event}, from 0 to 1; 0 without observations. */
  public double share(String event) {
    long all = observations();
    return all == 0 ? 0 : (double) count(event) / all;
  }

  /** The event seen most often, or {@code null} when none was seen. */
  public String top() {
    return counts.isEmpty() ? null : counts.get(0).event();
  }

  /**
   * Both added (runs one after another, or at the same time on one server). Intervals must be the
   * same: samples at different rates do not add up to one distribution.
   *
   * @throws IllegalArgumentException when the intervals differ
   */
  public WaitEvents plus(WaitEvents o) {
    if (intervalMillis != o.intervalMillis) {
      throw new IllegalArgumentException(
          "wait events sampled every "
              + intervalMillis
              + " ms and every "
              + o.intervalMillis
              + " ms cannot be added");
    }
    Map<String, Long> all = new LinkedHashMap<>();
    for (WaitCount c : counts) {
      all.merge(c.event(), c.count(), Long::sum);
    }
    for (WaitCount c : o.counts) {
      all.merge(c.event(), c.count(), Long::sum);
    }
    List<WaitCount> merged = new ArrayList<>();
    all.forEach((event, count) -> merged.add(new WaitCount(event, count)));
    Map<String, Long> waiters = new LinkedHashMap<>();
    for (LockWaiter w : lockWaiters) {
      waiters.merge(w.statement(), w.count(), Long::sum);
    }
    for (LockWaiter w : o.lockWaiters) {
      waiters.merge(w.statement(), w.count(), Long::sum);
    }
    List<LockWaiter> mergedWaiters = new ArrayList<>();
    waiters.forEach((statement, count) -> mergedWaiters.add(new LockWaiter(statement, count)));
    return new WaitEvents(intervalMillis, samples + o.samples, merged, mergedWaiters);
  }

  private static List<LockWaiter> sortedWaiters(List<LockWaiter> waiters) {
    List<LockWaiter> list = new ArrayList<>(waiters);
    list.sort(
        Comparator.comparingLong(LockWaiter::count)
            .reversed()
            .thenComparing(LockWaiter::statement));
    for (int i = 1; i < list.size(); i++) {
      if (list.get(i).statement().equals(list.get(i - 1).statement())) {
        throw new IllegalArgumentException(
            "statement " + list.get(i).statement() + " counted twice among the lock waits");
      }
    }
    return List.copyOf(list);
  }

  private static List<WaitCount> sorted(List<WaitCount> counts) {
    List<WaitCount> list = new ArrayList<>(counts);
    list.sort(
        Comparator.comparingLong(WaitCount::count).reversed().thenComparing(WaitCount::event));
    for (int i = 1; i < list.size(); i++) {
      if (list.get(i).event().equals(list.get(i - 1).event())) {
        throw new IllegalArgumentException("wait event " + list.get(i).event() + " counted twice");
      }
    }
    return List.copyOf(list);
  }
}
