package io.github.pgperf.architecture;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The plugin's boundaries: the gate, the report and the test JVM's launch know nothing of Maven (so
 * they are tested, and could run, without it); compare uses it only to build the base revision;
 * the goals hold the rest.
 */
class PluginBoundaryTest {

  private static JavaClasses plugin;

  @BeforeAll
  static void importPluginClasses() {
    plugin = new ClassFileImporter()
        .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
        .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_JARS)
        .importPackages("io.github.pgperf");
  }

  @Test
  void theGateTheReportAndLaunchKnowNothingOfMaven() {
    noClasses().that().resideInAnyPackage("io.github.pgperf.gate..", "io.github.pgperf.report..",
            "io.github.pgperf.launch..")
        .should().dependOnClassesThat().resideInAnyPackage("org.apache.maven..",
            "org.codehaus.plexus..", "org.eclipse.aether..")
        .as("the gate, the report and launch should not depend on Maven")
        .check(plugin);
  }

  @Test
  void compareKnowsMavenOnlyAsTheInvokerThatBuildsTheBase() {
    noClasses().that().resideInAPackage("io.github.pgperf.compare..")
        .should().dependOnClassesThat(
            resideInAnyPackage("org.apache.maven..", "org.codehaus.plexus..",
                "org.eclipse.aether..")
                .and(not(resideInAnyPackage("org.apache.maven.shared.invoker..",
                    "org.apache.maven.shared.utils.cli.."))))
        .as("compare should use Maven only through maven-invoker, to build the base revision")
        .check(plugin);
  }

  @Test
  void packagesHaveNoCycles() {
    slices().matching("io.github.pgperf.(**)").should().beFreeOfCycles().check(plugin);
  }
}
