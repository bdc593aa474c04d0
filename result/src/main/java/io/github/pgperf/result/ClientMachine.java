package io.github.pgperf.result;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * The machine that generated the load, as far as it changes results.
 *
 * @param pgperfVersion the pgperf version that ran, {@code dev} when not run from a released jar
 * @param cores processors available to the JVM
 * @param jvm JVM name, vendor and version
 * @param os operating system name, version and architecture
 * @param cpu the processor's model name ({@code /proc/cpuinfo}), or {@code null} when unknown
 *     (results of schema 1, systems without {@code /proc/cpuinfo})
 * @param memoryBytes the machine's physical memory, or 0 when unknown
 */
@API(status = EXPERIMENTAL, since = "0.1.0")
public record ClientMachine(
    String pgperfVersion, int cores, String jvm, String os, String cpu, long memoryBytes) {

  /** Read once: the model name and memory do not change while a JVM runs. */
  private static final String CPU = cpuModel(Path.of("/proc/cpuinfo"));

  private static final long MEMORY = physicalMemory();

  public ClientMachine {
    Objects.requireNonNull(pgperfVersion, "pgperfVersion");
    Objects.requireNonNull(jvm, "jvm");
    Objects.requireNonNull(os, "os");
    if (memoryBytes < 0) {
      throw new IllegalArgumentException("memoryBytes must not be negative, not " + memoryBytes);
    }
  }

  /** A machine whose processor model and memory are not known. */
  public ClientMachine(String pgperfVersion, int cores, String jvm, String os) {
    this(pgperfVersion, cores, jvm, os, null, 0);
  }

  /** This JVM's machine. */
  public static ClientMachine current() {
    String version = ClientMachine.class.getPackage().getImplementationVersion();
    return new ClientMachine(
        version == null ? "dev" : version,
        Runtime.getRuntime().availableProcessors(),
        System.getProperty("java.vm.name")
            + " "
            + System.getProperty("java.vm.vendor")
            + " "
            + System.getProperty("java.runtime.version", System.getProperty("java.version")),
        System.getProperty("os.name")
            + " "
            + System.getProperty("os.version")
            + " "
            + System.getProperty("os.arch"),
        CPU,
        MEMORY);
  }

  /** The first {@code model name} of a Linux {@code cpuinfo} file; null when there is none. */
  static String cpuModel(Path cpuinfo) {
    try {
      for (String line : Files.readAllLines(cpuinfo, StandardCharsets.UTF_8)) {
        int colon = line.indexOf(':');
        if (colon > 0 && line.substring(0, colon).strip().equals("model name")) {
          String model = line.substring(colon + 1).strip().replaceAll("\\s+", " ");
          return model.isEmpty() ? null : model;
        }
      }
    } catch (IOException | RuntimeException e) {
      // Not Linux, or not readable: the model stays unknown.
    }
    return null;
  }

  private static long physicalMemory() {
    if (ManagementFactory.getOperatingSystemMXBean()
        instanceof com.sun.management.OperatingSystemMXBean os) {
      return Math.max(0, os.getTotalMemorySize());
    }
    return 0;
  }
}
