package io.github.pgperf.gate;

import io.github.pgperf.result.ResultFileException;
import io.github.pgperf.result.ResultJson;
import io.github.pgperf.result.RunResult;
import io.github.pgperf.work.ServerWork;
import io.github.pgperf.work.StatementShape;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * The result files of a directory ({@code *.json}, not recursive), read into samples by test key
 * ({@link TestKey}: the test each result records; for results before schema 5, the file name). A
 * file that cannot be read, a run that aborted or one that processed no transaction becomes a named
 * problem instead of a sample.
 *
 * @param directory the directory read
 * @param samples samples by test key, keys sorted, samples in the order they ran (start time, then
 *     file name), so that renaming files changes nothing
 * @param problems unreadable and empty results, in file-name order
 * @param exists whether the directory exists
 * @param waiting by sample ({@link Sample#source}), the statements its run saw waiting on a lock
 *     ({@code serverWork.waits.lockWaiters}), each by its text without constants ({@link
 *     StatementShape#withoutConstants}) with its lock wait samples; runs without any are left out.
 *     Kept here, not in the sample, because only a lock-wait regression names them and the baseline
 *     store does not keep them
 */
public record ResultFiles(
    Path directory,
    Map<String, List<Sample>> samples,
    List<Problem> problems,
    boolean exists,
    Map<String, Map<String, Long>> waiting) {

  /**
   * A result file the gate cannot use.
   *
   * @param key the test key of the file
   * @param verdict {@link Verdict#UNREADABLE_RESULTS}, {@link Verdict#ABORTED_RESULTS}, {@link
   *     Verdict#EMPTY_RESULTS}, or {@link Verdict#UNREADABLE_BASELINE} for a baseline file
   * @param message the file and the cause
   */
  public record Problem(String key, Verdict verdict, String message) {}

  private static final Comparator<Sample> RUN_ORDER =
      Comparator.comparing(Sample::startedAt).thenComparing(Sample::source);

  public ResultFiles {
    Map<String, List<Sample>> copy = new TreeMap<>();
    samples.forEach((k, v) -> copy.put(k, List.copyOf(v)));
    samples = Collections.unmodifiableMap(copy);
    problems = List.copyOf(problems);
    Map<String, Map<String, Long>> waits = new TreeMap<>();
    waiting.forEach((k, v) -> waits.put(k, Map.copyOf(v)));
    waiting = Collections.unmodifiableMap(waits);
  }

  /**
   * The statements {@code samples}' runs saw waiting on a lock, by their text without constants,
   * their lock wait samples added; empty when none was recorded.
   */
  public Map<String, Long> lockWaiters(List<Sample> samples) {
    Map<String, Long> out = new TreeMap<>();
    for (Sample s : samples) {
      waiting.getOrDefault(s.source(), Map.of()).forEach((k, v) -> out.merge(k, v, Long::sum));
    }
    return out;
  }

  /** Whether no file was found at all. */
  public boolean isEmpty() {
    return samples.isEmpty() && problems.isEmpty();
  }

  /**
   * Reads every {@code *.json} file directly in {@code directory}.
   *
   * @throws IOException when the directory exists but cannot be listed
   */
  public static ResultFiles read(Path directory) throws IOException {
    if (!Files.isDirectory(directory)) {
      return new ResultFiles(directory, Map.of(), List.of(), false, Map.of());
    }
    List<Path> files;
    try (Stream<Path> list = Files.list(directory)) {
      files =
          list.filter(f -> f.getFileName().toString().endsWith(".json"))
              .filter(Files::isRegularFile)
              .sorted()
              .toList();
    }
    Map<String, List<Sample>> samples = new TreeMap<>();
    List<Problem> problems = new ArrayList<>();
    Map<String, Map<String, Long>> waiting = new TreeMap<>();
    for (Path file : files) {
      RunResult result;
      try {
        result = ResultJson.read(file);
      } catch (ResultFileException e) {
        problems.add(new Problem(TestKey.of(file), Verdict.UNREADABLE_RESULTS, e.getMessage()));
        continue;
      }
      if (result.aborted()) {
        // A client stopped early: the figures are of a different, shorter run.
        problems.add(
            new Problem(
                TestKey.of(file, result),
                Verdict.ABORTED_RESULTS,
                "result file \""
                    + file
                    + "\" is of an aborted run (a client stopped on an error);"
                    + " its figures are incomplete and not compared"));
        continue;
      }
      if (result.totalCounts().processed() == 0 || !(result.benchSeconds() > 0)) {
        problems.add(
            new Problem(
                TestKey.of(file, result),
                Verdict.EMPTY_RESULTS,
                "result file \"" + file + "\" holds no processed transaction"));
        continue;
      }
      Sample sample = Sample.of(file, result);
      samples.computeIfAbsent(sample.key(), k -> new ArrayList<>()).add(sample);
      ServerWork work = result.serverWork();
      if (work != null && work.waits() != null && !work.waits().lockWaiters().isEmpty()) {
        Map<String, Long> statements = new TreeMap<>();
        work.waits()
            .lockWaiters()
            .forEach(
                w ->
                    statements.merge(
                        StatementShape.withoutConstants(w.statement()), w.count(), Long::sum));
        waiting.put(sample.source(), statements);
      }
    }
    samples.values().forEach(list -> list.sort(RUN_ORDER));
    return new ResultFiles(directory, samples, problems, true, waiting);
  }
}
