package io.github.pgperf.internal.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.pgperf.testing.TestDatabase;
import io.github.pgperf.testing.TestDatabaseExtension;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --virtual-threads} and {@code --no-virtual-threads}: on Java 21 and later the first runs
 * the clients on virtual threads and the run is the same run; on an older Java it is refused before
 * anything runs, naming the option and the Java in use. The second, and a run of few clients that
 * chooses neither, runs a platform thread per client; a run of many clients that chooses neither
 * takes virtual threads where Java has them and runs, never refused, where it has none. Which half
 * runs depends on the test JVM's Java (CI runs 17; run this test with a Java 21+ {@code JAVA_HOME},
 * or surefire's {@code -Djvm=}, to see the other half).
 */
class VirtualThreadsOptionTest {

  @RegisterExtension static final TestDatabaseExtension DATABASE = new TestDatabaseExtension();

  private static final boolean JAVA_21 = Runtime.version().feature() >= 21;

  @Test
  void clientsRunOnVirtualThreadsWhereJavaHasThem(@TempDir Path dir) throws Exception {
    List<String> args = args(dir, 4, "--virtual-threads");
    TestDatabase db = DATABASE.get();
    if (!JAVA_21) {
      Cli.Result refused = Cli.runOn(db, args);
      assertThat(refused.exitCode()).isEqualTo(1);
      assertThat(refused.stderr())
          .contains(
              "--virtual-threads needs Java 21 or later; this run's Java is " + Runtime.version());
      assertThat(refused.stdout()).doesNotContain("number of transactions");
      return;
    }
    // Thread.getAllStackTraces lists platform threads only: no client was one.
    assertThat(platformClientsOf(db, args, 4)).isEmpty();
  }

  @Test
  void noVirtualThreadsRunsAPlatformThreadPerClient(@TempDir Path dir) throws Exception {
    assertThat(platformClientsOf(DATABASE.get(), args(dir, 4, "--no-virtual-threads"), 4))
        .isNotEmpty();
  }

  @Test
  void fewClientsWithoutAChoiceRunOnPlatformThreads(@TempDir Path dir) throws Exception {
    assertThat(platformClientsOf(DATABASE.get(), args(dir, 4), 4)).isNotEmpty();
  }

  @Test
  void manyClientsWithoutAChoiceTakeVirtualThreadsWhereJavaHasThem(@TempDir Path dir)
      throws Exception {
    // 16 clients per processor: the smallest run that takes virtual threads on its own.
    int clients = 16 * Runtime.getRuntime().availableProcessors();
    Set<String> platform = platformClientsOf(DATABASE.get(), args(dir, clients), clients);
    if (JAVA_21) {
      assertThat(platform).isEmpty();
    } else {
      assertThat(platform).isNotEmpty();
    }
  }

  private static List<String> args(Path dir, int clients, String... extra) throws Exception {
    // The sleep keeps each client's thread alive for at least 100 ms, long enough for the watcher
    // to see it even on a loaded machine.
    Path script = Files.writeString(dir.resolve("one.sql"), "select 1;\n\\sleep 2 ms\n");
    List<String> args =
        new ArrayList<>(
            List.of(
                "-n",
                "-f",
                script.toString(),
                "-c",
                Integer.toString(clients),
                "-j",
                "2",
                "-t",
                "50"));
    args.addAll(List.of(extra));
    return args;
  }

  /** Runs pgperf, checks the run, and returns the client threads seen among platform threads. */
  private static Set<String> platformClientsOf(TestDatabase db, List<String> args, int clients)
      throws Exception {
    Set<String> platformClients = ConcurrentHashMap.newKeySet();
    Thread watcher =
        new Thread(
            () -> {
              while (!Thread.currentThread().isInterrupted()) {
                Thread.getAllStackTraces().keySet().stream()
                    .filter(t -> t.getName().startsWith("pgperf-client-"))
                    .forEach(t -> platformClients.add(t.getName()));
              }
            });
    watcher.setDaemon(true);
    watcher.start();
    Cli.Result run = Cli.runOn(db, args);
    watcher.interrupt();
    watcher.join();
    assertThat(run.exitCode()).as(run.stderr()).isZero();
    assertThat(run.stdout())
        .contains(
            "number of transactions actually processed: " + 50 * clients + "/" + 50 * clients);
    return platformClients;
  }
}
