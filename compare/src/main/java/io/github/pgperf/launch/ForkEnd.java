package io.github.pgperf.launch;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * How a test JVM is ended when it must be (its timeout, a slice that hung, the build stopped with
 * Ctrl-C or SIGTERM): politely first, then by force. A test JVM that started an embedded server
 * (provider EMBEDDED, or {@code pgperf.compareServer=own}) has it under {@code pg_ctl}, which
 * detaches the postmaster: it is no descendant of the JVM any more, and only the JVM's shutdown
 * hooks (zonky's and pgperf's) stop it. SIGKILL skips them and leaves the server running, orphaned
 * under its temporary directory, as a build stopped during a test JVM's start showed. SIGTERM runs
 * them; SIGKILL follows for a JVM whose hooks do not finish in time.
 */
final class ForkEnd {

  /** How long the JVM's shutdown hooks get: zonky stops its server in well under a second. */
  static final Duration GRACE = Duration.ofSeconds(15);

  private ForkEnd() {}

  /** Ends {@code process}: SIGTERM, up to {@link #GRACE} for it to end, then SIGKILL to all. */
  static void end(Process process) {
    process.destroy();
    try {
      if (process.waitFor(GRACE.toMillis(), TimeUnit.MILLISECONDS)) {
        return;
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    process.descendants().forEach(ProcessHandle::destroyForcibly);
    process.destroyForcibly();
  }
}
