package io.github.pgperf.it;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Git for the compare builds' setup and verify scripts: makes a project's directory a repository
 * with commits of its own, as a user's clone would be. Each call runs the git command and fails
 * with git's message.
 */
public final class GitProject {

  private GitProject() {}

  /** Runs git in {@code dir} with a fixed author; its standard output, stripped. */
  public static String git(File dir, String... args) throws IOException, InterruptedException {
    List<String> command =
        new ArrayList<>(
            List.of(
                "git",
                "-c",
                "user.name=pgperf it",
                "-c",
                "user.email=it@pgperf.invalid",
                "-c",
                "init.defaultBranch=main",
                "-c",
                "commit.gpgsign=false"));
    command.addAll(List.of(args));
    Path output = Files.createTempFile("pgperf-git", ".txt");
    try {
      Process p =
          new ProcessBuilder(command)
              .directory(dir)
              .redirectErrorStream(true)
              .redirectOutput(output.toFile())
              .start();
      if (!p.waitFor(2, TimeUnit.MINUTES)) {
        p.destroyForcibly();
        throw new IOException("git " + String.join(" ", args) + " did not end in 2 minutes");
      }
      String text = Files.readString(output, StandardCharsets.UTF_8).strip();
      if (p.exitValue() != 0) {
        throw new IOException("git " + String.join(" ", args) + " in " + dir + " failed: " + text);
      }
      return text;
    } finally {
      Files.deleteIfExists(output);
    }
  }

  /** {@code git init} and a {@code .gitignore} for what builds and the invoker write. */
  public static void init(File dir) throws IOException, InterruptedException {
    git(dir, "init", "-q");
    Files.writeString(
        dir.toPath().resolve(".gitignore"), "target/\nbuild.log\n", StandardCharsets.UTF_8);
  }

  /** Commits everything in the working tree; the new commit's id. */
  public static String commitAll(File dir, String message)
      throws IOException, InterruptedException {
    git(dir, "add", "-A");
    git(dir, "commit", "-q", "-m", message);
    return git(dir, "rev-parse", "HEAD");
  }
}
