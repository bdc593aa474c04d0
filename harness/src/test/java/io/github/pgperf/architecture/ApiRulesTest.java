package io.github.pgperf.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.EvaluationResult;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Each rule of {@link ApiRules} fails on the fixture types made to break it, and only on them. */
class ApiRulesTest {

  private static JavaClasses fixtures;

  @BeforeAll
  static void importFixtures() {
    fixtures = new ClassFileImporter().importPackages("io.github.pgperf.architecture.fixture");
  }

  @Test
  void aCycleBetweenPackagesFails() {
    assertThat(details(ApiRules.noCycles("io.github.pgperf.architecture.fixture")))
        .contains("Slice a", "Slice b");
  }

  @Test
  void aPublicTypeWithoutStatusFails() {
    String details = details(ApiRules.apiTypesCarryStatus());
    assertThat(details)
        .contains("fixture.Unmarked is public outside the internal packages")
        .doesNotContain("fixture.MarkedInternal")
        .doesNotContain("fixture.Clean ")
        .doesNotContain("fixture.Clean$Part");
  }

  @Test
  void anInternalTypeInAPublicSignatureFails() {
    String details = details(ApiRules.apiSignaturesExposeNoInternalType());
    assertThat(details)
        .contains(
            "fixture.Leaky method hidden() returns io.github.pgperf.architecture.fixture"
                + ".internal.Hidden")
        .contains(
            "fixture.Leaky method all() takes io.github.pgperf.architecture.fixture"
                + ".internal.Hidden")
        .contains("fixture.Leaky implements io.github.pgperf.architecture.fixture.internal.Shape")
        .contains(
            "fixture.Leaky method marked() returns io.github.pgperf.architecture.fixture"
                + ".MarkedInternal")
        .doesNotContain("fixture.Clean ")
        .doesNotContain("helper")
        .doesNotContain("fixture.MarkedInternal ");
  }

  @Test
  void anInternalTypeClaimingAStatusFails() {
    assertThat(details(ApiRules.internalTypesClaimNoApiStatus()))
        .contains("fixture.internal.Hidden is internal but marked @API(status = STABLE)")
        .doesNotContain("fixture.internal.Shape");
  }

  private static String details(ArchRule rule) {
    EvaluationResult result = rule.evaluate(fixtures);
    assertThat(result.hasViolation()).as(rule.getDescription()).isTrue();
    return String.join("\n", result.getFailureReport().getDetails());
  }
}
