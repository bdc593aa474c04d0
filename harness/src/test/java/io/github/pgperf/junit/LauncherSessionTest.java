package io.github.pgperf.junit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import io.github.pgperf.provision.Initialization;
import io.github.pgperf.testing.TestDatabase;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.LauncherSession;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;

/**
 * {@code pgperf:test} runs each trial as its own launcher call in one launcher session; the server
 * and the initialization must outlive a call, or an embedded server would start once per trial.
 */
class LauncherSessionTest {

  @Test
  void launcherCallsOfOneSessionShareTheServerAndTheInitialization() throws Exception {
    try (TestDatabase db = TestDatabase.create()) {
      LauncherDiscoveryRequest request =
          LauncherDiscoveryRequestBuilder.request()
              .selectors(selectClass(Fixtures.ExternalA.class))
              .configurationParameters(
                  Map.of(Fixture.ENABLED, "true", "pgperf.url", db.url(), "pgperf.scale", "1"))
              .build();
      List<Fixtures.Seen> seen = new ArrayList<>();
      List<Long> succeeded = new ArrayList<>();
      ByteArrayOutputStream err = new ByteArrayOutputStream();
      PrintStream oldErr = System.err;
      System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
      try (LauncherSession session = LauncherFactory.openSession()) {
        for (int trial = 0; trial < 2; trial++) {
          Fixture.SEEN.clear();
          SummaryGeneratingListener summary = new SummaryGeneratingListener();
          session.getLauncher().execute(request, summary);
          succeeded.add(summary.getSummary().getTestsSucceededCount());
          seen.add((Fixtures.Seen) Fixture.SEEN.get("ExternalA"));
        }
      } finally {
        System.setErr(oldErr);
        oldErr.print(err.toString(StandardCharsets.UTF_8));
      }
      assertThat(succeeded).containsExactly(1L, 1L);
      assertThat(seen).doesNotContainNull();
      assertThat(seen.get(1).database().serverInfo()).isSameAs(seen.get(0).database().serverInfo());
      assertThat(seen.get(0).database().initialization()).isEqualTo(Initialization.MADE);
      assertThat(seen.get(1).database().initialization()).isEqualTo(Initialization.REUSED);
      String said = err.toString(StandardCharsets.UTF_8);
      assertThat(said.split("pgperf: EXTERNAL PostgreSQL", -1)).hasSize(2);
      assertThat(said.split("done in ", -1)).hasSize(2);
    }
  }
}
