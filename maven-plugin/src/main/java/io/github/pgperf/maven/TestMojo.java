package io.github.pgperf.maven;

import io.github.pgperf.compare.Candidate;
import io.github.pgperf.goal.GoalError;
import io.github.pgperf.launch.ArgLine;
import io.github.pgperf.launch.ForkSettings;
import io.github.pgperf.launch.TestFork;
import io.github.pgperf.launch.TestRun;
import io.github.pgperf.launch.TestSelection;
import io.github.pgperf.launch.Trials;
import io.github.pgperf.result.DurationText;
import io.github.pgperf.result.RunIdentity;
import io.github.pgperf.result.SettingKeys;
import java.io.File;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import org.apache.maven.artifact.Artifact;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Component;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.plugins.annotations.ResolutionScope;
import org.eclipse.aether.RepositorySystem;
import org.eclipse.aether.RepositorySystemSession;
import org.eclipse.aether.repository.RemoteRepository;

/**
 * Runs the project's performance tests (JUnit tag {@code performance}) in a test JVM of their own,
 * one test at a time, every test once per trial (trial 1 of every test, then trial 2, ...), so each
 * result file is one sample for {@code pgperf:check}. Result files go to {@code pgperf.results},
 * cleared first. A failing test (a threshold missed) fails the build with the test's own message;
 * stack traces go to {@code target/pgperf/test-failures.txt}. Exclude the tag from Surefire ({@code
 * <excludedGroups>performance</excludedGroups>}) so the tests run here only.
 */
@Mojo(
    name = "test",
    defaultPhase = LifecyclePhase.INTEGRATION_TEST,
    requiresDependencyResolution = ResolutionScope.TEST,
    threadSafe = true)
public class TestMojo extends GateMojo {

  /**
   * How many times every test runs (default 5); each run is one sample for {@code pgperf:check}.
   * Fewer trials are faster and detect only larger changes (the check says "inconclusive: run more
   * trials"). Set it as the property {@code pgperf.trials} in the POM so that {@code
   * -Dpgperf.trials} on the command line can override it; an explicit {@code <trials>} wins over
   * the command line.
   */
  @Parameter(property = Trials.PROPERTY)
  Integer trials;

  /** JUnit tag expressions of the tests to run, comma-separated: a test must match one. */
  @Parameter(property = "pgperf.groups", defaultValue = "performance")
  String groups;

  /** JUnit tag expressions of tests to leave out, comma-separated. */
  @Parameter(property = "pgperf.excludedGroups")
  String excludedGroups;

  /**
   * Test classes to run, comma-separated patterns with {@code *}: without a dot a pattern matches
   * the simple class name ({@code Orders*}), with one the fully qualified name. Empty for all.
   */
  @Parameter(property = "pgperf.tests")
  String tests;

  /** Fail the build when no test matches, rather than warn. */
  @Parameter(property = "pgperf.failIfNoTests", defaultValue = "false")
  boolean failIfNoTests;

  /** The {@code java} executable of the test JVM; by default the one running Maven. */
  @Parameter(property = "pgperf.jvm", defaultValue = "${java.home}/bin/java")
  File jvm;

  /**
   * Arguments of the test JVM, as on a command line. The default SerialGC costs the load runner's
   * client threads less CPU than G1, leaving more of it to the server.
   */
  @Parameter(property = "pgperf.argLine", defaultValue = "-XX:+UseSerialGC")
  String argLine;

  /**
   * System properties of the test JVM. The build's {@code pgperf.*} properties (POM properties,
   * {@code -D} options) that the JUnit extension reads are passed on too (a {@code pgperf.*}
   * property nobody reads is warned about, naming the nearest known key), and {@code
   * pgperf.results} is set to this goal's results directory.
   */
  @Parameter Map<String, String> systemPropertyVariables = new HashMap<>();

  /** Environment variables added to the test JVM's. */
  @Parameter Map<String, String> environmentVariables = new HashMap<>();

  /** The test JVM's working directory. */
  @Parameter(property = "pgperf.workingDirectory", defaultValue = "${project.basedir}")
  File workingDirectory;

  /**
   * How long the test JVM may run before it is killed and the build fails: a duration such as
   * {@code 1h} or {@code 90min}; {@code 0s} for no limit.
   */
  @Parameter(property = "pgperf.forkTimeout", defaultValue = "1h")
  String forkTimeout;

  @Parameter(defaultValue = "${project.build.testOutputDirectory}", readonly = true)
  File testClassesDirectory;

  /** The module's directory, by which pgperf:compare and pgperf:fork-plan know the module. */
  @Parameter(defaultValue = "${project.basedir}", readonly = true)
  File basedir;

  @Parameter(defaultValue = "${project.testClasspathElements}", readonly = true)
  List<String> testClasspathElements;

  @Parameter(defaultValue = "${project.artifacts}", readonly = true)
  Set<Artifact> projectArtifacts;

  @Parameter(defaultValue = "${plugin.artifacts}", readonly = true)
  List<Artifact> pluginArtifacts;

  @Parameter(defaultValue = "${project.properties}", readonly = true)
  Properties projectProperties;

  @Parameter(defaultValue = "${session.userProperties}", readonly = true)
  Properties userProperties;

  @Parameter(defaultValue = "${repositorySystemSession}", readonly = true)
  RepositorySystemSession repositorySession;

  @Parameter(defaultValue = "${project.remoteProjectRepositories}", readonly = true)
  List<RemoteRepository> remoteRepositories;

  @Component RepositorySystem repositorySystem;

  private boolean engineMissing;

  /** The harness's key for the build a run belongs to. */
  static final String BUILD = "pgperf.build";

  /** This invocation's build id, recorded in every result it produces. */
  private final String build = RunIdentity.newBuildId();

  @Override
  public void execute() throws MojoExecutionException, MojoFailureException {
    if (skip) {
      getLog().info("pgperf test skipped");
      return;
    }
    Trials plan = trials();
    getLog().info("pgperf test: " + plan.describe());
    TestSelection selection = selection(plan.count());
    ForkSettings settings = forkSettings();
    if (!testClassesDirectory.isDirectory()) {
      noTests(selection, "there are no test classes (" + testClassesDirectory + ")");
      return;
    }
    try {
      clearResults();
    } catch (IOException e) {
      throw new MojoExecutionException(
          "pgperf test: cannot clear the old results in " + results + ": " + e.getMessage(), e);
    }
    TestRun run;
    try {
      getLog()
          .info(
              "pgperf test: running the tests of "
                  + selection.describe()
                  + ", results in "
                  + results);
      run =
          TestFork.run(
              testClassesDirectory.toPath(), selection, settings, getLog()::info, getLog()::info);
    } catch (IOException e) {
      throw new MojoExecutionException(
          "pgperf test: cannot run the test JVM: " + e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new MojoExecutionException("pgperf test: interrupted", e);
    }
    judge(run, selection);
  }

  /** The tests to run, {@code trials} times each; a bad selection fails with its message. */
  TestSelection selection(int trials) throws MojoExecutionException {
    try {
      return new TestSelection(
          TestSelection.list(groups),
          TestSelection.list(excludedGroups),
          TestSelection.list(tests),
          trials);
    } catch (IllegalArgumentException e) {
      throw new MojoExecutionException(goal() + ": " + e.getMessage());
    }
  }

  /**
   * How the test JVM starts: this goal's configuration, the project's test class path and the
   * launcher it lacks. Shared by {@code pgperf:compare} (the candidate) and {@code
   * pgperf:fork-plan} (the base revision's build).
   */
  ForkSettings forkSettings() throws MojoExecutionException {
    try {
      if (!jvm.isFile() && new File(jvm.getPath() + ".exe").isFile()) {
        jvm = new File(jvm.getPath() + ".exe"); // Windows
      }
      if (!jvm.isFile()) {
        throw new IllegalArgumentException("pgperf.jvm: no such file: " + jvm);
      }
      return new ForkSettings(
          jvm.toPath(),
          ArgLine.split(argLine),
          systemProperties(),
          environmentVariables == null ? Map.of() : environmentVariables,
          workingDirectory.toPath(),
          classpath(),
          DurationText.parse("pgperf.forkTimeout", forkTimeout),
          outputDirectory.toPath());
    } catch (IllegalArgumentException e) {
      throw new MojoExecutionException(goal() + ": " + e.getMessage());
    }
  }

  /** This build's test JVM as this goal starts it, one trial each: pgperf:compare's candidate. */
  Candidate candidate() throws GoalError {
    try {
      ForkSettings settings = forkSettings(); // finds the engine: engineMissing is known after it
      return new Candidate(selection(1), settings, testClassesDirectory.toPath(), engineMissing);
    } catch (MojoExecutionException e) {
      throw new GoalError(e.getMessage(), e.getCause());
    }
  }

  /** The trials and where the number came from (the property is looked up to say which). */
  Trials trials() {
    String commandLine =
        userProperties == null ? null : userProperties.getProperty(Trials.PROPERTY);
    if (commandLine == null) {
      commandLine = System.getProperty(Trials.PROPERTY);
    }
    String pom = projectProperties == null ? null : projectProperties.getProperty(Trials.PROPERTY);
    return Trials.resolve(trials, commandLine, pom);
  }

  private void judge(TestRun run, TestSelection selection)
      throws MojoFailureException, MojoExecutionException {
    String where = run.running().map(t -> " while running " + t).orElse("");
    if (run.timedOut()) {
      throw failure(
          "pgperf test: the test JVM ran longer than pgperf.forkTimeout ("
              + forkTimeout.strip()
              + ") and was killed"
              + where);
    }
    if (!run.done()) {
      throw failure(
          "pgperf test: the test JVM ended with exit status "
              + run.exitStatus()
              + where
              + " before every trial ran"
              + (run.lastError().isEmpty() ? "" : ": " + run.lastError()));
    }
    if (run.discovered() == 0) {
      noTests(selection, "no test matches in " + testClassesDirectory);
      return;
    }
    getLog().info("pgperf test: " + run.summary(selection.trials()));
    if (!run.failures().isEmpty()) {
      throw failure("pgperf test: " + run.failureMessage());
    }
  }

  @Override
  String goal() {
    return "pgperf test";
  }

  /**
   * The build fails here, so pgperf:report (post-integration-test) will not run: the report of the
   * runs that finished is written now, with the check's parameters, and named in the message.
   */
  private MojoFailureException failure(String message) {
    try {
      return new MojoFailureException(
          run()
              .report(settings())
              .map(file -> message + "\n  report of the runs that finished: " + file)
              .orElse(message));
    } catch (MojoExecutionException badSetting) {
      // A bad gate parameter must not hide why the tests failed; pgperf:check will name it too.
      getLog().warn("pgperf test: no report: " + badSetting.getMessage());
      return new MojoFailureException(message);
    }
  }

  private void noTests(TestSelection selection, String why) throws MojoFailureException {
    String message =
        "pgperf test: no performance test ran: "
            + why
            + " ("
            + selection.describe()
            + "). "
            + (engineMissing
                ? "The test class path has no JUnit engine: add org.junit.jupiter:junit-jupiter."
                : "Tag the tests @PgPerfTest or set pgperf.groups.");
    if (failIfNoTests) {
      throw new MojoFailureException(message);
    }
    getLog().warn(message);
  }

  /** Result files of an earlier build would count as samples of this one. */
  private void clearResults() throws IOException {
    Path dir = results.toPath();
    if (!Files.isDirectory(dir)) {
      return;
    }
    try (DirectoryStream<Path> stale = Files.newDirectoryStream(dir, "*.json")) {
      for (Path file : stale) {
        Files.delete(file);
      }
    }
  }

  /**
   * POM properties, then JVM and {@code -D} properties named pgperf.* that the extension reads,
   * then the configuration's, then the hand-over.
   */
  private Map<String, String> systemProperties() {
    Map<String, String> pgperf = new HashMap<>();
    for (Properties source :
        new Properties[] {projectProperties, System.getProperties(), userProperties}) {
      if (source != null) {
        source.stringPropertyNames().stream()
            .filter(k -> k.startsWith(SettingKeys.PREFIX))
            .forEach(k -> pgperf.put(k, source.getProperty(k)));
      }
    }
    Map<String, String> properties =
        new HashMap<>(
            ForwardedProperties.select(pgperf, ForwardedProperties.pluginKeys(), getLog()::warn));
    if (systemPropertyVariables != null) {
      systemPropertyVariables.forEach((k, v) -> properties.put(k, v == null ? "" : v));
    }
    properties.put("pgperf.results", results.getAbsolutePath());
    // One id for every run of this invocation: the gate's statistical unit is the build.
    properties.put(BUILD, build);
    return properties;
  }

  private List<Path> classpath() throws MojoExecutionException {
    List<Path> classpath = new ArrayList<>();
    testClasspathElements.forEach(e -> classpath.add(Path.of(e)));
    LauncherArtifacts launcher =
        new LauncherArtifacts(repositorySystem, repositorySession, remoteRepositories, getLog());
    classpath.addAll(launcher.missing(projectArtifacts, pluginArtifacts));
    engineMissing = launcher.engineMissing();
    return classpath;
  }
}
