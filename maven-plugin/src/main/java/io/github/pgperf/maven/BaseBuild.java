package io.github.pgperf.maven;

import io.github.pgperf.compare.BaseBuilder;
import io.github.pgperf.compare.CompareException;
import io.github.pgperf.compare.ForkPlan;
import io.github.pgperf.compare.Outcome;
import java.io.File;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import org.apache.maven.execution.MavenExecutionRequest;
import org.apache.maven.execution.MavenSession;
import org.apache.maven.shared.invoker.DefaultInvocationRequest;
import org.apache.maven.shared.invoker.DefaultInvoker;
import org.apache.maven.shared.invoker.InvocationRequest;
import org.apache.maven.shared.invoker.InvocationResult;
import org.apache.maven.shared.invoker.MavenInvocationException;

/**
 * Builds the base revision with the Maven running this build (maven-invoker: a {@code mvn} process
 * of its own, so the base's plugins and extensions never meet this build's class loaders), the
 * session's settings, profiles and {@code -D} properties, up to {@code test-compile} of the
 * compared module (with {@code -am} in a multi-module project), then {@code pgperf:fork-plan} there
 * writes how its test JVM starts ({@link ForkPlan}). The build's output goes to a log file, kept.
 * {@code pgperf:compare}'s {@link BaseBuilder}.
 *
 * @param forkPlanGoal this plugin's {@code group:artifact:version:fork-plan}
 * @param session what the base build takes from this session
 */
public record BaseBuild(String forkPlanGoal, Session session) implements BaseBuilder {

  /**
   * What the base build takes from the session.
   *
   * @param mavenHome the running Maven's home ({@code maven.home})
   * @param userSettings {@code -s}, or null
   * @param globalSettings {@code -gs}, or null
   * @param localRepository the local repository in use
   * @param offline {@code -o}
   * @param activeProfiles {@code -P} ids
   * @param inactiveProfiles {@code -P !id} ids
   * @param userProperties {@code -D} properties
   */
  public record Session(
      File mavenHome,
      File userSettings,
      File globalSettings,
      File localRepository,
      boolean offline,
      List<String> activeProfiles,
      List<String> inactiveProfiles,
      Properties userProperties) {

    public Session {
      activeProfiles = List.copyOf(activeProfiles);
      inactiveProfiles = List.copyOf(inactiveProfiles);
      Properties copy = new Properties();
      copy.putAll(userProperties);
      userProperties = copy;
    }

    /**
     * What the running session holds: Maven's home is the running one's ({@code maven.home}); a
     * settings file that does not exist is left out, since Maven's request names the default files
     * whether or not they exist and {@code mvn -s} refuses a missing one.
     */
    static Session of(MavenSession session) {
      MavenExecutionRequest request = session.getRequest();
      String home = System.getProperty("maven.home");
      String repository = session.getSettings().getLocalRepository();
      return new Session(
          home == null ? null : new File(home),
          existing(request.getUserSettingsFile()),
          existing(request.getGlobalSettingsFile()),
          repository == null ? null : new File(repository),
          session.isOffline(),
          nullToEmpty(request.getActiveProfiles()),
          nullToEmpty(request.getInactiveProfiles()),
          session.getUserProperties() == null ? new Properties() : session.getUserProperties());
    }

    private static List<String> nullToEmpty(List<String> list) {
      return list == null ? List.of() : list;
    }

    private static File existing(File file) {
      return file != null && file.isFile() ? file : null;
    }
  }

  /**
   * Runs the build; the fork plan's file when it succeeded.
   *
   * @param root the base worktree's directory where the session's build started (its execution
   *     root)
   * @param module the compared module's path relative to {@code root}; empty for the root itself
   * @param log the base build's log ({@code target/pgperf/base-build.log})
   * @param forkPlan where {@code pgperf:fork-plan} writes the compared module's {@link ForkPlan}
   * @param timeout how long the base build may run
   */
  @Override
  public Path build(Path root, String module, Path log, Path forkPlan, Duration timeout)
      throws CompareException {
    InvocationRequest request = new DefaultInvocationRequest();
    request.setBaseDirectory(root.toFile());
    request.setGoals(List.of("test-compile", forkPlanGoal));
    if (!module.isEmpty()) {
      request.setProjects(List.of(module));
      request.setAlsoMake(true);
    }
    request.setBatchMode(true);
    request.setShowErrors(true);
    request.setOffline(session.offline());
    request.setUserSettingsFile(session.userSettings());
    request.setGlobalSettingsFile(session.globalSettings());
    request.setLocalRepositoryDirectory(session.localRepository());
    List<String> profiles = new ArrayList<>(session.activeProfiles());
    session.inactiveProfiles().forEach(p -> profiles.add("!" + p));
    request.setProfiles(profiles);
    Properties properties = new Properties();
    properties.putAll(session.userProperties());
    // With -am the goal runs in every module of the reactor; only the compared one writes.
    properties.setProperty(ForkPlan.FILE_PROPERTY, forkPlan.toAbsolutePath().toString());
    properties.setProperty(
        ForkPlan.MODULE_PROPERTY,
        (module.isEmpty() ? root : root.resolve(module)).toAbsolutePath().normalize().toString());
    request.setProperties(properties);
    request.setTimeoutInSeconds((int) Math.min(Integer.MAX_VALUE, timeout.toSeconds()));
    request.setMavenHome(session.mavenHome());

    InvocationResult result;
    try {
      Files.createDirectories(log.getParent());
      Files.deleteIfExists(forkPlan);
      try (PrintWriter out =
          new PrintWriter(Files.newBufferedWriter(log, StandardCharsets.UTF_8))) {
        request.setOutputHandler(out::println);
        request.setErrorHandler(out::println);
        result = new DefaultInvoker().execute(request);
      }
    } catch (IOException e) {
      throw new CompareException(
          Outcome.BASE_DOES_NOT_BUILD,
          "cannot write the base build's log " + log + ": " + e.getMessage(),
          e);
    } catch (MavenInvocationException e) {
      throw new CompareException(
          Outcome.BASE_DOES_NOT_BUILD,
          "cannot start Maven for the base"
              + " build ("
              + session.mavenHome()
              + "): "
              + e.getMessage(),
          e);
    }
    if (result.getExecutionException() != null) {
      throw new CompareException(
          Outcome.BASE_DOES_NOT_BUILD,
          "the base build could not run: "
              + result.getExecutionException().getMessage()
              + "; its log: "
              + log);
    }
    if (result.getExitCode() != 0) {
      throw new CompareException(
          Outcome.BASE_DOES_NOT_BUILD,
          "the base revision does not build"
              + " (mvn test-compile exited with "
              + result.getExitCode()
              + "): "
              + firstError(log)
              + "its log is kept at "
              + log);
    }
    if (!Files.isRegularFile(forkPlan)) {
      throw new CompareException(
          Outcome.BASE_DOES_NOT_BUILD,
          "the base build wrote no "
              + forkPlan
              + ": the module "
              + (module.isEmpty() ? root : root.resolve(module))
              + " is not in the base revision's build; its log: "
              + log);
    }
    return forkPlan;
  }

  /**
   * The log's first {@code [ERROR]} line that says something (Maven's cause: a compiler message
   * with file and line, an unresolvable dependency), and a separator; empty when there is none.
   */
  private static String firstError(Path log) {
    try (var lines = Files.lines(log, StandardCharsets.UTF_8)) {
      return lines
          .filter(l -> l.startsWith("[ERROR] "))
          .map(l -> l.substring(8).strip())
          .filter(l -> !l.isEmpty() && !l.startsWith("COMPILATION ERROR"))
          .findFirst()
          .map(l -> l + "; ")
          .orElse("");
    } catch (IOException | java.io.UncheckedIOException e) {
      return "";
    }
  }
}
