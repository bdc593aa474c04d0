package io.github.pgperf.report;

import io.github.pgperf.history.HistoryCheck;
import java.util.List;
import java.util.Map;

/**
 * What the report draws of the history: the series judged with this build and, when known, the
 * repository's web address, so that each change point's commit range links to the commits.
 *
 * @param series the series judged ({@link io.github.pgperf.history.HistoryRecorder}), empty for
 *     none
 * @param repository the repository's address on GitHub ({@code https://github.com/owner/name}), or
 *     {@code null}: the commit ranges are then text
 */
public record HistoryCharts(List<HistoryCheck.Judged> series, String repository) {

  /** No history drawn. */
  public static final HistoryCharts NONE = new HistoryCharts(List.of(), null);

  public HistoryCharts {
    series = List.copyOf(series);
  }

  /**
   * The charts of {@code series}, linked to the repository GitHub Actions names ({@code
   * GITHUB_SERVER_URL}/{@code GITHUB_REPOSITORY}) when it does.
   */
  public static HistoryCharts of(
      List<HistoryCheck.Judged> series, Map<String, String> environment) {
    String server = environment.get("GITHUB_SERVER_URL");
    String repository = environment.get("GITHUB_REPOSITORY");
    boolean known =
        server != null
            && repository != null
            && server.startsWith("https://")
            && repository.matches("[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+");
    return new HistoryCharts(series, known ? server + "/" + repository : null);
  }

  /**
   * The address of the commits from {@code before} (excluded) to {@code after}, or {@code null}
   * when the repository or a commit is unknown.
   */
  String compare(String before, String after) {
    if (repository == null || !isCommit(before) || !isCommit(after)) {
      return null;
    }
    return repository + "/compare/" + before + "..." + after;
  }

  private static boolean isCommit(String commit) {
    return commit != null && commit.matches("[0-9a-f]{7,64}");
  }
}
