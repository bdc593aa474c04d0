package io.github.pgperf.result;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apiguardian.api.API;

/** Adds timelines interval by interval, aligned by offset from the benchmark start. */
@API(status = INTERNAL, since = "0.1.0")
public final class Timelines {

  private Timelines() {}

  /**
   * The timelines together: intervals at the same offset add; the result is in time order.
   *
   * @throws IllegalArgumentException when intervals at one offset differ in length
   */
  public static List<Interval> add(List<List<Interval>> timelines) {
    Map<Long, List<Interval>> byStart = new TreeMap<>();
    for (List<Interval> timeline : timelines) {
      for (Interval interval : timeline) {
        List<Interval> same =
            byStart.computeIfAbsent(interval.startMicros(), k -> new ArrayList<>());
        if (!same.isEmpty() && same.get(0).lengthMicros() != interval.lengthMicros()) {
          throw new IllegalArgumentException(
              "timeline intervals at "
                  + interval.startMicros()
                  + " µs last "
                  + same.get(0).lengthMicros()
                  + " µs in one timeline and "
                  + interval.lengthMicros()
                  + " µs in another");
        }
        same.add(interval);
      }
    }
    List<Interval> result = new ArrayList<>();
    for (List<Interval> same : byStart.values()) {
      Interval first = same.get(0);
      result.add(
          same.size() == 1
              ? first
              : new Interval(
                  first.startMicros(),
                  first.lengthMicros(),
                  Stats.sum(same.stream().map(Interval::stats).toList())));
    }
    return result;
  }
}
