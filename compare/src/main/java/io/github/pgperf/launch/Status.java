package io.github.pgperf.launch;

/** How one run of a test ended. */
public enum Status {
  PASSED,
  FAILED,
  ABORTED,
  SKIPPED
}
