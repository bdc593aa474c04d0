package io.github.pgperf.internal.provision;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Whether Testcontainers can run here: its classes are on the classpath (it is an optional
 * dependency) and Docker can start a container of the image ({@link DockerReadiness}, within its
 * bound). Nothing of Testcontainers is loaded unless present. A JVM checks each image once: a test
 * run's classes that ask for it again get the same answer at once.
 */
class DockerProbe {

  static final String FACTORY = "org.testcontainers.DockerClientFactory";

  private static final Map<String, DockerState> CHECKED = new ConcurrentHashMap<>();

  private final String factoryClass;

  DockerProbe() {
    this(FACTORY);
  }

  /** A probe for another class name, so that tests can pretend Testcontainers is absent. */
  DockerProbe(String factoryClass) {
    this.factoryClass = factoryClass;
  }

  boolean testcontainersPresent() {
    try {
      Class.forName(factoryClass, false, DockerProbe.class.getClassLoader());
      return true;
    } catch (ClassNotFoundException | LinkageError e) {
      return false;
    }
  }

  /** Asks Docker, through Testcontainers, about {@code image}; call only when present. */
  DockerState state(String image) {
    return CHECKED.computeIfAbsent(image, i -> DockerReadiness.check(i, System.getenv()));
  }
}
