package io.github.pgperf.result;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.security.SecureRandom;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.HexFormat;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * Which build, which trial of it and which test a run belongs to. The build is the regression
 * gate's statistical unit: all trials of one build share that build's machine conditions (a busy
 * neighbour slows them all), so they are not independent samples. The gate and the report group
 * runs by the test ({@link TestIdentity#key}), not by file names.
 *
 * @param build the id of the build that ran it: {@code pgperf:test} gives one id to all the runs of
 *     one invocation; outside it, every JVM is a build of its own ({@link #thisProcess()})
 * @param trial the trial number within the build, from 1; 0 when not run in trials
 * @param test the test that ran it; {@code null} outside a test (the command line) and in results
 *     written before pgperf recorded it (schema 4 and older)
 */
@API(status = EXPERIMENTAL, since = "0.1.0")
public record RunIdentity(String build, int trial, TestIdentity test) {

  private static final DateTimeFormatter STAMP =
      DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'").withZone(ZoneOffset.UTC);

  /** Made once per JVM: every run of a process without a given build id belongs to it. */
  private static final String PROCESS_BUILD = newBuildId();

  public RunIdentity {
    Objects.requireNonNull(build, "build");
    if (build.isBlank() || build.chars().anyMatch(Character::isISOControl)) {
      throw new IllegalArgumentException(
          "a build id must be non-blank text on one line, not \"" + build + "\"");
    }
    if (trial < 0) {
      throw new IllegalArgumentException("a trial number must not be negative, not " + trial);
    }
  }

  /** A run of this build and trial outside a test. */
  public RunIdentity(String build, int trial) {
    this(build, trial, null);
  }

  /** This identity as a run of {@code test}. */
  public RunIdentity withTest(TestIdentity test) {
    return new RunIdentity(build, trial, test);
  }

  /**
   * A new build id: the UTC time and 24 random bits ({@code 20261201T213000Z-3fa2c1}), sortable.
   */
  public static String newBuildId() {
    byte[] random = new byte[3];
    new SecureRandom().nextBytes(random);
    return STAMP.format(Instant.now()) + "-" + HexFormat.of().formatHex(random);
  }

  /** This JVM's build, with no trial number. */
  public static RunIdentity thisProcess() {
    return new RunIdentity(PROCESS_BUILD, 0);
  }
}
