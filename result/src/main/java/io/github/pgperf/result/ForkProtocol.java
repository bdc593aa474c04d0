package io.github.pgperf.result;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.util.List;
import org.apiguardian.api.API;

/**
 * The names the Maven plugin's JVMs (pgperf-gate's {@code launch}) and the JVMs it starts on the
 * user's test class path (pgperf-harness's compare server) agree on, in the one module both compile
 * against: were they strings on each side, a rename on one would break the other at run time only.
 * JDK only.
 */
@API(status = INTERNAL, since = "0.1.0")
public final class ForkProtocol {

  /**
   * The environment variable carrying, in properties-file form, the system properties kept out of
   * argument files (a connection URL a user wrote may hold a password).
   */
  public static final String UNWRITTEN_PROPERTIES_VARIABLE = "PGPERF_FORK_PROPERTIES";

  /** {@code pgperf:compare}'s base revision: its results directory and database suffix. */
  public static final String BASE = "base";

  /** {@code pgperf:compare}'s working tree. */
  public static final String CANDIDATE = "candidate";

  /** The sides of a comparison, base first. */
  public static final List<String> SIDES = List.of(BASE, CANDIDATE);

  /** The main class of {@code pgperf:compare}'s shared server JVM, in pgperf-harness. */
  public static final String COMPARE_SERVER_MAIN = "io.github.pgperf.junit.CompareServer";

  private ForkProtocol() {}
}
