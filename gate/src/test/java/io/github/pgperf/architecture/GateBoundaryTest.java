package io.github.pgperf.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The gate module's boundaries: the gate, the report and the history know nothing of Maven (the
 * plugin's goals hold that; a Gradle task or a CI step could call them) nor of a database (they
 * read results); only the history's PostgreSQL store uses {@code java.sql}. Today its pom brings
 * neither, so the compiler refuses such a use; this keeps it so should a dependency bring them in.
 */
class GateBoundaryTest {

  private static JavaClasses gate;

  @BeforeAll
  static void importGateClasses() {
    // This module's classes only: in a reactor build the other modules' may be class directories.
    gate = new ClassFileImporter().importPath(Path.of("target", "classes"));
  }

  @Test
  void theGateTheReportAndTheHistoryKnowNothingOfMaven() {
    noClasses()
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage("org.apache.maven..", "org.codehaus.plexus..", "org.eclipse.aether..")
        .as("the gate, the report and the history should not depend on Maven")
        .check(gate);
  }

  @Test
  void theGateModuleReadsResultsNotADatabase() {
    noClasses()
        .that()
        .resideOutsideOfPackage("io.github.pgperf.history..")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage("java.sql..", "org.postgresql..")
        .as("the gate module should not use JDBC")
        .check(gate);
  }

  /**
   * The history's PostgreSQL store is the one exception: it uses JDBC's interfaces, and the driver
   * is handed to it (pgperf.jar's own, or the Maven project's), never the module's.
   */
  @Test
  void theHistoryUsesJdbcButCarriesNoDriver() {
    noClasses()
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage("org.postgresql..")
        .as("the gate module should carry no JDBC driver")
        .check(gate);
  }

  @Test
  void packagesHaveNoCycles() {
    slices().matching("io.github.pgperf.(**)").should().beFreeOfCycles().check(gate);
  }
}
