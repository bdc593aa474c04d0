package io.github.pgperf.junit;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;

/**
 * Runs fixture classes in a JVM of their own, as a build's test JVM runs performance tests, for
 * tests of what that JVM prints from its start (SLF4J speaks once per JVM, at first use).
 * Arguments: fixture class names. Exits 0 when every test passed.
 */
public final class ForkedRun {

  private ForkedRun() {}

  public static void main(String[] args) throws ClassNotFoundException {
    LauncherDiscoveryRequestBuilder request =
        LauncherDiscoveryRequestBuilder.request().configurationParameter(Fixture.ENABLED, "true");
    for (String name : args) {
      request.selectors(selectClass(Class.forName(name)));
    }
    LauncherDiscoveryRequest built = request.build();
    SummaryGeneratingListener summary = new SummaryGeneratingListener();
    LauncherFactory.create().execute(built, summary);
    long failed = summary.getSummary().getTotalFailureCount();
    long succeeded = summary.getSummary().getTestsSucceededCount();
    System.exit(failed == 0 && succeeded > 0 ? 0 : 1);
  }
}
