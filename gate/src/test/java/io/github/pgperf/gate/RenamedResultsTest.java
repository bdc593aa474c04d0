package io.github.pgperf.gate;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.pgperf.result.TestIdentity;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The gate reads which test and trial a result belongs to from the result, not from its file name:
 * result directories whose files were renamed at random give the same verdicts, against a baseline
 * of results, a baseline store and in pgperf:compare's pairs.
 */
class RenamedResultsTest {

  @TempDir Path dir;

  private static final TestIdentity INSERT =
      new TestIdentity("com.acme.OrdersIT", "insert", "insert()", Map.of());
  private static final TestIdentity SELECT =
      new TestIdentity("com.acme.OrdersIT", "select", "select()", Map.of());
  private static final TestIdentity REMOVED =
      new TestIdentity("com.acme.OrdersIT", "removed", "removed()", Map.of());
  private static final TestIdentity ADDED =
      new TestIdentity("com.acme.OrdersIT", "added", "added()", Map.of());

  private static TestIdentity point(int clients) {
    return new TestIdentity(
        "com.acme.SweepIT", "byClients", "clients=" + clients, Map.of("clients", clients));
  }

  @Test
  void renamingResultFilesAtRandomChangesNoVerdict() throws IOException {
    Path base = dir.resolve("base");
    Path candidate = dir.resolve("candidate");
    // A regression, an unchanged test with a label, two sweep points, a test gone and one new.
    Fixtures.testTrials(base, INSERT, null, 6, 1000, 2000, 0.02, 1);
    Fixtures.testTrials(candidate, INSERT, null, 6, 700, 2860, 0.02, 2);
    Fixtures.testTrials(base, SELECT, "hot/path", 4, 1000, 2000, 0.01, 3);
    Fixtures.testTrials(candidate, SELECT, "hot/path", 4, 1000, 2000, 0.01, 4);
    for (int clients : new int[] {1, 8}) {
      String label = TestIdentity.pointLabel(null, clients);
      Fixtures.testTrials(base, point(clients), label, 3, 1000, 2000, 0.01, 5 + clients);
      Fixtures.testTrials(candidate, point(clients), label, 3, 1000, 2000, 0.01, 15 + clients);
    }
    Fixtures.testTrials(base, REMOVED, null, 2, 1000, 2000, 0.01, 30);
    Fixtures.testTrials(candidate, ADDED, null, 2, 1000, 2000, 0.01, 31);

    // Earlier builds, as pgperf:baseline records them into the store, one results directory each.
    List<Path> builds = new ArrayList<>();
    List<Path> renamedBuilds = new ArrayList<>();
    for (int b = 0; b < 4; b++) {
      Path build = dir.resolve("build" + b);
      Fixtures.testTrials(build, INSERT, null, 3, 1000, 2000, 0.02, 100 + b);
      Fixtures.testTrials(build, SELECT, "hot/path", 3, 1000, 2000, 0.01, 200 + b);
      builds.add(build);
      renamedBuilds.add(renamedCopy(build, dir.resolve("build" + b + "-renamed"), 50 + b));
    }
    Path renamedBase = renamedCopy(base, dir.resolve("base-renamed"), 42);
    Path renamedCandidate = renamedCopy(candidate, dir.resolve("candidate-renamed"), 43);

    List<String> byName = verdicts(builds, base, candidate);
    List<String> renamed = verdicts(renamedBuilds, renamedBase, renamedCandidate);
    assertThat(renamed).isEqualTo(byName);
    // Not the same by accident: the keys are the tests', and the regression is found.
    assertThat(ResultFiles.read(renamedCandidate).samples().keySet())
        .containsExactly(
            "OrdersIT-added",
            "OrdersIT-insert",
            "OrdersIT-select-hot_path",
            "SweepIT-byClients-clients-1",
            "SweepIT-byClients-clients-8");
    // One baseline build (a results directory) is too few for pgperf:check to decide on timing
    // (INCONCLUSIVE), but the tests it names are the recorded ones; against the store's four
    // builds and in the pairs the regression is found.
    assertThat(renamed)
        .contains(
            "check OrdersIT-insert TPS INCONCLUSIVE",
            "check OrdersIT-removed null MISSING_RESULTS",
            "check OrdersIT-added null MISSING_BASELINE",
            "store OrdersIT-insert TPS REGRESSION",
            "store SweepIT-byClients-clients-8 null MISSING_BASELINE",
            "paired OrdersIT-insert TPS REGRESSION",
            "paired OrdersIT-added null NEW",
            "paired OrdersIT-removed null GONE");
  }

  /**
   * Every finding of pgperf:check against the base's results and against a baseline store recorded
   * from {@code builds}, and of pgperf:compare's paired gate, as {@code gate key metric verdict}.
   */
  private List<String> verdicts(List<Path> builds, Path base, Path candidate) throws IOException {
    List<String> out = new ArrayList<>();
    GateSettings settings = GateSettings.defaults();
    ResultFiles now = ResultFiles.read(candidate);
    add(out, "check", new Gate(settings).check(now, Baseline.fromResults(base)));
    Path store = Files.createTempDirectory(dir, "store");
    for (Path build : builds) {
      new BaselineStore(store).record(ResultFiles.read(build).samples(), 10);
    }
    add(out, "store", new Gate(settings).check(now, Baseline.fromStore(new BaselineStore(store))));
    add(out, "paired", new PairedGate(settings).compare(ResultFiles.read(base), now));
    return out;
  }

  private static void add(List<String> out, String gate, CheckReport report) {
    for (Finding f : report.findings()) {
      out.add(gate + " " + f.key() + " " + f.metric() + " " + f.verdict());
    }
  }

  /** A copy of {@code from}'s files under random names, in a shuffled order of writing. */
  private static Path renamedCopy(Path from, Path to, long seed) throws IOException {
    Files.createDirectories(to);
    Random random = new Random(seed);
    List<Path> files;
    try (Stream<Path> list = Files.list(from)) {
      files = new ArrayList<>(list.sorted().toList());
    }
    Collections.shuffle(files, random);
    for (Path f : files) {
      String name = Long.toHexString(random.nextLong() & Long.MAX_VALUE) + ".json";
      Files.copy(f, to.resolve(name));
      assertThat(name).doesNotContain("Orders").doesNotContain("Sweep");
    }
    return to;
  }
}
