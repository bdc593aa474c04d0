package io.github.pgperf.internal.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Where the relaunched run's class archive lives, when it is used, and how a dump is kept. */
class ClassArchiveTest {

  @TempDir Path dir;

  private Path jar() throws IOException {
    Path jar = dir.resolve("pgperf.jar");
    if (!Files.exists(jar)) {
      Files.writeString(jar, "not really a jar");
    }
    return jar;
  }

  private ClassArchive archive(List<String> jvmOptions) throws IOException {
    return ClassArchive.forRun(jar().toString(), jvmOptions,
        Map.of("XDG_CACHE_HOME", dir.resolve("cache").toString()), "/nonexistent").orElseThrow();
  }

  private static String option(ClassArchive archive, String prefix) {
    return archive.jvmOptions().stream().filter(o -> o.startsWith(prefix)).findFirst()
        .map(o -> o.substring(prefix.length())).orElseThrow();
  }

  @Test
  void firstRunDumpsToATemporaryFileThatANormalExitMakesTheArchive() throws IOException {
    ClassArchive first = archive(List.of());
    Path dump = Path.of(option(first, "-XX:ArchiveClassesAtExit="));
    assertThat(dump.getParent()).isEqualTo(dir.resolve("cache").resolve("pgperf"));
    assertThat(first.jvmOptions()).contains("-Xlog:cds=off", "-Xlog:cds+dynamic=off");
    Files.writeString(dump, "dumped classes");

    first.finish(0);

    ClassArchive second = archive(List.of());
    Path mapped = Path.of(option(second, "-XX:SharedArchiveFile="));
    assertThat(mapped).hasContent("dumped classes");
    assertThat(dump).doesNotExist();
    assertThat(mapped.getFileName().toString()).startsWith("run-").endsWith(".jsa");
  }

  @Test
  void aDumpOfAFailedRunIsRemoved() throws IOException {
    ClassArchive first = archive(List.of());
    Path dump = Path.of(option(first, "-XX:ArchiveClassesAtExit="));
    Files.writeString(dump, "maybe partial");

    first.finish(137);

    assertThat(dump).doesNotExist();
    assertThat(archive(List.of()).jvmOptions().get(0)).startsWith("-XX:ArchiveClassesAtExit=");
  }

  @Test
  void aRebuiltJarGetsAnArchiveOfItsOwn() throws IOException {
    String before = option(archive(List.of()), "-XX:ArchiveClassesAtExit=");
    Files.setLastModifiedTime(jar(), FileTime.fromMillis(
        Files.getLastModifiedTime(jar()).toMillis() - 60_000));
    String after = option(archive(List.of()), "-XX:ArchiveClassesAtExit=");

    assertThat(after).isNotEqualTo(before);
  }

  @Test
  void cacheDirectoryIsTheHomeCacheWithoutXdg() throws IOException {
    ClassArchive archive = ClassArchive.forRun(jar().toString(), List.of(), Map.of(),
        dir.resolve("home").toString()).orElseThrow();

    assertThat(Path.of(option(archive, "-XX:ArchiveClassesAtExit=")).getParent())
        .isEqualTo(dir.resolve("home").resolve(".cache").resolve("pgperf"));
  }

  @Test
  void notUsedWhenSwitchedOffOrChosenByTheUserOrNotAJar() throws IOException {
    Map<String, String> env = Map.of("XDG_CACHE_HOME", dir.toString());
    String jar = jar().toString();

    assertThat(ClassArchive.forRun(jar, List.of(), Map.of("XDG_CACHE_HOME", dir.toString(),
        ClassArchive.SWITCH, "off"), null)).isEmpty();
    assertThat(ClassArchive.forRun(jar, List.of("-Xshare:off"), env, null)).isEmpty();
    assertThat(ClassArchive.forRun(jar, List.of("-XX:SharedArchiveFile=/x.jsa"), env, null))
        .isEmpty();
    assertThat(ClassArchive.forRun(jar + java.io.File.pathSeparator + "other.jar", List.of(),
        env, null)).isEmpty();
    assertThat(ClassArchive.forRun(dir.toString(), List.of(), env, null)).isEmpty();
    assertThat(ClassArchive.forRun(jar, List.of(), Map.of(), null)).isEmpty();
    assertThat(ClassArchive.forRun(dir.resolve("missing.jar").toString(), List.of(), env, null))
        .isEmpty();
  }
}
