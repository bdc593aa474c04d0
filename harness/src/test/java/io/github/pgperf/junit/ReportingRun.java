package io.github.pgperf.junit;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.support.descriptor.ClassSource;
import org.junit.platform.engine.support.descriptor.MethodSource;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;

/**
 * Runs fixture classes in a JVM of their own and reports as Surefire does: every failure's message
 * and whole stack trace (causes included) on the console and in {@code TEST-<class>.txt} in the
 * reports directory, where Surefire's XML and text reports put them. Each finished test or class
 * also gets a line {@code <STATUS> <class>[#<method>]}, for the test that started this JVM to
 * check. Arguments: the reports directory, then fixture class names.
 */
public final class ReportingRun {

  private ReportingRun() {}

  public static void main(String[] args) throws ClassNotFoundException {
    Path reports = Path.of(args[0]);
    LauncherDiscoveryRequestBuilder request =
        LauncherDiscoveryRequestBuilder.request().configurationParameter(Fixture.ENABLED, "true");
    for (int i = 1; i < args.length; i++) {
      request.selectors(selectClass(Class.forName(args[i])));
    }
    LauncherDiscoveryRequest built = request.build();
    LauncherFactory.create().execute(built, new Reporter(reports));
    System.exit(0);
  }

  /** Writes each finished test's status, message and stack trace. */
  private record Reporter(Path reports) implements TestExecutionListener {

    @Override
    public void executionFinished(TestIdentifier test, TestExecutionResult result) {
      String className =
          test.getSource()
              .map(
                  s ->
                      s instanceof MethodSource m
                          ? m.getClassName()
                          : s instanceof ClassSource c ? c.getClassName() : null)
              .orElse("engine");
      String name =
          test.getSource()
              .map(
                  s ->
                      s instanceof MethodSource m ? className + "#" + m.getMethodName() : className)
              .orElse(test.getUniqueId());
      StringBuilder entry = new StringBuilder();
      entry.append(result.getStatus()).append(' ').append(name).append('\n');
      result
          .getThrowable()
          .ifPresent(
              t -> {
                StringWriter trace = new StringWriter();
                t.printStackTrace(new PrintWriter(trace));
                entry.append(trace);
                System.out.println(test.getDisplayName() + " " + result.getStatus() + ": " + t);
                t.printStackTrace(System.out);
              });
      try {
        Files.createDirectories(reports);
        Files.writeString(
            reports.resolve("TEST-" + className + ".txt"),
            entry,
            StandardCharsets.UTF_8,
            StandardOpenOption.CREATE,
            StandardOpenOption.APPEND);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }
}
