package io.github.pgperf.internal.provision;

/**
 * What Docker offers pgperf's container, as {@link DockerReadiness} found out: Testcontainers can
 * start it, there is no Docker, or Docker answers but the container cannot be had (an image is
 * neither on the Docker host nor pullable, Testcontainers' own checks failed, Docker stopped
 * answering). Free of Testcontainers' types, so that {@link ProviderChoice} can hold it.
 */
sealed interface DockerState {

  /** Docker answers and has every image Testcontainers needs. */
  record Ready() implements DockerState {}

  /**
   * Testcontainers found no Docker engine.
   *
   * @param cause its words, one line
   */
  record Absent(String cause) implements DockerState {}

  /**
   * Docker answers but the container cannot be started.
   *
   * @param problem what is wrong, naming the image and the cause, one line
   * @param fixes what the user can do about it, one line
   */
  record Unusable(String problem, String fixes) implements DockerState {}
}
