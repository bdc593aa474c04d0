package io.github.pgperf.gate;

import io.github.pgperf.result.ResultFileException;
import io.github.pgperf.result.ResultJson;
import io.github.pgperf.result.RunResult;
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
 */
public record ResultFiles(
    Path directory, Map<String, List<Sample>> samples, List<Problem> problems, boolean exists) {

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
      return new ResultFiles(directory, Map.of(), List.of(), false);
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
    }
    samples.values().forEach(list -> list.sort(RUN_ORDER));
    return new ResultFiles(directory, samples, problems, true);
  }
}
