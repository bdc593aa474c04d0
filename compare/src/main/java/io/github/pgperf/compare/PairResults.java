package io.github.pgperf.compare;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;

/**
 * Moves one test JVM's result files into its side's results directory under its pair's trial name.
 * The harness numbers a key's files per JVM ({@code <key>.json}, then {@code -trial2} ...), and
 * every pair runs in a JVM of its own, so each JVM writes into a staging directory of its own and
 * its {@code <key>.json} becomes {@code <key>-trial<pair>.json} (pair 1 keeps {@code <key>.json}),
 * as {@code pgperf:test}'s trials are named: the gate reads them as trials of one test.
 */
public final class PairResults {

  private PairResults() {}

  /** An empty staging directory for a JVM's results. */
  public static Path stage(Path directory) throws IOException {
    Files.createDirectories(directory);
    clear(directory);
    return directory;
  }

  /**
   * Moves the staged {@code *.json} files into {@code results}, renamed for {@code pair}; the
   * files' new paths.
   */
  public static List<Path> move(Path staged, Path results, int pair) throws IOException {
    Files.createDirectories(results);
    List<Path> moved = new ArrayList<>();
    try (DirectoryStream<Path> files = Files.newDirectoryStream(staged, "*.json")) {
      for (Path file : files) {
        String name = file.getFileName().toString();
        String stem = name.substring(0, name.length() - ".json".length());
        Path target = results.resolve(pair == 1 ? name : stem + "-trial" + pair + ".json");
        moved.add(Files.move(file, target, StandardCopyOption.REPLACE_EXISTING));
      }
    }
    return moved;
  }

  /** Deletes the {@code *.json} files of {@code directory}, when it exists. */
  public static void clear(Path directory) throws IOException {
    if (!Files.isDirectory(directory)) {
      return;
    }
    try (DirectoryStream<Path> stale = Files.newDirectoryStream(directory, "*.json")) {
      for (Path file : stale) {
        Files.delete(file);
      }
    }
  }
}
