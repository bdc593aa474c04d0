package io.github.pgperf.report;

import io.github.pgperf.gate.Baseline;
import io.github.pgperf.gate.ResultFiles;
import io.github.pgperf.gate.Sample;
import java.util.List;

/**
 * What a report compares the results with: the baseline ({@code pgperf:check}'s question: did this
 * build get slower than the recorded builds?) or the base revision measured beside it ({@code
 * pgperf:compare}'s: is the change slower than the commit it starts from?). The page's header, its
 * verdict section and each test's work follow from it.
 */
sealed interface Against {

  /** The samples each test's work is compared with: the baseline's, or the base's trials. */
  List<Sample> samples(String key);

  /** The page's title and heading. */
  String title();

  /** Who gives the verdicts, before the outcome line in the header. */
  String judge();

  /** The verdict section's anchor and heading. */
  String section();

  /** {@link #section}'s anchor. */
  String anchor();

  /**
   * The baseline of {@code pgperf:check}.
   *
   * @param baseline the baseline, or {@code null} when it could not be read
   * @param failure why it could not be read, when {@code baseline} is null
   */
  record TheBaseline(Baseline baseline, String failure) implements Against {
    @Override
    public List<Sample> samples(String key) {
      return baseline == null ? List.of() : baseline.samples().getOrDefault(key, List.of());
    }

    @Override
    public String title() {
      return "pgperf report";
    }

    @Override
    public String judge() {
      return "pgperf:check with these settings";
    }

    @Override
    public String section() {
      return "Against the baseline";
    }

    @Override
    public String anchor() {
      return "baseline";
    }
  }

  /**
   * The base revision of {@code pgperf:compare}, its trials interleaved with the candidate's.
   *
   * @param results the base's results ({@code target/pgperf/results/base/})
   * @param lead the comparison's first line, as check.md and the log lead with it: {@code pgperf:
   *     compared with <commit> (<why>) on this runner, interleaved, N pairs}
   */
  record TheBase(ResultFiles results, String lead) implements Against {
    @Override
    public List<Sample> samples(String key) {
      return results.samples().getOrDefault(key, List.of());
    }

    @Override
    public String title() {
      return "pgperf comparison";
    }

    @Override
    public String judge() {
      return "pgperf:compare";
    }

    @Override
    public String section() {
      return "Base vs candidate";
    }

    @Override
    public String anchor() {
      return "pairs";
    }
  }
}
