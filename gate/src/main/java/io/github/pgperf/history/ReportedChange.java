package io.github.pgperf.history;

import java.time.Instant;
import java.util.Objects;

/**
 * A change point already reported as {@code CHANGE_POINT}, kept in the store so that later builds
 * do not report it again.
 *
 * @param test the test key
 * @param metric the metric's label
 * @param fingerprint the series' fingerprint hash
 * @param changeBuild the first build at the new level
 * @param reportedIn the build that reported it (reported again when that build runs again, so a
 *     retried failed job fails again)
 * @param time when it was reported
 */
public record ReportedChange(
    String test,
    String metric,
    String fingerprint,
    String changeBuild,
    String reportedIn,
    Instant time) {

  public ReportedChange {
    Objects.requireNonNull(test, "test");
    Objects.requireNonNull(metric, "metric");
    Objects.requireNonNull(fingerprint, "fingerprint");
    Objects.requireNonNull(changeBuild, "changeBuild");
    Objects.requireNonNull(reportedIn, "reportedIn");
    Objects.requireNonNull(time, "time");
  }
}
