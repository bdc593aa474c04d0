package io.github.pgperf.history;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * One test's values of one metric on one fingerprint, a point per build in the order the builds
 * ran: what change points are looked for in.
 *
 * @param test the test key
 * @param metric the metric
 * @param fingerprint the fingerprint hash every point shares (timing's or work's, by metric)
 * @param points the builds' points, oldest first
 */
public record Series(
    String test, HistoryMetric metric, String fingerprint, List<HistoryRecord> points) {

  public Series {
    Objects.requireNonNull(test, "test");
    Objects.requireNonNull(metric, "metric");
    Objects.requireNonNull(fingerprint, "fingerprint");
    points = List.copyOf(points);
  }

  /**
   * The series of {@code test} and {@code metric} on {@code fingerprint} among {@code records}: the
   * points that hold the metric, by build time then build id, each build once.
   */
  public static Series of(
      List<HistoryRecord> records, String test, HistoryMetric metric, String fingerprint) {
    List<HistoryRecord> points = new ArrayList<>();
    Set<String> builds = new HashSet<>();
    records.stream()
        .filter(
            r ->
                r.test().equals(test)
                    && fingerprint.equals(r.fingerprint(metric))
                    && r.value(metric) != null)
        .sorted(
            Comparator.comparing((HistoryRecord r) -> r.build().time())
                .thenComparing(r -> r.build().build()))
        .forEach(
            r -> {
              if (builds.add(r.build().build())) {
                points.add(r);
              }
            });
    return new Series(test, metric, fingerprint, points);
  }

  /**
   * The builds of the series whose machine was busy beyond the series' usual: other processes
   * (neither pgperf nor the server) took a share of its CPU above the median of the series' builds
   * by more than {@code margin}. Builds that did not measure it are never among them.
   */
  public List<HistoryRecord> busierThanUsual(double margin) {
    double[] shares =
        points.stream()
            .mapToDouble(HistoryRecord::othersShare)
            .filter(x -> !Double.isNaN(x))
            .sorted()
            .toArray();
    if (shares.length == 0) {
      return List.of();
    }
    int m = shares.length / 2;
    double median = shares.length % 2 == 1 ? shares[m] : (shares[m - 1] + shares[m]) / 2;
    return points.stream().filter(r -> r.othersShare() > median + margin).toList();
  }

  /** The series without {@code builds}' points. */
  public Series without(List<HistoryRecord> builds) {
    if (builds.isEmpty()) {
      return this;
    }
    return new Series(
        test, metric, fingerprint, points.stream().filter(r -> !builds.contains(r)).toList());
  }

  /** The values, in build order. */
  public double[] values() {
    return points.stream().mapToDouble(r -> r.value(metric)).toArray();
  }

  /** The index of {@code build} in the series, or -1. */
  public int indexOf(String build) {
    for (int i = 0; i < points.size(); i++) {
      if (points.get(i).build().build().equals(build)) {
        return i;
      }
    }
    return -1;
  }

  /**
   * The commits of the change at {@code index}: {@code <last old>..<first new>}, git's range of the
   * commits after the last build at the old level up to the first at the new one.
   */
  public String commitRange(int index) {
    return points.get(index - 1).build().shortCommit()
        + ".."
        + points.get(index).build().shortCommit();
  }
}
