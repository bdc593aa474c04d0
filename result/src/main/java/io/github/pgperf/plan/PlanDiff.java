package io.github.pgperf.plan;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.ArrayList;
import java.util.List;
import org.apiguardian.api.API;

/**
 * Two plan shapes side by side, the baseline's on the left, the new one on the right, lines aligned
 * where the plans agree and marked with {@code *} where a node differs: what a PLAN_CHANGED finding
 * prints, so the log shows which node changed without a diff tool.
 */
@API(status = EXPERIMENTAL, since = "0.1.0")
public final class PlanDiff {

  private PlanDiff() {}

  /**
   * The rows of the side-by-side view, headed by the two titles.
   *
   * @param baselineTitle what the left column holds, e.g. {@code "baseline plan"}
   * @param newTitle what the right column holds, e.g. {@code "this build's plan"}
   */
  public static List<String> sideBySide(
      PlanShape baseline, PlanShape now, String baselineTitle, String newTitle) {
    List<String> left = baseline.lines();
    List<String> right = now.lines();
    List<String[]> rows = align(left, right);
    int width = baselineTitle.length();
    for (String[] row : rows) {
      width = Math.max(width, row[0].length());
    }
    List<String> out = new ArrayList<>();
    out.add("  " + pad(baselineTitle, width) + " | " + newTitle);
    for (String[] row : rows) {
      boolean same = row[0].equals(row[1]);
      out.add((same ? "  " : "* ") + pad(row[0], width) + " | " + row[1]);
    }
    return List.copyOf(out);
  }

  /**
   * Aligns two line lists on their longest common subsequence: common lines share a row, the lines
   * between two common ones are paired in order, and a side that runs out is left empty.
   */
  static List<String[]> align(List<String> left, List<String> right) {
    int n = left.size();
    int m = right.size();
    int[][] common = new int[n + 1][m + 1];
    for (int i = n - 1; i >= 0; i--) {
      for (int j = m - 1; j >= 0; j--) {
        common[i][j] =
            left.get(i).equals(right.get(j))
                ? common[i + 1][j + 1] + 1
                : Math.max(common[i + 1][j], common[i][j + 1]);
      }
    }
    List<String[]> rows = new ArrayList<>();
    List<String> onlyLeft = new ArrayList<>();
    List<String> onlyRight = new ArrayList<>();
    int i = 0;
    int j = 0;
    while (i < n || j < m) {
      if (i < n && j < m && left.get(i).equals(right.get(j))) {
        pair(onlyLeft, onlyRight, rows);
        rows.add(new String[] {left.get(i), right.get(j)});
        i++;
        j++;
      } else if (j >= m || i < n && common[i + 1][j] >= common[i][j + 1]) {
        onlyLeft.add(left.get(i++));
      } else {
        onlyRight.add(right.get(j++));
      }
    }
    pair(onlyLeft, onlyRight, rows);
    return rows;
  }

  private static void pair(List<String> left, List<String> right, List<String[]> rows) {
    for (int k = 0; k < Math.max(left.size(), right.size()); k++) {
      rows.add(
          new String[] {k < left.size() ? left.get(k) : "", k < right.size() ? right.get(k) : ""});
    }
    left.clear();
    right.clear();
  }

  private static String pad(String text, int width) {
    return text + " ".repeat(width - text.length());
  }
}
