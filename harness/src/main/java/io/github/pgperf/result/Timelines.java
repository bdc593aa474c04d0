package io.github.pgperf.result;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** Adds timelines interval by interval, aligned by offset from the benchmark start. */
final class Timelines {

  private Timelines() {}

  /**
   * The timelines together: intervals at the same offset add; the result is in time order.
   *
   * @throws IllegalArgumentException when intervals at one offset differ in length
   */
  static List<Interval> add(List<List<Interval>> timelines) {
    Map<Long, Interval> byStart = new TreeMap<>();
    for (List<Interval> timeline : timelines) {
      for (Interval interval : timeline) {
        byStart.merge(interval.startMicros(), interval, (a, b) -> {
          if (a.lengthMicros() != b.lengthMicros()) {
            throw new IllegalArgumentException("timeline intervals at " + a.startMicros()
                + " µs last " + a.lengthMicros() + " µs in one timeline and " + b.lengthMicros()
                + " µs in another");
          }
          return new Interval(a.startMicros(), a.lengthMicros(), a.stats().plus(b.stats()));
        });
      }
    }
    return new ArrayList<>(byStart.values());
  }
}
