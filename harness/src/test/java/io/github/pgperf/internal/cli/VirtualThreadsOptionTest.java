package io.github.pgperf.internal.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.pgperf.testing.TestDatabase;
import io.github.pgperf.testing.TestDatabaseExtension;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --virtual-threads}: on Java 21 and later the clients run on virtual threads and the run
 * is the same run; on an older Java the option is refused before anything runs, naming the
 * option and the Java in use. Which half runs depends on the test JVM's Java (CI runs 17; run
 * this test with a Java 21+ {@code JAVA_HOME} to see the other half).
 */
class VirtualThreadsOptionTest {

  @RegisterExtension
  static final TestDatabaseExtension DATABASE = new TestDatabaseExtension();

  @Test
  void clientsRunOnVirtualThreadsWhereJavaHasThem(@TempDir Path dir) throws Exception {
    Path script = Files.writeString(dir.resolve("one.sql"), "select 1;\n");
    List<String> args = List.of("-n", "-f", script.toString(), "-c", "4", "-j", "2", "-t", "50",
        "--virtual-threads");
    TestDatabase db = DATABASE.get();
    if (Runtime.version().feature() < 21) {
      Cli.Result refused = Cli.runOn(db, args);
      assertThat(refused.exitCode()).isEqualTo(1);
      assertThat(refused.stderr()).contains(
          "--virtual-threads needs Java 21 or later; this run's Java is " + Runtime.version());
      assertThat(refused.stdout()).doesNotContain("number of transactions");
      return;
    }
    Set<String> platformClients = ConcurrentHashMap.newKeySet();
    Thread watcher = new Thread(() -> {
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
    assertThat(run.stdout()).contains("number of transactions actually processed: 200/200");
    // Thread.getAllStackTraces lists platform threads only: no client was one.
    assertThat(platformClients).isEmpty();
  }
}
