package io.github.pgperf.internal.capture;

/**
 * The CPU counter of the container a server runs in, where pgperf started it (TESTCONTAINERS): its
 * processes are not visible one by one from here, but the container's whole time is. A run reads it
 * at the window's start and end, as it reads {@code /proc} for a server on this machine.
 */
public interface ContainerCpu {

  /** The container's CPU time so far, user and system, µs; -1 when it cannot be read now. */
  long micros();

  /**
   * Whether the container runs on this machine, so that its time is part of this machine's ({@code
   * /proc/stat}) and the run can tell what other jobs took.
   */
  boolean onThisMachine();
}
