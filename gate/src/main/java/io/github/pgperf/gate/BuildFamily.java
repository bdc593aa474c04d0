package io.github.pgperf.gate;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Every timing comparison of one build as one family, so that the gate's promise is about builds: a
 * build with no change fails at most the level's share of the time (0.5% by default), however many
 * tests and metrics it has. Used by {@code pgperf:check} ({@link Gate}) and {@code pgperf:compare}
 * ({@link PairedGate}).
 *
 * <p>The p-values of all tests' metrics are adjusted together by {@link Holm}; a test's detectable
 * regression is computed at the level divided by the number of comparisons that have a p-value
 * (Holm's first and strictest step: what a change in this test alone must pass).
 */
final class BuildFamily {

  /**
   * One test's comparisons, metric by metric.
   *
   * @param tested how many of its comparisons will have a p-value (known before computing them: the
   *     level of each depends on the build's count)
   * @param comparisons the test's comparisons, their detectable sizes computed for the one-sided
   *     level of a single comparison it is given (p-values do not depend on it)
   */
  record Member(int tested, java.util.function.DoubleFunction<List<Comparison>> comparisons) {}

  private BuildFamily() {}

  /**
   * Each test's comparisons with p-values adjusted over the whole build.
   *
   * @param tests each test's comparisons by test key, in report order
   * @param level the build's family-wise level
   * @return the same keys in the same order, each with its comparisons in its order
   */
  static Map<String, List<Comparison>> compare(Map<String, Member> tests, double level) {
    int tested = tests.values().stream().mapToInt(Member::tested).sum();
    double single = level / Math.max(1, tested);
    List<Comparison> all = new ArrayList<>();
    Map<String, Integer> sizes = new LinkedHashMap<>();
    tests.forEach(
        (key, m) -> {
          List<Comparison> comparisons = m.comparisons().apply(single);
          long withP = comparisons.stream().filter(c -> !Double.isNaN(c.pRegression())).count();
          if (withP != m.tested()) {
            throw new IllegalStateException(
                key + ": " + withP + " comparisons with a p-value, " + m.tested() + " announced");
          }
          sizes.put(key, comparisons.size());
          all.addAll(comparisons);
        });
    List<Comparison> adjusted = Holm.adjust(all);
    Map<String, List<Comparison>> out = new LinkedHashMap<>();
    int from = 0;
    for (Map.Entry<String, Integer> e : sizes.entrySet()) {
      out.put(e.getKey(), List.copyOf(adjusted.subList(from, from + e.getValue())));
      from += e.getValue();
    }
    return out;
  }
}
