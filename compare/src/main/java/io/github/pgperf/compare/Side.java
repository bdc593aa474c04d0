package io.github.pgperf.compare;

import io.github.pgperf.result.ForkProtocol;

/**
 * A side of a comparison: the base revision, or the working tree (the candidate). Its name is the
 * results directory's ({@code target/pgperf/results/base/}) and ends each of its runs' build id
 * ({@code 20261202T041500Z-3fa2c1-base}), so a result file says its side in its own data.
 */
public enum Side {
  BASE(ForkProtocol.BASE),
  CANDIDATE(ForkProtocol.CANDIDATE);

  private final String label;

  Side(String label) {
    this.label = label;
  }

  public String label() {
    return label;
  }

  /** The build id of this side's runs in the comparison {@code compareId}. */
  public String buildId(String compareId) {
    return compareId + "-" + label;
  }

  @Override
  public String toString() {
    return label;
  }
}
