package io.github.pgperf.gate;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * The samples the candidate is compared with, by test key, and where they came from.
 *
 * @param description where the samples came from, for the report
 * @param samples samples by test key
 * @param problems baseline files or result files of a baseline results directory that could not be
 *     used
 */
public record Baseline(
    String description, Map<String, List<Sample>> samples, List<ResultFiles.Problem> problems) {

  public Baseline {
    samples = Map.copyOf(samples);
    problems = List.copyOf(problems);
  }

  /**
   * The baseline committed in {@code store}.
   *
   * @throws IOException when the store's directory cannot be listed (an unreadable file is a
   *     problem of the baseline instead)
   */
  public static Baseline fromStore(BaselineStore store) throws IOException {
    BaselineStore.Contents contents = store.load();
    return new Baseline(
        "baseline store " + store.directory(), contents.samples(), contents.problems());
  }

  /**
   * The results of another build (for example the main branch's CI artifact) as the baseline.
   *
   * @throws IOException when the directory does not exist or cannot be listed
   */
  public static Baseline fromResults(Path directory) throws IOException {
    if (!Files.isDirectory(directory)) {
      throw new IOException("the baseline results directory " + directory + " does not exist");
    }
    ResultFiles files = ResultFiles.read(directory);
    return new Baseline("results directory " + directory, files.samples(), files.problems());
  }
}
