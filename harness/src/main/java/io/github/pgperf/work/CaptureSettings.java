package io.github.pgperf.work;

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
 */
public record CaptureSettings(boolean enabled, int waitSamplingMillis, boolean installExtensions) {

  /** The schema pgperf creates {@code pg_stat_statements} in, when it creates it. */
  public static final String EXTENSION_SCHEMA = "pgperf_extensions";

  /** The default wait sampling interval, ms. */
  public static final int DEFAULT_WAIT_SAMPLING_MILLIS = 10;

  /** No capture. */
  public static final CaptureSettings OFF = new CaptureSettings(false, 0, false);

  public CaptureSettings {
    if (waitSamplingMillis < 0) {
      throw new IllegalArgumentException(
          "wait sampling interval must not be negative: " + waitSamplingMillis + " ms");
    }
  }

  /** Capture with the default sampling, installing nothing. */
  public static CaptureSettings defaults() {
    return new CaptureSettings(true, DEFAULT_WAIT_SAMPLING_MILLIS, false);
  }

  /** These settings with {@code installExtensions}. */
  public CaptureSettings withInstallExtensions(boolean value) {
    return new CaptureSettings(enabled, waitSamplingMillis, value);
  }

  /** These settings sampling wait events every {@code millis} ms (0: none). */
  public CaptureSettings withWaitSamplingMillis(int millis) {
    return new CaptureSettings(enabled, millis, installExtensions);
  }
}
