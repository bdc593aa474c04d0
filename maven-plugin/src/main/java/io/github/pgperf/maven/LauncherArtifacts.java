package io.github.pgperf.maven;

import io.github.pgperf.launch.LauncherChoice;
import io.github.pgperf.launch.LauncherChoice.Coordinates;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.maven.artifact.Artifact;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.logging.Log;
import org.eclipse.aether.RepositorySystem;
import org.eclipse.aether.RepositorySystemSession;
import org.eclipse.aether.artifact.DefaultArtifact;
import org.eclipse.aether.collection.CollectRequest;
import org.eclipse.aether.graph.Dependency;
import org.eclipse.aether.repository.RemoteRepository;
import org.eclipse.aether.resolution.ArtifactResult;
import org.eclipse.aether.resolution.DependencyRequest;
import org.eclipse.aether.resolution.DependencyResolutionException;

/** Resolves the JUnit Platform Launcher the test JVM needs and the project lacks. */
final class LauncherArtifacts {

  private final RepositorySystem system;
  private final RepositorySystemSession session;
  private final List<RemoteRepository> repositories;
  private final Log log;
  private boolean engineMissing;

  LauncherArtifacts(
      RepositorySystem system,
      RepositorySystemSession session,
      List<RemoteRepository> repositories,
      Log log) {
    this.system = system;
    this.session = session;
    this.repositories = repositories;
    this.log = log;
  }

  /** Whether the project's test class path has no JUnit engine (known after {@link #missing}). */
  boolean engineMissing() {
    return engineMissing;
  }

  /** The launcher's jars (and its dependencies) that are not on the project's test class path. */
  List<Path> missing(Set<Artifact> project, Collection<Artifact> plugin)
      throws MojoExecutionException {
    List<Coordinates> classpath =
        project.stream()
            .map(a -> new Coordinates(a.getGroupId(), a.getArtifactId(), a.getVersion()))
            .toList();
    String own =
        plugin.stream()
            .filter(
                a ->
                    a.getGroupId().equals(LauncherChoice.GROUP)
                        && a.getArtifactId().equals(LauncherChoice.LAUNCHER))
            .map(Artifact::getVersion)
            .findFirst()
            .orElseThrow(
                () ->
                    new MojoExecutionException(
                        "pgperf test: the plugin's own junit-platform-launcher is missing"));
    LauncherChoice choice = LauncherChoice.choose(classpath, own);
    engineMissing = !choice.hasEngine();
    log.debug("pgperf test: launcher: " + choice.reason());
    if (choice.version().isEmpty()) {
      return List.of();
    }
    String coordinates =
        LauncherChoice.GROUP + ":" + LauncherChoice.LAUNCHER + ":" + choice.version().get();
    CollectRequest collect =
        new CollectRequest(
            new Dependency(new DefaultArtifact(coordinates), "runtime"), repositories);
    List<ArtifactResult> resolved;
    try {
      resolved =
          system
              .resolveDependencies(session, new DependencyRequest(collect, null))
              .getArtifactResults();
    } catch (DependencyResolutionException e) {
      throw new MojoExecutionException(
          "pgperf test: cannot resolve "
              + coordinates
              + " ("
              + choice.reason()
              + "): "
              + e.getMessage()
              + "; add it to the project's test dependencies",
          e);
    }
    Set<String> present =
        classpath.stream().map(c -> c.groupId() + ":" + c.artifactId()).collect(Collectors.toSet());
    List<Path> jars = new ArrayList<>();
    for (ArtifactResult r : resolved) {
      org.eclipse.aether.artifact.Artifact a = r.getArtifact();
      if (!present.contains(a.getGroupId() + ":" + a.getArtifactId())) {
        jars.add(a.getFile().toPath());
      }
    }
    log.debug("pgperf test: added to the test class path: " + jars);
    return jars;
  }
}
