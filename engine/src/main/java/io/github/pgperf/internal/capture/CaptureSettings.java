package io.github.pgperf.internal.capture;

import io.github.pgperf.work.ServerWork;

/**
 * Whether and how a run captures the server's work ({@link ServerWork}).
 *
 * @param enabled whether to capture at all ({@code pgperf.serverCounters}; the command line's
 *     {@code --server-counters})
 * @param waitSamplingMillis how often to read the run's backends' wait events, ms; 0 samples none
 * @param installExtensions whether pgperf may create {@code pg_stat_statements} (in its own schema,
 *     {@value #EXTENSION_SCHEMA}) when the server has it loaded but the database does not have it:
 *     always on a server pgperf started, on another only when told ({@code
 *     pgperf.installExtensions=true})
 * @param answerTimeoutMillis the longest pgperf waits for the server to answer on its own
 *     connections (the counters' and the wait sampler's), ms: a server that stops answering
 *     (frozen, unreachable) must not keep a run from ending; the clients have their own guard
 *     ({@code --end-timeout})
 * @param containerCpu the CPU counter of the container the server runs in, when pgperf started one;
 *     {@code null} elsewhere
 */
public record CaptureSettings(
    boolean enabled,
    int waitSamplingMillis,
    boolean installExtensions,
    int answerTimeoutMillis,
    ContainerCpu containerCpu) {

  /** The schema pgperf creates {@code pg_stat_statements} in, when it creates it. */
  public static final String EXTENSION_SCHEMA = "pgperf_extensions";

  /** The default wait sampling interval, ms. */
  public static final int DEFAULT_WAIT_SAMPLING_MILLIS = 10;

  /**
   * The default answer timeout, ms: long enough for a server busy with a checkpoint on a loaded
   * machine, short enough that a frozen one costs a run seconds, not minutes.
   */
  public static final int DEFAULT_ANSWER_TIMEOUT_MILLIS = 15_000;

  /** No capture. */
  public static final CaptureSettings OFF =
      new CaptureSettings(false, 0, false, DEFAULT_ANSWER_TIMEOUT_MILLIS);

  /** Settings for a server that is not in a container pgperf started. */
  public CaptureSettings(
      boolean enabled, int waitSamplingMillis, boolean installExtensions, int answerTimeoutMillis) {
    this(enabled, waitSamplingMillis, installExtensions, answerTimeoutMillis, null);
  }

  public CaptureSettings {
    if (waitSamplingMillis < 0) {
      throw new IllegalArgumentException(
          "wait sampling interval must not be negative: " + waitSamplingMillis + " ms");
    }
    if (answerTimeoutMillis < 1) {
      throw new IllegalArgumentException(
          "answer timeout must be at least 1 ms: " + answerTimeoutMillis + " ms");
    }
  }

  /** Capture with the default sampling, installing nothing. */
  public static CaptureSettings defaults() {
    return new CaptureSettings(
        true, DEFAULT_WAIT_SAMPLING_MILLIS, false, DEFAULT_ANSWER_TIMEOUT_MILLIS);
  }

  /** These settings with {@code installExtensions}. */
  public CaptureSettings withInstallExtensions(boolean value) {
    return new CaptureSettings(
        enabled, waitSamplingMillis, value, answerTimeoutMillis, containerCpu);
  }

  /** These settings sampling wait events every {@code millis} ms (0: none). */
  public CaptureSettings withWaitSamplingMillis(int millis) {
    return new CaptureSettings(
        enabled, millis, installExtensions, answerTimeoutMillis, containerCpu);
  }

  /** These settings waiting at most {@code millis} ms for the server on pgperf's connections. */
  public CaptureSettings withAnswerTimeoutMillis(int millis) {
    return new CaptureSettings(
        enabled, waitSamplingMillis, installExtensions, millis, containerCpu);
  }

  /** These settings reading the CPU of the container the server runs in ({@code null}: none). */
  public CaptureSettings withContainerCpu(ContainerCpu value) {
    return new CaptureSettings(
        enabled, waitSamplingMillis, installExtensions, answerTimeoutMillis, value);
  }
}
