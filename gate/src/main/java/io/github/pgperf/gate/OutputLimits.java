package io.github.pgperf.gate;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.StringJoiner;

/**
 * How much of a report the places people read get: the build log, check.md (GitHub's job summary, a
 * pull request comment) and GitHub's annotations. A build whose every statement or test changed
 * must not print thousands of rows: the table lists at most {@value #ROWS_PER_KIND} findings of one
 * test and verdict and {@value #ROWS} in all, failing ones first, and says how many more there are;
 * check.json, TEST-pgperf-check.xml and report.html keep every finding whole.
 *
 * <p>The sizes: GitHub refuses a pull request comment longer than 65,536 characters and a job
 * summary over 1 MiB per step, and shows 10 error and 10 warning annotations per step; check.md
 * stays under {@value #MARKDOWN} characters (at most 4 bytes each: under 240 kB), leaving room for
 * a heading a workflow puts above it.
 */
final class OutputLimits {

  /** Table rows of one test and verdict. */
  static final int ROWS_PER_KIND = 5;

  /** Table rows in all. */
  static final int ROWS = 50;

  /** Findings' sentences listed (the warnings, the failures). */
  static final int SENTENCES = 20;

  /** Findings whose detail (a plan beside the baseline's) is printed. */
  static final int DETAILS = 3;

  /** Lines of one finding's detail. */
  static final int DETAIL_LINES = 40;

  /** Characters of one sentence or cell: a statement's text can be of any length. */
  static final int LINE = 1_000;

  /** Characters of check.md, below a pull request comment's 65,536. */
  static final int MARKDOWN = 60_000;

  /** Annotations of one level (error, warning): GitHub shows 10 of each per step. */
  static final int ANNOTATIONS = 10;

  private OutputLimits() {}

  /**
   * The table's rows of {@code findings} (in the order given, failing ones first), and a sentence
   * on those left out.
   *
   * @param rows the findings listed
   * @param leftOut {@code 1,204 more findings are not listed here (1,200 WORK_REGRESSION, 4
   *     INCONCLUSIVE): every finding is in check.json}, or empty when none is left out
   */
  record Table(List<Finding> rows, String leftOut) {}

  static Table table(List<Finding> findings) {
    List<Finding> rows = new ArrayList<>();
    Map<String, Integer> perKind = new HashMap<>();
    Map<Verdict, Integer> leftOut = new EnumMap<>(Verdict.class);
    for (Finding f : findings) {
      int ofKind = perKind.merge(f.key() + "\u0000" + f.verdict(), 1, Integer::sum);
      if (ofKind <= ROWS_PER_KIND && rows.size() < ROWS) {
        rows.add(f);
      } else {
        leftOut.merge(f.verdict(), 1, Integer::sum);
      }
    }
    return new Table(
        rows,
        leftOut.isEmpty()
            ? ""
            : more(leftOut, "finding", "listed here") + ": every finding is in check.json");
  }

  /**
   * {@code lines}, at most {@value #SENTENCES}, each cut to {@value #LINE} characters, and a last
   * line saying how many more there are.
   *
   * @param what what the lines are, for that last line ({@code warnings})
   */
  static List<String> sentences(List<String> lines, String what) {
    List<String> out = new ArrayList<>();
    lines.stream().limit(SENTENCES).map(OutputLimits::line).forEach(out::add);
    if (lines.size() > SENTENCES) {
      out.add(
          String.format(
              Locale.ROOT,
              "... and %,d more %s: every one is in check.json",
              lines.size() - SENTENCES,
              what));
    }
    return out;
  }

  /** {@code text} cut to {@value #LINE} characters, saying so. */
  static String line(String text) {
    return cut(text, LINE);
  }

  /** {@code text} cut to {@code length} characters, saying so. */
  static String cut(String text, int length) {
    if (text.length() <= length) {
      return text;
    }
    String note = String.format(Locale.ROOT, " … (%,d characters more)", text.length() - length);
    return text.substring(0, Math.max(0, length - note.length())) + note;
  }

  /** At most {@value #DETAIL_LINES} lines of a finding's detail, and how many more. */
  static List<String> detail(List<String> lines) {
    if (lines.size() <= DETAIL_LINES) {
      return lines.stream().map(OutputLimits::line).toList();
    }
    List<String> out =
        new ArrayList<>(
            lines.subList(0, DETAIL_LINES - 1).stream().map(OutputLimits::line).toList());
    out.add(
        String.format(
            Locale.ROOT, "... %,d lines more in check.json", lines.size() - DETAIL_LINES + 1));
    return out;
  }

  /**
   * {@code 3 more findings are not listed here (2 WORK_REGRESSION, 1 INCONCLUSIVE)}.
   *
   * @param where the words after "not"
   */
  static String more(Map<Verdict, Integer> counts, String thing, String where) {
    int all = counts.values().stream().mapToInt(Integer::intValue).sum();
    StringJoiner kinds = new StringJoiner(", ");
    counts.forEach(
        (verdict, n) -> kinds.add(String.format(Locale.ROOT, "%,d %s", n, verdict.text())));
    return String.format(
        Locale.ROOT,
        "%,d more %s%s %s not %s (%s)",
        all,
        thing,
        all == 1 ? "" : "s",
        all == 1 ? "is" : "are",
        where,
        kinds);
  }
}
