package io.github.pgperf.internal.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The class-data-sharing archive of the relaunched run JVM: the classes pgperf loads for a run
 * (picocli, pgjdbc, HdrHistogram, its own), mapped from a file instead of read from the jar and
 * verified again, which saves about 0.15-0.2 s of client CPU per run (bench/README.md). The first
 * run with a given jar and JDK dumps the archive at its exit; later runs map it.
 *
 * <p>The archive lives in the user's cache directory ({@code $XDG_CACHE_HOME/pgperf}, else
 * {@code ~/.cache/pgperf}), never in a shared temporary directory, since a JVM maps it as code.
 * Its name hashes the jar (path, size, modification time) and the JDK, so a rebuilt jar or another
 * JDK gets its own. The JVM writes the dump to a temporary name; it becomes the archive only after
 * the run exited normally, so a run killed mid-dump leaves no partial archive behind. The JVM's own
 * CDS messages are silenced: an archive it cannot use is simply not used.
 */
final class ClassArchive {

  /** Set to {@code off} to run without the archive. */
  static final String SWITCH = "PGPERF_CDS";

  private final Path archive;
  private final Path dump;

  private ClassArchive(Path archive, Path dump) {
    this.archive = archive;
    this.dump = dump;
  }

  /**
   * The archive for this jar and JDK, or empty when it cannot be kept: switched off, not run from
   * a jar, no home directory, or the JVM options already choose a CDS setting.
   */
  static Optional<ClassArchive> forRun(String classPath, List<String> jvmOptions,
      Map<String, String> env, String userHome) {
    if ("off".equalsIgnoreCase(env.get(SWITCH)) || classPath.contains(java.io.File.pathSeparator)
        || !classPath.endsWith(".jar")) {
      return Optional.empty();
    }
    for (String option : jvmOptions) {
      if (option.startsWith("-Xshare") || option.contains("SharedArchiveFile")
          || option.contains("ArchiveClassesAtExit")) {
        return Optional.empty();
      }
    }
    Path cache;
    String xdg = env.get("XDG_CACHE_HOME");
    if (xdg != null && !xdg.isEmpty()) {
      cache = Path.of(xdg, "pgperf");
    } else if (userHome != null && !userHome.isEmpty() && !userHome.equals("?")) {
      cache = Path.of(userHome, ".cache", "pgperf");
    } else {
      return Optional.empty();
    }
    try {
      Path jar = Path.of(classPath).toAbsolutePath();
      BasicFileAttributes attributes = Files.readAttributes(jar, BasicFileAttributes.class);
      String key = jar + "\n" + attributes.size() + "\n" + attributes.lastModifiedTime().toMillis()
          + "\n" + System.getProperty("java.home") + "\n" + System.getProperty("java.vm.version");
      Path archive = cache.resolve("run-" + hash(key) + ".jsa");
      Files.createDirectories(cache);
      return Optional.of(new ClassArchive(archive,
          cache.resolve(archive.getFileName() + "." + ProcessHandle.current().pid() + ".tmp")));
    } catch (IOException | RuntimeException e) {
      return Optional.empty();
    }
  }

  /** The JVM options that map the archive, or that dump it when it does not exist yet. */
  List<String> jvmOptions() {
    String use = Files.isRegularFile(archive)
        ? "-XX:SharedArchiveFile=" + archive
        : "-XX:ArchiveClassesAtExit=" + dump;
    return List.of(use, "-Xlog:cds=off", "-Xlog:cds+dynamic=off");
  }

  /** After the run: a dump of a normal exit becomes the archive; any other is removed. */
  void finish(int exitCode) {
    try {
      if (Files.isRegularFile(dump)) {
        if (exitCode == 0) {
          Files.move(dump, archive, StandardCopyOption.REPLACE_EXISTING,
              StandardCopyOption.ATOMIC_MOVE);
        } else {
          Files.delete(dump);
        }
      }
    } catch (IOException e) {
      // The next run dumps again; the archive only saves time.
    }
  }

  /** FNV-1a, 64 bits: a name, not a check (the JVM validates the archive against the jar). */
  private static String hash(String key) {
    long h = 0xcbf29ce484222325L;
    for (byte b : key.getBytes(StandardCharsets.UTF_8)) {
      h = (h ^ (b & 0xff)) * 0x100000001b3L;
    }
    return String.format("%016x", h);
  }
}
