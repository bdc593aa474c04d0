package io.github.pgperf.history;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Change points of one series by E-divisive means with Student's t as the significance test, as
 * Apache Otava finds them ({@code otava.analysis.compute_change_points}, the method of Fleming et
 * al., "Hunter: Using Change Point Detection to Hunt for Performance Regressions", 2023): a
 * deterministic split step over sliding windows, then a merge step. Not the permutation test of the
 * original E-divisive, whose p-values are random.
 *
 * <p>Split: windows of {@link DetectionSettings#window} values starting every half window (or at
 * the last change point found, when later); in each, the best split by the E-divisive statistic
 * ({@link Divergence}) is kept while Student's t on the stretches either side of it, within the
 * window's stretches found so far, is below the first-pass p-value; the union of all windows'
 * points are the weak change points, each then compared with its neighbours over the whole series.
 * Merge: while the weakest (largest p-value) is not below the p-value, or every one is but the
 * smallest change is not above the minimum magnitude, it is removed and its neighbours compared
 * again.
 *
 * <p>Equal to Otava 0.8.0 index for index (docs/history.md: the differential test).
 */
public final class EDivisive {

  private final DetectionSettings settings;

  public EDivisive(DetectionSettings settings) {
    this.settings = settings;
  }

  /** The change points of {@code series}, in index order. */
  public List<ChangePoint> changePoints(double[] series) {
    for (double v : series) {
      if (!Double.isFinite(v)) {
        throw new IllegalArgumentException("a series value is " + v + ", not a finite number");
      }
    }
    return merge(split(series), series);
  }

  /** The weak change points: every window's, compared with their neighbours over the series. */
  List<ChangePoint> split(double[] series) {
    int step = settings.window() / 2;
    double firstPass = settings.firstPassPValue();
    List<Integer> found = new ArrayList<>();
    int start = 0;
    while (start < series.length) {
      int end = Math.min(start + settings.window(), series.length);
      List<Integer> inWindow = window(series, start, end, firstPass);
      int last = inWindow.isEmpty() ? 0 : inWindow.get(inWindow.size() - 1);
      start = Math.max(last, start + step);
      for (int index : inWindow) {
        if (!found.contains(index)) {
          found.add(index);
        }
      }
    }
    found.sort(Comparator.naturalOrder());
    List<ChangePoint> weak = new ArrayList<>();
    for (int i = 0; i < found.size(); i++) {
      weak.add(between(series, found, i));
    }
    return weak;
  }

  /**
   * The change points of {@code series[start, end)} (absolute indexes, in order): the best split of
   * the stretch that splits best, while it is significant at {@code pValue} against the values of
   * its own stretch.
   */
  private static List<Integer> window(double[] series, int start, int end, double pValue) {
    double[] window = java.util.Arrays.copyOfRange(series, start, end);
    Divergence divergence = new Divergence(window);
    List<Integer> points = new ArrayList<>();
    while (true) {
      int[] bounds = bounds(points, window.length);
      Divergence.Candidate best = null;
      int from = 0;
      int to = 0;
      for (int s = 0; s + 1 < bounds.length; s++) {
        if (bounds[s + 1] - bounds[s] > 1) {
          Divergence.Candidate c = divergence.candidate(bounds[s], bounds[s + 1]);
          if (best == null || c.q() > best.q()) {
            best = c;
            from = bounds[s];
            to = bounds[s + 1];
          }
        }
      }
      if (best == null) {
        break;
      }
      Segments stats = Segments.compare(window, from, best.index(), to);
      if (!(stats.pValue() <= pValue)) {
        break;
      }
      points.add(best.index());
      points.sort(Comparator.naturalOrder());
    }
    return points.stream().map(p -> p + start).toList();
  }

  /** 0, the points, the length: the stretches' bounds, empty stretches left out. */
  private static int[] bounds(List<Integer> points, int length) {
    List<Integer> bounds = new ArrayList<>();
    bounds.add(0);
    for (int p : points) {
      if (p != bounds.get(bounds.size() - 1)) {
        bounds.add(p);
      }
    }
    if (length != bounds.get(bounds.size() - 1)) {
      bounds.add(length);
    }
    return bounds.stream().mapToInt(Integer::intValue).toArray();
  }

  /** The {@code i}th of {@code points} compared with the stretches up to its neighbours. */
  private static ChangePoint between(double[] series, List<Integer> points, int i) {
    int from = i == 0 ? 0 : points.get(i - 1);
    int to = i == points.size() - 1 ? series.length : points.get(i + 1);
    int at = points.get(i);
    return new ChangePoint(at, Segments.compare(series, from, at, to));
  }

  /** The merge step: weak change points removed until every one left is strong enough. */
  List<ChangePoint> merge(List<ChangePoint> weak, double[] series) {
    List<ChangePoint> points = new ArrayList<>(weak);
    while (!points.isEmpty()) {
      int weakest = largestP(points);
      if (points.get(weakest).pValue() < settings.maxPValue()) {
        weakest = smallestMagnitude(points);
        if (points.get(weakest).segments().magnitude() > settings.minMagnitude()) {
          return points;
        }
      }
      points.remove(weakest);
      List<Integer> indexes = points.stream().map(ChangePoint::index).toList();
      for (int i = weakest; i <= weakest + 1; i++) {
        if (i >= 0 && i < points.size()) {
          points.set(i, between(series, indexes, i));
        }
      }
    }
    return points;
  }

  /**
   * The first point of largest p-value, as Python's {@code max} picks it: a later point replaces
   * the one held only when its p-value compares larger, so a NaN held stays, and a NaN met later is
   * passed over.
   */
  private static int largestP(List<ChangePoint> points) {
    int best = 0;
    for (int i = 1; i < points.size(); i++) {
      if (points.get(i).pValue() > points.get(best).pValue()) {
        best = i;
      }
    }
    return best;
  }

  /** The first point of smallest magnitude, as Python's {@code min} picks it. */
  private static int smallestMagnitude(List<ChangePoint> points) {
    int best = 0;
    for (int i = 1; i < points.size(); i++) {
      if (points.get(i).segments().magnitude() < points.get(best).segments().magnitude()) {
        best = i;
      }
    }
    return best;
  }
}
