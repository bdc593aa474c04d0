package io.github.pgperf.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The compare module's boundaries: the comparison and the test JVM's launch know nothing of Maven
 * (pgperf:compare maps its parameters onto them; a Gradle task could do the same) nor of a database
 * (the test JVMs measure, this module reads their results). Its pom brings neither; this keeps it
 * so should a dependency bring them in.
 */
class CompareBoundaryTest {

  private static JavaClasses compare;

  @BeforeAll
  static void importCompareClasses() {
    // This module's classes only: in a reactor build the other modules' may be class directories.
    compare = new ClassFileImporter().importPath(Path.of("target", "classes"));
  }

  @Test
  void theComparisonKnowsNothingOfMaven() {
    noClasses()
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage("org.apache.maven..", "org.codehaus.plexus..", "org.eclipse.aether..")
        .as("compare and launch should not depend on Maven")
        .check(compare);
  }

  @Test
  void theComparisonReadsResultsNotADatabase() {
    noClasses()
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage("java.sql..", "org.postgresql..")
        .as("compare and launch should not use JDBC")
        .check(compare);
  }

  @Test
  void packagesHaveNoCycles() {
    slices().matching("io.github.pgperf.(**)").should().beFreeOfCycles().check(compare);
  }
}
