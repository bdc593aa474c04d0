package io.github.pgperf.architecture;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The harness, the engine and the result model as users compile against them: the boundary
 * docs/api.md describes. The gate module's own boundaries are checked in its module.
 */
class ApiBoundaryTest {

  private static JavaClasses pgperf;

  @BeforeAll
  static void importProductionClasses() {
    pgperf =
        new ClassFileImporter()
            .withImportOption(ApiRules.PRODUCTION)
            .importPackages("io.github.pgperf");
  }

  @Test
  void packagesHaveNoCycles() {
    ApiRules.noCycles("io.github.pgperf").check(pgperf);
  }

  @Test
  void publicTypesOutsideInternalPackagesCarryAnApiStatus() {
    ApiRules.apiTypesCarryStatus().check(pgperf);
  }

  @Test
  void theApiNamesNoInternalType() {
    ApiRules.apiSignaturesExposeNoInternalType().check(pgperf);
  }

  @Test
  void internalTypesPromiseNothing() {
    ApiRules.internalTypesClaimNoApiStatus().check(pgperf);
  }
}
