package io.github.pgperf.git;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

/**
 * The git command in one directory: each call one process with a time limit, its output read whole,
 * a failure turned into a {@link GitException} quoting git's own message. The comparison ({@code
 * pgperf:compare}) finds and checks out the base revision with it, the history names the commit a
 * build built. The git command rather than JGit: pgperf needs a few plumbing commands, every CI
 * image has git, and the user's git is the one that knows their repository's configuration
 * (worktrees, safe directories, partial clones).
 */
public final class Git {

  /** Long enough for a worktree checkout of a large repository on a busy runner. */
  static final Duration TIMEOUT = Duration.ofMinutes(5);

  private final Path directory;
  private final String executable;

  /** Git in {@code directory}, the {@code git} on the PATH. */
  public Git(Path directory) {
    this(directory, "git");
  }

  /** Git in {@code directory}, the command {@code executable}. */
  public Git(Path directory, String executable) {
    this.directory = directory;
    this.executable = executable;
  }

  public Path directory() {
    return directory;
  }

  /** What the command printed on standard output, without the final line break. */
  public String run(String... args) throws GitException {
    Result r = call(args);
    if (r.status != 0) {
      throw new GitException(
          false,
          "git "
              + String.join(" ", args)
              + " in "
              + directory
              + " failed (exit status "
              + r.status
              + ")"
              + (r.error.isEmpty() ? "" : ": " + r.error));
    }
    return r.output;
  }

  /** The command's result, whatever its exit status. */
  public Result call(String... args) throws GitException {
    List<String> command = new ArrayList<>(List.of(executable));
    command.addAll(List.of(args));
    ProcessBuilder builder = new ProcessBuilder(command).directory(directory.toFile());
    // A prompt for credentials or an editor would wait forever for a build's missing terminal.
    builder.environment().put("GIT_TERMINAL_PROMPT", "0");
    builder.environment().put("GIT_EDITOR", "true");
    Process process;
    try {
      process = builder.start();
    } catch (IOException e) {
      throw new GitException(true, "cannot run " + executable + " (" + e.getMessage() + ")", e);
    }
    try {
      process.getOutputStream().close();
      CompletableFuture<String> out = readAll(process.getInputStream());
      CompletableFuture<String> err = readAll(process.getErrorStream());
      if (!process.waitFor(TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
        process.destroyForcibly();
        throw new GitException(
            false,
            "git "
                + String.join(" ", args)
                + " in "
                + directory
                + " did not end within "
                + TIMEOUT.toMinutes()
                + " minutes");
      }
      return new Result(process.exitValue(), strip(out.get()), lastLines(err.get()));
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
      throw new GitException(false, "interrupted while git ran", e);
    } catch (IOException | ExecutionException e) {
      throw new GitException(false, "cannot read git's output: " + e, e);
    }
  }

  /** An ended command: exit status, standard output, standard error's last lines. */
  /**
   * An ended command.
   *
   * @param status its exit status
   * @param output its standard output, without the final line break
   * @param error its standard error's last lines, joined by {@code " / "}
   */
  public record Result(int status, String output, String error) {}

  /**
   * Read on a thread of its own: the common pool may have one thread, and both pipes must drain.
   */
  private static CompletableFuture<String> readAll(InputStream in) {
    return CompletableFuture.supplyAsync(
        () -> {
          try (in) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
          } catch (IOException e) {
            throw new UncheckedIOException(e);
          }
        },
        task -> {
          Thread t = new Thread(task, "pgperf-git-output");
          t.setDaemon(true);
          t.start();
        });
  }

  private static String strip(String s) {
    return s.endsWith("\n") ? s.substring(0, s.length() - 1) : s;
  }

  /** git's message is in its last lines ({@code fatal: ...}); hints before it can be long. */
  private static String lastLines(String s) {
    List<String> lines = s.strip().lines().filter(l -> !l.isBlank()).toList();
    return String.join(" / ", lines.subList(Math.max(0, lines.size() - 3), lines.size()));
  }
}
