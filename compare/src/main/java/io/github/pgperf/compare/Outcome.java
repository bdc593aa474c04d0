package io.github.pgperf.compare;

/**
 * The named outcomes of {@code pgperf:compare} that stop a comparison (or, for the last two, leave
 * nothing to compare), each with a message of its own; see docs/compare.md.
 */
public enum Outcome {
  /** The project is not in a git working tree, or git is missing. */
  NOT_A_REPOSITORY,
  /** The base ref names no commit here. */
  BASE_MISSING,
  /** The clone is shallow, so the base commit or the merge base is not in it. */
  SHALLOW_CLONE,
  /** A git command failed for another reason (its message says which). */
  GIT_FAILED,
  /** The base revision's build failed; its log is kept. */
  BASE_DOES_NOT_BUILD,
  /** The base revision's tests do not use pgperf: nothing to compare with. */
  BASE_HAS_NO_PGPERF,
  /** The base revision has pgperf but no performance test was found in it. */
  BASE_HAS_NO_TESTS
}
