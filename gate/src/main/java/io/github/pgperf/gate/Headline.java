package io.github.pgperf.gate;

/**
 * The check's outcome in one line, as the log, check.md and the report's header print it. It says
 * plainly when nothing, or only part, was compared: a build whose every test ended in a warning
 * (another machine's baseline, too few trials) passes, but it must not read like a clean pass.
 *
 * @param tone how it should look: {@link Action#FAIL} (red), {@link Action#WARN} (a warning's
 *     colour: the build passes, but little or nothing was compared) or {@link Action#PASS} (green)
 * @param text e.g. {@code fails the build: 1 REGRESSION, 2 PASS}, {@code compared nothing, passes
 *     with warnings: 9 FINGERPRINT_MISMATCH}, {@code passes: 6 PASS}
 */
public record Headline(Action tone, String text) {

  static Headline of(CheckReport report) {
    String counts = report.summary();
    if (report.failed()) {
      return new Headline(Action.FAIL, "fails the build: " + counts);
    }
    long compared = report.compared();
    int all = report.findings().size();
    if (compared == 0) {
      return new Headline(Action.WARN, "compared nothing, passes with warnings: " + counts);
    }
    if (compared < all) {
      return new Headline(
          Action.WARN, "compared " + compared + " of " + all + ", passes with warnings: " + counts);
    }
    return new Headline(Action.PASS, "passes: " + counts);
  }
}
