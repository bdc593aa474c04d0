package io.github.pgperf.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import japicmp.cmp.JApiCmpArchive;
import japicmp.cmp.JarArchiveComparator;
import japicmp.cmp.JarArchiveComparatorOptions;
import japicmp.filter.AnnotationClassFilter;
import japicmp.filter.JavadocLikePackageFilter;
import japicmp.model.JApiClass;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the build's binary-compatibility check (japicmp-maven-plugin in the parent pom, against the
 * last release) decides, shown on fixture jars with the same filters and the same japicmp: a STABLE
 * record that gains a component breaks its users' binaries (the canonical constructor they call is
 * gone), so the check fails the build; the same jar twice passes. This is why docs/api.md keeps
 * records EXPERIMENTAL until 1.0.
 */
class BinaryCompatibilityTest {

  private static final String V1 =
      """
      package fixture;
      @org.apiguardian.api.API(status = org.apiguardian.api.API.Status.STABLE)
      public record Counts(long processed, long failed) {}
      """;
  private static final String V2 =
      """
      package fixture;
      @org.apiguardian.api.API(status = org.apiguardian.api.API.Status.STABLE)
      public record Counts(long processed, long failed, long retried) {}
      """;
  private static final String INTERNAL_V2 =
      """
      package fixture.internal;
      @org.apiguardian.api.API(status = org.apiguardian.api.API.Status.INTERNAL)
      public record Counts(long processed, long failed, long retried) {}
      """;
  private static final String INTERNAL_V1 =
      """
      package fixture.internal;
      @org.apiguardian.api.API(status = org.apiguardian.api.API.Status.INTERNAL)
      public record Counts(long processed, long failed) {}
      """;

  @TempDir Path dir;

  @Test
  void aStableRecordThatGainsAComponentFailsTheCheck() throws IOException {
    List<JApiClass> changes = compare(jar("old", V1), jar("new", V2));

    assertThat(changes)
        .filteredOn(type -> type.getFullyQualifiedName().equals("fixture.Counts"))
        .singleElement()
        .satisfies(
            type ->
                assertThat(type.isBinaryCompatible())
                    .as("fixture.Counts with a third component")
                    .isFalse());
  }

  @Test
  void anUnchangedApiPasses() throws IOException {
    assertThat(compare(jar("old", V1), jar("new", V1)))
        .allSatisfy(type -> assertThat(type.isBinaryCompatible()).isTrue());
  }

  @Test
  void internalPackagesAreNotCompared() throws IOException {
    assertThat(compare(jar("old", INTERNAL_V1), jar("new", INTERNAL_V2)))
        .noneMatch(type -> type.getFullyQualifiedName().startsWith("fixture.internal"));
  }

  /** japicmp with the parent pom's filters: @API types, internal packages excluded. */
  private static List<JApiClass> compare(Path old, Path changed) {
    JarArchiveComparatorOptions options = new JarArchiveComparatorOptions();
    options.getFilters().getIncludes().add(new AnnotationClassFilter("@org.apiguardian.api.API"));
    options.getFilters().getExcludes().add(new JavadocLikePackageFilter("fixture.internal", false));
    options.getIgnoreMissingClasses().setIgnoreAllMissingClasses(true);
    return new JarArchiveComparator(options)
        .compare(
            new JApiCmpArchive(old.toFile(), "1.0.0"),
            new JApiCmpArchive(changed.toFile(), "1.1.0"));
  }

  /** Compiles one source file into a jar of its own. */
  private Path jar(String name, String source) throws IOException {
    Path src = dir.resolve(name + "-src");
    Path classes = dir.resolve(name + "-classes");
    String pkg =
        source.lines().findFirst().orElseThrow().replace("package ", "").replace(";", "").trim();
    Path file = src.resolve(pkg.replace('.', '/')).resolve("Counts.java");
    Files.createDirectories(file.getParent());
    Files.createDirectories(classes);
    Files.writeString(file, source);
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    int status =
        javac.run(
            null,
            null,
            null,
            "-d",
            classes.toString(),
            "-cp",
            System.getProperty("java.class.path"),
            file.toString());
    assertThat(status).as("javac of the %s fixture", name).isZero();
    Path jar = dir.resolve(name + ".jar");
    try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar));
        var paths = Files.walk(classes)) {
      for (Path path : paths.filter(Files::isRegularFile).toList()) {
        out.putNextEntry(new JarEntry(classes.relativize(path).toString().replace('\\', '/')));
        Files.copy(path, out);
        out.closeEntry();
      }
    }
    return jar;
  }
}
