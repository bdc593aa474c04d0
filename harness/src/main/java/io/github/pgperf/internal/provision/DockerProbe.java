package io.github.pgperf.internal.provision;

/**
 * Whether Testcontainers can run here: its classes are on the classpath (it is an optional
 * dependency) and it finds a Docker engine. Nothing of Testcontainers is loaded unless present.
 */
final class DockerProbe {

  static final String FACTORY = "org.testcontainers.DockerClientFactory";

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

  /** Asks Testcontainers; call only when {@link #testcontainersPresent()}. */
  boolean dockerAvailable() {
    return ContainerServer.dockerAvailable();
  }
}
