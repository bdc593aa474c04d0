package io.github.pgperf.junit;

import io.github.pgperf.internal.init.InitOptions;
import io.github.pgperf.internal.provision.ProvisionException;
import io.github.pgperf.provision.Initialization;
import java.util.Locale;

/**
 * pgbench's tables as one test class sees them: made (or found already made) once, the first time
 * the class needs them, so a class that never uses them leaves no trace of them on the server. A
 * class needs them when it sets a scale ({@code @PgPerfTest(scale = ...)}, made before its tests)
 * or runs a load that uses them ({@link #usedBy}).
 */
final class PgbenchTables {

  /** Makes or finds the initialization, shared with every class asking for the same. */
  @FunctionalInterface
  interface Maker {
    Initialization make() throws ProvisionException;
  }

  private final InitOptions options;
  private final Maker maker;
  private volatile Initialization state = Initialization.NOT_NEEDED;

  PgbenchTables(InitOptions options, Maker maker) {
    this.options = options;
    this.maker = maker;
  }

  /**
   * Whether a script uses pgbench's tables: it names one (any {@code pgbench_} name, in any case).
   * Built-in scripts always do; Java transactions are not looked into, so a class whose Java code
   * uses the tables sets a scale.
   */
  static boolean usedBy(String scriptText) {
    return scriptText.toLowerCase(Locale.ROOT).contains("pgbench_");
  }

  /** The options they are (or will be) initialized with, schema included. */
  InitOptions options() {
    return options;
  }

  /** What has been done for this class so far: {@link Initialization#NOT_NEEDED} until needed. */
  Initialization state() {
    return state;
  }

  /** Makes sure the tables are there, once for the class; later calls return the first outcome. */
  synchronized Initialization ensure() throws ProvisionException {
    if (state == Initialization.NOT_NEEDED) {
      state = maker.make();
    }
    return state;
  }
}
