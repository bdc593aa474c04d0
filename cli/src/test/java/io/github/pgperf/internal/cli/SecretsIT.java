package io.github.pgperf.internal.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.pgperf.testing.OwnServer;
import io.github.pgperf.testing.Pgbench;
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
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The password never leaves the place the user put it: the real {@code pgperf.jar} initializes and
 * runs (good, failing, aborted, wrong password) against a server of the test's own that asks every
 * client for a SCRAM password, with the password given each way pgbench takes one ({@code
 * PGPASSWORD}, {@code PGPASSFILE}, {@code ~/.pgpass}, a URI or a conninfo string as the database
 * name), and neither its streams nor any file it wrote (result JSON, {@code -l} logs, temporary
 * files) holds the password.
 *
 * <p>Each JVM gets a fresh home ({@code HOME} and {@code user.home}), temporary directory and
 * working directory inside the test's own directory, so every file it writes is searched. The ways
 * of giving the password are run with the real pgbench too: pgperf must succeed or fail as pgbench
 * does, which shows the test's inputs are right when pgperf does not.
 */
class SecretsIT {

  private static final Path JAR = Path.of("target", "pgperf.jar").toAbsolutePath();

  @TempDir Path root;

  /** What one command printed, and how it ended against how it should have. */
  private record Outcome(String name, int exitCode, int expected, String stdout, String stderr) {}

  private final String password = SecretScan.newPassword();
  private final String wrongPassword = SecretScan.newPassword();
  private final List<Outcome> outcomes = new ArrayList<>();
  private Path home;
  private Path work;
  private Path tmp;

  @Test
  void noOutputNorFileHoldsThePassword() throws Exception {
    home = Files.createDirectories(root.resolve("home"));
    work = Files.createDirectories(root.resolve("work"));
    tmp = Files.createDirectories(root.resolve("tmp"));
    Path passFile = root.resolve("pgpass-file");
    Path userPassFile = home.resolve(".pgpass");
    try (OwnServer server = OwnServer.startWithPassword(password);
        TestDatabase db = server.createDatabase();
        TestDatabase empty = server.createDatabase()) {
      String port = Integer.toString(server.port());
      Map<String, String> withPassword = Map.of("PGPASSWORD", password);
      Files.writeString(work.resolve("syntax-error.sql"), "\\set x 1 +\n");
      Files.writeString(work.resolve("divide-by-zero.sql"), "SELECT 1 / 0;\n");

      run(
          "a run that fails after connecting (no pgbench tables)",
          1,
          withPassword,
          on(empty, port, "-c", "1", "-t", "1", "-S"));
      run("init with PGPASSWORD", 0, withPassword, on(db, port, "-i", "-s", "1"));
      run(
          "good run (-r -P 1 -l --log-prefix --result-json)",
          0,
          withPassword,
          on(
              db,
              port,
              "-c",
              "2",
              "-j",
              "2",
              "-T",
              "2",
              "-S",
              "-r",
              "-P",
              "1",
              "-l",
              "--log-prefix=" + work.resolve("good"),
              "--result-json=" + work.resolve("good.json")));
      run("debug run (-d)", 0, withPassword, on(db, port, "-d", "-c", "1", "-t", "2", "-S"));
      run(
          "failing run (script syntax error)",
          1,
          withPassword,
          on(db, port, "-t", "1", "-f", "syntax-error.sql"));
      run(
          "aborted run (a client's SQL fails; -l in the working directory)",
          2,
          withPassword,
          on(
              db,
              port,
              "-c",
              "2",
              "-t",
              "3",
              "-l",
              "-f",
              "divide-by-zero.sql",
              "--result-json=" + work.resolve("aborted.json")));

      // The ways of giving a password, each checked against the real pgbench.
      String[] select = {"-c", "1", "-t", "3", "-S", "-n"};
      differential("wrong PGPASSWORD", Map.of("PGPASSWORD", wrongPassword), on(db, port, select));
      writePassFile(passFile, port);
      differential("PGPASSFILE", Map.of("PGPASSFILE", passFile.toString()), on(db, port, select));
      writePassFile(userPassFile, port);
      differential("~/.pgpass", Map.of(), on(db, port, select));
      Files.delete(userPassFile); // else it would answer for every later case
      String uri =
          "postgresql://postgres:"
              + URLEncoder.encode(password, StandardCharsets.UTF_8)
              + "@127.0.0.1:"
              + port
              + "/"
              + db.name();
      String conninfo =
          "host=127.0.0.1 port="
              + port
              + " user=postgres dbname="
              + db.name()
              + " password="
              + password;
      // pgperf's own outputs too, where a run's target is written (-d: pgbench's debug lines).
      differential(
          "URI as the database name (-d, -l, --result-json)",
          Map.of(),
          with(new String[] {"-c", "1", "-t", "3", "-S", "-n", "-d"}, uri),
          "-l",
          "--log-prefix=" + work.resolve("uri"),
          "--result-json=" + work.resolve("uri.json"));
      differential(
          "conninfo as the database name (-l, --result-json)",
          Map.of(),
          with(select, conninfo),
          "-l",
          "--log-prefix=" + work.resolve("conninfo"),
          "--result-json=" + work.resolve("conninfo.json"));
      run("init with a URI", 0, Map.of(), List.of("-i", "-s", "1", uri));
    }

    SecretScan scan =
        new SecretScan(
            Map.of("PASSWORD", password, "WRONG-PASSWORD", wrongPassword), Set.of(passFile));
    for (Outcome o : outcomes) {
      scan.text(o.name() + " stdout", o.stdout()).text(o.name() + " stderr", o.stderr());
    }
    scan.tree(root);

    List<String> wrongEndings = new ArrayList<>();
    for (Outcome o : outcomes) {
      if (o.exitCode() != o.expected()) {
        wrongEndings.add(
            o.name()
                + ": exit "
                + o.exitCode()
                + ", expected "
                + o.expected()
                + "; stderr: "
                + scan.mask(tail(o.stderr())));
      }
    }
    assertThat(scan.hits().isEmpty() && wrongEndings.isEmpty())
        .withFailMessage("%s%n%s", scan.listing(), String.join("\n", wrongEndings))
        .isTrue();
    // The runs did write what is searched: the check cannot pass on files never written.
    assertThat(work.resolve("good.json")).isNotEmptyFile();
    assertThat(work.resolve("aborted.json")).isNotEmptyFile();
    assertThat(work.resolve("uri.json")).isNotEmptyFile();
    assertThat(work.resolve("conninfo.json")).isNotEmptyFile();
    assertThat(files(work, "good.")).isNotEmpty();
    assertThat(files(work, "pgbench_log.")).isNotEmpty();
  }

  /** The scan finds each form of a password in a stream, a file's bytes and a file's name. */
  @Test
  void theScanFindsAPlantedPassword() throws IOException {
    Path planted = Files.createDirectories(root.resolve("planted"));
    Files.write(
        planted.resolve("archive.bin"),
        ("\0\1binary " + password + "\0").getBytes(StandardCharsets.UTF_8));
    Files.writeString(
        planted.resolve("log.txt"),
        "line 1\nurl " + URLEncoder.encode(password, StandardCharsets.UTF_8) + "\n");
    Files.writeString(
        planted.resolve("escaped.json"), "{\"p\": \"" + password.replace("/", "\\/") + "\"}");
    Files.writeString(planted.resolve("allowed.pgpass"), password);
    Files.createFile(planted.resolve("db-" + password.replace("/", "_")));

    SecretScan scan =
        new SecretScan(Map.of("PASSWORD", password), Set.of(planted.resolve("allowed.pgpass")));
    scan.text("stderr", "first\nerror: " + password + " again").tree(planted);

    assertThat(scan.hits())
        .extracting(SecretScan.Hit::where)
        .containsExactlyInAnyOrder(
            "stderr line 2",
            planted.resolve("archive.bin") + " line 1",
            planted.resolve("log.txt") + " line 2",
            planted.resolve("escaped.json") + " line 1",
            "path " + planted.resolve("db-pw-<PASSWORD-PART>@#_x"));
    assertThat(scan.listing())
        .doesNotContain(password)
        .doesNotContain(password.substring(3, 23))
        .contains("error: <PASSWORD> again", "url <PASSWORD-URLENCODED>");
  }

  private static List<String> on(TestDatabase db, String port, String... args) {
    List<String> all = new ArrayList<>(List.of(args));
    all.addAll(List.of("-h", "127.0.0.1", "-p", port, "-U", "postgres", db.name()));
    return all;
  }

  private static List<String> with(String[] args, String database) {
    List<String> all = new ArrayList<>(List.of(args));
    all.add(database);
    return all;
  }

  private void writePassFile(Path file, String port) throws IOException {
    Files.writeString(file, "127.0.0.1:" + port + ":*:postgres:" + password + "\n");
    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
  }

  /**
   * Runs pgbench, then pgperf with the same arguments, which must end as pgbench did. pgperf also
   * gets {@code outputs} (options that write files), so that only pgperf's files are searched.
   */
  private void differential(
      String name, Map<String, String> env, List<String> args, String... outputs)
      throws IOException, InterruptedException {
    Map<String, String> pgbenchEnv = new HashMap<>(env);
    pgbenchEnv.put("HOME", home.toString());
    pgbenchEnv.putIfAbsent("PGPASSWORD", "");
    Pgbench.Result reference = Pgbench.run(work, args, pgbenchEnv);
    List<String> all = new ArrayList<>(List.of(outputs));
    all.addAll(args);
    run(name, reference.exitCode(), env, all);
  }

  private void run(String name, int expected, Map<String, String> env, List<String> args)
      throws IOException, InterruptedException {
    List<String> command =
        new ArrayList<>(
            List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Duser.home=" + home,
                "-Djava.io.tmpdir=" + tmp,
                "-jar",
                JAR.toString()));
    command.addAll(args);
    ProcessBuilder builder = new ProcessBuilder(command).directory(work.toFile());
    Map<String, String> environment = builder.environment();
    // Only this case's way of giving the password: none from the machine running the test.
    environment.keySet().removeIf(k -> k.startsWith("PG") || k.startsWith("XDG_"));
    environment.put("HOME", home.toString());
    environment.put("TMPDIR", tmp.toString());
    environment.putAll(env);
    File out = root.resolve("stdout").toFile();
    File err = root.resolve("stderr").toFile();
    Process process = builder.redirectOutput(out).redirectError(err).start();
    process.getOutputStream().close();
    if (!process.waitFor(2, TimeUnit.MINUTES)) {
      process.destroyForcibly();
      throw new IllegalStateException(name + ": pgperf did not finish within 2 minutes");
    }
    String stdout = Files.readString(out.toPath(), StandardCharsets.UTF_8);
    String stderr = Files.readString(err.toPath(), StandardCharsets.UTF_8);
    // Kept only in memory: the files are the test's own and would count as pgperf's.
    Files.delete(out.toPath());
    Files.delete(err.toPath());
    outcomes.add(new Outcome(name, process.exitValue(), expected, stdout, stderr));
  }

  private static List<Path> files(Path directory, String prefix) throws IOException {
    if (!Files.isDirectory(directory)) {
      return List.of();
    }
    try (Stream<Path> list = Files.list(directory)) {
      return list.filter(p -> p.getFileName().toString().startsWith(prefix)).toList();
    }
  }

  private static String tail(String text) {
    return text.length() <= 400
        ? text.strip()
        : "..." + text.substring(text.length() - 400).strip();
  }
}
