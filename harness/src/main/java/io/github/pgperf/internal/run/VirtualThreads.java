package io.github.pgperf.internal.run;

/**
 * Whether a run's clients run on virtual threads: {@code --virtual-threads},
 * {@code --no-virtual-threads}, or neither ({@link #AUTOMATIC}). {@link ClientThreads#choose}
 * decides the automatic case.
 */
public enum VirtualThreads {
  /**
   * Virtual threads where Java has them (21 and later) and the run has enough clients for a
   * thread each to cost more than the virtual threads' scheduling; else a platform thread per
   * client.
   */
  AUTOMATIC,
  /** Virtual threads; refused on Java 17 to 20. */
  ON,
  /** A platform thread per client. */
  OFF
}
