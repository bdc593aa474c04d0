package io.github.pgperf.junit;

import io.github.pgperf.result.ResultJson;
import io.github.pgperf.result.RunResult;
import io.github.pgperf.run.IoErrors;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Where results go: {@code <directory>/<TestClass>-<method>[-<label>].json}, every part
 * sanitized to letters, digits, {@code .}, {@code _} and {@code -}. The same name asked for again
 * in one JVM (a repeated test, trials run by {@code pgperf:test}) gets {@code -trial2},
 * {@code -trial3}, ... rather than overwriting the first, so every run of a build is kept; the gate
 * reads those as trials of one test, while a bare trailing number (a label such as
 * {@code clients-8}) stays part of the test's key. A name first used in this JVM replaces a file
 * left by an earlier build.
 */
final class ResultFiles {

  /** Runs per file name in this JVM, keyed by the absolute path without the suffix. */
  private static final Map<Path, Integer> USED = new ConcurrentHashMap<>();

  private ResultFiles() {}

  /** The file for the next run under this key; reserves it. */
  static Path next(Path directory, String testClass, String method, String label) {
    StringBuilder base = new StringBuilder(sanitize(testClass));
    if (method != null) {
      base.append('-').append(sanitize(method));
    }
    if (label != null) {
      base.append('-').append(sanitize(label));
    }
    Path key = directory.resolve(base.toString()).toAbsolutePath().normalize();
    int n = USED.merge(key, 1, Integer::sum);
    return directory.resolve(n == 1 ? base + ".json" : base + "-trial" + n + ".json");
  }

  /**
   * Checks, before a load runs, that result files can be written in {@code directory}, making it
   * if needed: a result that cannot be written after the load ran is lost.
   *
   * @throws IOException why not; the message of {@link #unwritable} names the directory
   */
  static void checkDirectory(Path directory) throws IOException {
    Files.createDirectories(directory);
    Path probe = Files.createTempFile(directory, ".pgperf-", ".probe");
    Files.delete(probe);
  }

  /** The message for a results directory {@link #checkDirectory} refused. */
  static String unwritable(Path directory, IOException e) {
    return "cannot write result files in pgperf.resultsDirectory \"" + directory + "\": "
        + IoErrors.reason(e);
  }

  /** Writes the result, making the directory if needed. */
  static void write(RunResult result, Path file) throws IOException {
    Path parent = file.toAbsolutePath().getParent();
    Files.createDirectories(parent);
    ResultJson.write(result, file);
  }

  /** Characters that are safe in file names on every system; anything else becomes {@code _}. */
  static String sanitize(String part) {
    String s = part.replaceAll("[^A-Za-z0-9._-]", "_");
    // A leading dot would hide the file; an empty part would leave a dangling separator.
    return s.isEmpty() || s.startsWith(".") ? "_" + s : s;
  }
}
