package io.github.pgperf.example;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.lang.ArchRule;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The example users copy, and the projects the plugin's ITs build, use pgperf only through its
 * public API (docs/api.md): nothing of the harness's internal packages, nothing of the plugin's
 * Java code (whose interface is its goals and parameters).
 */
class PublicApiUseTest {

  private static final ArchRule PUBLIC_API_ONLY =
      noClasses()
          .should()
          .dependOnClassesThat()
          .resideInAnyPackage(
              "io.github.pgperf..internal..",
              "io.github.pgperf.gate..",
              "io.github.pgperf.report..",
              "io.github.pgperf.launch..",
              "io.github.pgperf.compare..",
              "io.github.pgperf.maven..")
          .as("users' code should use only pgperf's public API");

  @Test
  void theExampleUsesOnlyThePublicApi() {
    Path example = ReadmeTest.ROOT.resolve("example-project/target");
    List<Path> compiled = List.of(example.resolve("classes"), example.resolve("test-classes"));
    compiled.forEach(
        dir -> assertThat(dir).as("the example is built before this module").isDirectory());
    PUBLIC_API_ONLY.check(new ClassFileImporter().importPaths(compiled));
  }

  @Test
  void thePluginsItProjectsUseOnlyThePublicApi() throws IOException {
    Path its = ReadmeTest.ROOT.resolve("maven-plugin/target/it");
    List<Path> compiled;
    try (Stream<Path> projects = Files.isDirectory(its) ? Files.list(its) : Stream.empty()) {
      compiled =
          projects
              .flatMap(
                  p -> Stream.of(p.resolve("target/classes"), p.resolve("target/test-classes")))
              .filter(Files::isDirectory)
              .toList();
    }
    // They exist after the plugin's ITs ran, as in `mvn verify` at the root (CI), not in a build
    // of this module alone.
    assumeThat(compiled).as("the plugin's IT projects have been built").isNotEmpty();
    PUBLIC_API_ONLY.check(new ClassFileImporter().importPaths(compiled));
  }
}
