package io.github.pgperf.history;

import io.github.pgperf.gate.ResultFiles;
import io.github.pgperf.gate.Sample;
import io.github.pgperf.result.RunIdentity;
import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * {@code pgperf:history} and {@code pgperf history}: this build's results as history points, judged
 * against the store's series, then stored with the changes reported, in one append.
 */
public final class HistoryRecorder {

  /**
   * What was recorded and found.
   *
   * @param build the build recorded
   * @param points its points, one per test
   * @param outcome the findings and the series judged
   * @param warnings what the store could not read (skipped lines ...)
   */
  public record Recorded(
      BuildInfo build,
      List<HistoryRecord> points,
      HistoryCheck.Outcome outcome,
      List<String> warnings) {}

  private HistoryRecorder() {}

  /**
   * Records {@code results} as one build in {@code store} and judges it.
   *
   * @param buildId the build's id, or {@code null} for the results' own (their {@code
   *     identity.build}; results without one get a new id)
   * @param commit the commit built, or {@code null}
   * @param branch the branch built, or {@code null}
   * @param record whether to store the points (false: judge only, as the report does)
   * @throws IOException when the store cannot be read or written
   * @throws IllegalArgumentException when there are no results to record
   */
  public static Recorded record(
      ResultFiles results,
      String buildId,
      String commit,
      String branch,
      HistoryStore store,
      HistorySettings settings,
      Instant now,
      boolean record)
      throws IOException {
    BuildInfo build = build(results, buildId, commit, branch);
    List<HistoryRecord> points = new ArrayList<>();
    for (Map.Entry<String, List<Sample>> e : results.samples().entrySet()) {
      points.add(HistoryRecord.of(build, e.getKey(), e.getValue()));
    }
    History history = store.load();
    HistoryCheck.Outcome outcome =
        new HistoryCheck(settings).check(history, points, store.description(), now);
    if (record) {
      store.append(points, outcome.reported());
    }
    return new Recorded(build, points, outcome, history.warnings());
  }

  /** The build of {@code results}: the given id or theirs, the time of their first run. */
  static BuildInfo build(ResultFiles results, String buildId, String commit, String branch) {
    List<Sample> all = results.samples().values().stream().flatMap(List::stream).toList();
    if (all.isEmpty()) {
      throw new IllegalArgumentException(
          "no results to record in "
              + results.directory()
              + (results.exists() ? "" : " (the directory does not exist)")
              + ": did the performance tests run?");
    }
    Instant first = all.stream().map(Sample::startedAt).min(Instant::compareTo).orElseThrow();
    String id = buildId;
    if (id == null || id.isBlank()) {
      id =
          all.stream()
              .map(Sample::build)
              .filter(b -> !b.equals(Sample.UNKNOWN_BUILD))
              .min(String::compareTo)
              .orElseGet(RunIdentity::newBuildId);
    }
    return new BuildInfo(id.strip(), commit, branch, first);
  }
}
