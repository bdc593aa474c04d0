package io.github.pgperf.gate;

import io.github.pgperf.result.RunResult;
import io.github.pgperf.result.TestIdentity;
import java.nio.file.Path;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Names the test a result belongs to, so that the trials of one test feed one sample.
 *
 * <p>A result that records its test ({@code identity.test}, schema 5) is keyed by it: {@code
 * <Class>-<method>[-<label>]} ({@link TestIdentity#key}), whatever its file is called.
 *
 * <p>Older results are keyed by their file name: the name without {@code .json} and without a
 * trailing trial number written as {@code -trialN} (also {@code _trialN} or {@code .trialN}):
 * {@code OrdersIT.insert-trial3.json} and {@code OrdersIT.insert.json} both belong to {@code
 * OrdersIT.insert}. A bare trailing number is part of the key, because labels such as {@code
 * clients-8} end in one. When the file name is only a trial number ({@code 3.json}, {@code
 * trial3.json}), the run's label names the test. The label and the rest of the workload are part of
 * the {@link Fingerprint}, so results of other workloads under one key are not compared silently.
 */
final class TestKey {

  private static final Pattern TRIAL =
      Pattern.compile("^(.*?)(?:^|[-_.])trial\\d+$", Pattern.CASE_INSENSITIVE);

  private TestKey() {}

  /**
   * The key of the result {@code result} read from {@code file}: its recorded test, or for older
   * results the file's name (not its directory).
   */
  static String of(Path file, RunResult result) {
    if (result != null && result.identity() != null && result.identity().test() != null) {
      return result.identity().test().key(result.settings().label());
    }
    String stem = stem(file);
    if (namesOnlyATrial(stem)) {
      String label = result == null ? null : result.settings().label();
      return label == null || label.isBlank() ? "unnamed" : label.strip();
    }
    return stem;
  }

  /** The key from the file name alone, for files that could not be read. */
  static String of(Path file) {
    String stem = stem(file);
    return namesOnlyATrial(stem) ? file.getFileName().toString() : stem;
  }

  /** A file named by its trial number alone ({@code 3.json}, {@code trial3.json}) names no test. */
  private static boolean namesOnlyATrial(String stem) {
    return stem.isEmpty() || stem.chars().allMatch(Character::isDigit);
  }

  private static String stem(Path file) {
    String name = file.getFileName().toString();
    if (name.toLowerCase(Locale.ROOT).endsWith(".json")) {
      name = name.substring(0, name.length() - 5);
    }
    Matcher m = TRIAL.matcher(name);
    return m.matches() ? m.group(1) : name;
  }
}
