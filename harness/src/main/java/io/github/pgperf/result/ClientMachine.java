package io.github.pgperf.result;

import java.util.Objects;

/**
 * The machine that generated the load, as far as it changes results.
 *
 * @param pgperfVersion the pgperf version that ran, {@code dev} when not run from a released jar
 * @param cores processors available to the JVM
 * @param jvm JVM name, vendor and version
 * @param os operating system name, version and architecture
 */
public record ClientMachine(String pgperfVersion, int cores, String jvm, String os) {

  public ClientMachine {
    Objects.requireNonNull(pgperfVersion, "pgperfVersion");
    Objects.requireNonNull(jvm, "jvm");
    Objects.requireNonNull(os, "os");
  }

  /** This JVM's machine. */
  public static ClientMachine current() {
    String version = ClientMachine.class.getPackage().getImplementationVersion();
    return new ClientMachine(
        version == null ? "dev" : version,
        Runtime.getRuntime().availableProcessors(),
        System.getProperty("java.vm.name") + " " + System.getProperty("java.vm.vendor")
            + " " + System.getProperty("java.runtime.version", System.getProperty("java.version")),
        System.getProperty("os.name") + " " + System.getProperty("os.version")
            + " " + System.getProperty("os.arch"));
  }
}
