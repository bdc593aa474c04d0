package io.github.pgperf.launch;

import io.github.pgperf.result.ForkProtocol;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * How the test JVM is started.
 *
 * @param java the {@code java} executable
 * @param jvmArguments arguments before the class path ({@code -Xmx1g}, {@code -XX:+UseSerialGC})
 * @param systemProperties passed as {@code -Dname=value}, except those in {@link
 *     #UNWRITTEN_PROPERTIES}
 * @param environment added to this process's environment
 * @param workingDirectory the test JVM's working directory (the project's base directory)
 * @param classpath the project's test class path, plus the launcher if the project lacks it
 * @param timeout how long the test JVM may run before it is killed; zero for no limit
 * @param outputDirectory where the events, stack traces and argument file go ({@code
 *     target/pgperf})
 */
public record ForkSettings(
    Path java,
    List<String> jvmArguments,
    Map<String, String> systemProperties,
    Map<String, String> environment,
    Path workingDirectory,
    List<Path> classpath,
    Duration timeout,
    Path outputDirectory) {

  /** The events the test JVM writes. */
  public static final String EVENTS = "test-events.tsv";

  /** The stack traces of failures. */
  public static final String TRACES = "test-failures.txt";

  /** The test JVM's arguments, as a {@code java @file} argument file. */
  public static final String ARGUMENTS = "test-jvm.args";

  /**
   * System properties whose values may hold a password (a connection URL a user wrote), so they are
   * never written to the argument file: they reach the test JVM in the environment variable {@link
   * #UNWRITTEN_PROPERTIES_VARIABLE}, which {@code ForkMain} turns into system properties before the
   * tests start. The test JVM's own configuration refuses a URL holding a password, but only after
   * the argument file was written.
   */
  public static final Set<String> UNWRITTEN_PROPERTIES = Set.of("pgperf.url");

  /** The environment variable carrying {@link #UNWRITTEN_PROPERTIES}, in properties-file form. */
  public static final String UNWRITTEN_PROPERTIES_VARIABLE =
      ForkProtocol.UNWRITTEN_PROPERTIES_VARIABLE;

  public ForkSettings {
    jvmArguments = List.copyOf(jvmArguments);
    systemProperties = Map.copyOf(systemProperties);
    environment = Map.copyOf(environment);
    classpath = List.copyOf(classpath);
    if (timeout.isNegative()) {
      throw new IllegalArgumentException("pgperf.forkTimeout must not be negative");
    }
  }

  /** These settings with other system properties. */
  public ForkSettings withSystemProperties(Map<String, String> properties) {
    return new ForkSettings(
        java,
        jvmArguments,
        properties,
        environment,
        workingDirectory,
        classpath,
        timeout,
        outputDirectory);
  }

  /** These settings with {@code more} system properties added, replacing those of their names. */
  public ForkSettings withMoreSystemProperties(Map<String, String> more) {
    Map<String, String> properties = new HashMap<>(systemProperties);
    properties.putAll(more);
    return withSystemProperties(properties);
  }

  /** These settings writing their events, traces and argument file into {@code directory}. */
  public ForkSettings withOutputDirectory(Path directory) {
    return new ForkSettings(
        java,
        jvmArguments,
        systemProperties,
        environment,
        workingDirectory,
        classpath,
        timeout,
        directory);
  }

  Path events() {
    return outputDirectory.resolve(EVENTS);
  }

  Path traces() {
    return outputDirectory.resolve(TRACES);
  }
}
