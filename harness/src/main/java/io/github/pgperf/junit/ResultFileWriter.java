package io.github.pgperf.junit;

import io.github.pgperf.internal.run.IoErrors;
import io.github.pgperf.result.ResultJson;
import io.github.pgperf.result.RunIdentity;
import io.github.pgperf.result.RunResult;
import io.github.pgperf.result.TestIdentity;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Where results go: {@code <directory>/<test key>.json} ({@link TestIdentity#key}: {@code
 * <TestClass>-<method>[-<label>]}). The same name asked for again in one JVM (a repeated test,
 * trials run by {@code pgperf:test}) gets {@code -trial2}, {@code -trial3}, ... rather than
 * overwriting the first, so every run of a build is kept. The name is for people: the gate and the
 * report read test and trial from the result itself ({@link RunIdentity}). A name first used in
 * this JVM replaces a file left by an earlier build.
 */
final class ResultFileWriter {

  /** Runs per file name in this JVM, keyed by the absolute path without the suffix. */
  private static final Map<Path, Integer> USED = new ConcurrentHashMap<>();

  private ResultFileWriter() {}

  /** The file for the next run under this key; reserves it. */
  static Path next(Path directory, String testKey) {
    Path key = directory.resolve(testKey).toAbsolutePath().normalize();
    int n = USED.merge(key, 1, Integer::sum);
    return directory.resolve(n == 1 ? testKey + ".json" : testKey + "-trial" + n + ".json");
  }

  /**
   * Checks, before a load runs, that result files can be written in {@code directory}, making it if
   * needed: a result that cannot be written after the load ran is lost.
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
    return "cannot write result files in pgperf.results \""
        + directory
        + "\": "
        + IoErrors.reason(e);
  }

  /** Writes the result, making the directory if needed. */
  static void write(RunResult result, Path file) throws IOException {
    Path parent = file.toAbsolutePath().getParent();
    Files.createDirectories(parent);
    ResultJson.write(result, file);
  }
}
