package io.github.pgperf.launch;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Which tests {@code pgperf:test} runs and how often.
 *
 * @param includeTags JUnit tag expressions (for example {@code performance}, {@code performance &
 *     !slow}); a test must match one; empty for every test
 * @param excludeTags tag expressions that leave a test out
 * @param classes class name patterns: {@code *} matches any characters; a pattern without a dot
 *     matches the simple name ({@code Orders*}), one with a dot the fully qualified name; a class
 *     must match one; empty for every class
 * @param testClass one top-level class (fully qualified) whose tests run, of those the patterns
 *     select: {@code pgperf:compare} runs a test JVM per class; empty for every class
 * @param trials how many times every test runs (at least 1)
 */
public record TestSelection(
    List<String> includeTags,
    List<String> excludeTags,
    List<String> classes,
    String testClass,
    int trials) {

  public TestSelection(
      List<String> includeTags, List<String> excludeTags, List<String> classes, int trials) {
    this(includeTags, excludeTags, classes, "", trials);
  }

  public TestSelection {
    includeTags = List.copyOf(includeTags);
    excludeTags = List.copyOf(excludeTags);
    classes = List.copyOf(classes);
    testClass = testClass == null ? "" : testClass;
    if (trials < 1) {
      throw new IllegalArgumentException("pgperf.trials must be at least 1, not " + trials);
    }
  }

  /** This selection narrowed to the tests of one top-level class, fully qualified. */
  public TestSelection inClass(String className) {
    return new TestSelection(includeTags, excludeTags, classes, className, trials);
  }

  /** Splits a comma-separated parameter into its trimmed, non-empty parts. */
  public static List<String> list(String commaSeparated) {
    List<String> parts = new ArrayList<>();
    if (commaSeparated != null) {
      Arrays.stream(commaSeparated.split(","))
          .map(String::trim)
          .filter(s -> !s.isEmpty())
          .forEach(parts::add);
    }
    return parts;
  }

  /** The class patterns as regular expressions on fully qualified names, for the launcher. */
  List<String> classRegexes() {
    List<String> regexes = new ArrayList<>();
    for (String glob : classes) {
      StringBuilder regex = new StringBuilder(glob.contains(".") ? "" : "(?:.*[.$])?");
      for (String part : glob.split("\\*", -1)) {
        regex.append(Pattern.quote(part)).append(".*");
      }
      regex.setLength(regex.length() - 2);
      regexes.add(regex.toString());
    }
    return regexes;
  }

  /** Says what is selected, for messages: {@code tag performance, classes Orders*}. */
  public String describe() {
    StringBuilder b = new StringBuilder();
    b.append(includeTags.isEmpty() ? "any tag" : "tag " + String.join(" or ", includeTags));
    if (!excludeTags.isEmpty()) {
      b.append(", not ").append(String.join(" or ", excludeTags));
    }
    if (!classes.isEmpty()) {
      b.append(", classes ").append(String.join(", ", classes));
    }
    if (!testClass.isEmpty()) {
      b.append(", in ").append(testClass);
    }
    return b.toString();
  }
}
