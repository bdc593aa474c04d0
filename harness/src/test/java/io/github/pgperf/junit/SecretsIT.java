package io.github.pgperf.junit;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.pgperf.testing.OwnServer;
import io.github.pgperf.testing.SecretScan;
import io.github.pgperf.testing.TestDatabase;
import java.io.File;
import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The JUnit extension keeps the password where the user put it: test JVMs of their own, as a
 * build's, run performance tests against a server of the test's own that asks for a SCRAM password,
 * given by {@code PGPERF_PASSWORD}, {@code PGPERF_PASSWORD_FILE} or {@code ~/.pgpass} (passing,
 * failing and aborted loads), and with URLs that hold the password, which must be refused with the
 * password masked as {@code ****}. Neither their console, nor their Surefire-like reports ({@link
 * ReportingRun}: failure messages and stack traces), nor any file they wrote (results, the fresh
 * home, the temporary directory) holds the password.
 */
class SecretsIT {

  private static final String PASSING = SecretsFixtures.Passing.class.getName();
  private static final String FAILING = SecretsFixtures.Failing.class.getName();

  @TempDir Path root;

  /** What one test JVM printed and reported, and what it should have done. */
  private record Fork(String name, String console, String report, boolean refusal) {}

  private final String password = SecretScan.newPassword();
  private final List<Fork> forks = new ArrayList<>();
  private Path home;
  private Path tmp;

  @Test
  void noOutputNorFileHoldsThePassword() throws Exception {
    home = Files.createDirectories(root.resolve("home"));
    tmp = Files.createDirectories(root.resolve("tmp"));
    Path passwordFile = root.resolve("password-file");
    Files.writeString(passwordFile, password + "\n");
    Path userPassFile = home.resolve(".pgpass");
    String encoded = URLEncoder.encode(password, StandardCharsets.UTF_8);
    try (OwnServer server = OwnServer.startWithPassword(password);
        TestDatabase db = server.createDatabase()) {
      String server1 = "127.0.0.1:" + server.port() + "/" + db.name();
      String jdbc = "jdbc:postgresql://" + server1 + "?user=postgres";

      fork(
          "PGPERF_URL and PGPERF_PASSWORD",
          false,
          Map.of("PGPERF_URL", jdbc, "PGPERF_PASSWORD", password),
          List.of(),
          PASSING,
          FAILING);
      fork(
          "PGPERF_PASSWORD_FILE",
          false,
          Map.of("PGPERF_URL", jdbc, "PGPERF_PASSWORD_FILE", passwordFile.toString()),
          List.of(),
          PASSING);
      Files.writeString(
          userPassFile, "127.0.0.1:" + server.port() + ":*:postgres:" + password + "\n");
      Files.setPosixFilePermissions(userPassFile, PosixFilePermissions.fromString("rw-------"));
      fork("~/.pgpass", false, Map.of("PGPERF_URL", jdbc), List.of(), PASSING);
      Files.delete(userPassFile); // else it would answer for the refused URLs

      fork(
          "refused: jdbc:postgresql://...?password=",
          true,
          Map.of("PGPERF_URL", jdbc + "&password=" + encoded),
          List.of(),
          PASSING);
      fork(
          "refused: postgresql://postgres:<password>@...",
          true,
          Map.of("PGPERF_URL", "postgresql://postgres:" + encoded + "@" + server1),
          List.of(),
          PASSING);
      fork(
          "refused: jdbc:postgresql://postgres:<password>@...",
          true,
          Map.of("PGPERF_URL", "jdbc:postgresql://postgres:" + encoded + "@" + server1),
          List.of(),
          PASSING);
      fork(
          "refused: pgperf.url system property postgresql://postgres:<password>@...",
          true,
          Map.of(),
          List.of("-Dpgperf.url=postgresql://postgres:" + encoded + "@" + server1),
          PASSING);
    }

    SecretScan scan = new SecretScan(Map.of("PASSWORD", password), Set.of(passwordFile));
    for (Fork f : forks) {
      scan.text(f.name() + " console", f.console()).text(f.name() + " report", f.report());
    }
    scan.tree(root);

    List<String> wrongEndings = new ArrayList<>();
    for (Fork f : forks) {
      String wrong = f.refusal() ? refusalProblem(f) : goodRunProblem(f);
      if (wrong != null) {
        wrongEndings.add(
            f.name()
                + ": "
                + wrong
                + "; report: "
                + scan.mask(f.report())
                    .lines()
                    .filter(l -> !l.startsWith("\tat "))
                    .limit(12)
                    .toList());
      }
    }
    assertThat(scan.hits().isEmpty() && wrongEndings.isEmpty())
        .withFailMessage("%s%n%s", scan.listing(), String.join("\n", wrongEndings))
        .isTrue();
  }

  /** The good runs ran, failed only where the fixture fails, and wrote their results. */
  private String goodRunProblem(Fork f) throws IOException {
    List<String> expected = new ArrayList<>(List.of("SUCCESSFUL " + PASSING + "#selectOnly"));
    List<String> results = new ArrayList<>(List.of("Passing-selectOnly.json"));
    if (f.name().equals("PGPERF_URL and PGPERF_PASSWORD")) {
      expected.add("FAILED " + FAILING + "#missesItsThreshold");
      expected.add("FAILED " + FAILING + "#aborts");
      results.add("Failing-missesItsThreshold.json");
      results.add("Failing-aborts.json");
    }
    List<String> statuses =
        f.report()
            .lines()
            .filter(
                l ->
                    l.startsWith("SUCCESSFUL ")
                        || l.startsWith("FAILED ")
                        || l.startsWith("ABORTED "))
            .toList();
    if (!statuses.containsAll(expected)) {
      return "expected " + expected + ", got " + statuses;
    }
    Path dir = work(f.name()).resolve("target/pgperf/results");
    List<String> written = list(dir);
    if (!written.containsAll(results)) {
      return "expected result files " + results + ", found " + written;
    }
    return null;
  }

  /** A refused URL: no test ran, and the refusal shows the URL with its password masked. */
  private static String refusalProblem(Fork f) {
    if (f.report().contains("SUCCESSFUL " + PASSING + "#")) {
      return "the test ran: the URL holding a password was not refused";
    }
    if (!f.report().contains("FAILED " + PASSING)) {
      return "nothing failed: the URL holding a password was not refused";
    }
    if (!(f.console() + f.report()).contains("****")) {
      return "the refusal does not show the URL with its password masked as ****";
    }
    return null;
  }

  /** The scan finds a password in a stream and in a file, and its listing masks it. */
  @Test
  void theScanFindsAPlantedPassword() throws IOException {
    Path planted = Files.createDirectories(root.resolve("target/pgperf/results"));
    Files.writeString(
        planted.resolve("Some-test.json"),
        "{\n\"target\": \"postgresql://postgres:"
            + URLEncoder.encode(password, StandardCharsets.UTF_8)
            + "@host/db\"\n}\n");
    SecretScan scan = new SecretScan(Map.of("PASSWORD", password), Set.of());

    scan.text("report", "FAILED x\norg.junit.ExtensionConfigurationException: bad URL " + password)
        .tree(root);

    assertThat(scan.hits())
        .extracting(SecretScan.Hit::where)
        .containsExactly("report line 2", planted.resolve("Some-test.json") + " line 2");
    assertThat(scan.listing())
        .doesNotContain(password)
        .contains("bad URL <PASSWORD>", "postgresql://postgres:<PASSWORD-URLENCODED>@host/db");
  }

  private Path work(String name) {
    return root.resolve("work").resolve(name.replaceAll("[^A-Za-z0-9.-]+", "_"));
  }

  /**
   * Runs {@code fixtures} in a JVM of their own, as a build's test JVM, with a fresh home and
   * temporary directory and its own working directory (where results go by default).
   */
  private void fork(
      String name,
      boolean refusal,
      Map<String, String> env,
      List<String> jvmOptions,
      String... fixtures)
      throws IOException, InterruptedException {
    Path work = Files.createDirectories(work(name));
    Path reports = work.resolve("target/surefire-reports");
    List<String> command =
        new ArrayList<>(
            List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Duser.home=" + home,
                "-Djava.io.tmpdir=" + tmp));
    command.addAll(jvmOptions);
    command.addAll(
        List.of(
            "-cp",
            System.getProperty("java.class.path"),
            ReportingRun.class.getName(),
            reports.toString()));
    command.addAll(List.of(fixtures));
    ProcessBuilder builder =
        new ProcessBuilder(command).directory(work.toFile()).redirectErrorStream(true);
    Map<String, String> environment = builder.environment();
    // Only this case's way of giving the server and password: none from the machine.
    environment.keySet().removeIf(k -> k.startsWith("PG") || k.startsWith("XDG_"));
    environment.put("HOME", home.toString());
    environment.put("TMPDIR", tmp.toString());
    environment.putAll(env);
    File console = root.resolve("console").toFile();
    Process process = builder.redirectOutput(console).start();
    process.getOutputStream().close();
    if (!process.waitFor(5, TimeUnit.MINUTES)) {
      process.destroyForcibly();
      throw new IllegalStateException(name + ": the test JVM did not finish within 5 minutes");
    }
    String printed = Files.readString(console.toPath(), StandardCharsets.UTF_8);
    Files.delete(console.toPath()); // the test's own file: what it holds is scanned as console
    StringBuilder report = new StringBuilder();
    for (String file : list(reports)) {
      report.append(Files.readString(reports.resolve(file), StandardCharsets.UTF_8));
    }
    forks.add(new Fork(name, printed, report.toString(), refusal));
  }

  private static List<String> list(Path directory) throws IOException {
    if (!Files.isDirectory(directory)) {
      return List.of();
    }
    try (Stream<Path> files = Files.list(directory)) {
      return files.map(p -> p.getFileName().toString()).sorted().toList();
    }
  }
}
