package io.github.pgperf.architecture;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaCodeUnit;
import com.tngtech.archunit.core.domain.JavaField;
import com.tngtech.archunit.core.domain.JavaMember;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.domain.JavaType;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.apiguardian.api.API;
import org.apiguardian.api.API.Status;

/**
 * The rules that keep pgperf's public API (docs/api.md) what it says: every package outside {@code
 * ..internal..} is API and its public types carry an {@link API} status (INTERNAL for the few that
 * must be public for pgperf's own modules, as JUnit marks its own), and nothing a user can call,
 * extend or read names an internal type: one of an internal package or one marked INTERNAL. Kept
 * apart from the tests that apply them so that a test can show each rule failing on classes made to
 * break it.
 */
final class ApiRules {

  static final String INTERNAL = "..internal..";

  /**
   * pgperf's production classes: this module's, pgperf-engine's and pgperf-result's, without tests
   * (the engine's test jar is on this module's test class path).
   */
  static final ImportOption PRODUCTION =
      location -> !location.contains("/test-classes/") && !location.contains("-tests.jar");

  private ApiRules() {}

  /** Packages depend on each other in one direction only. */
  static ArchRule noCycles(String root) {
    return slices()
        .matching(root + ".(**)")
        .should()
        .beFreeOfCycles()
        .as("packages of " + root + " should be free of cycles");
  }

  /** Every public type outside the internal packages declares how stable it is. */
  static ArchRule apiTypesCarryStatus() {
    return classes()
        .that()
        .arePublic()
        .and()
        .resideOutsideOfPackage(INTERNAL)
        .and(enclosedOnlyByPublicTypes())
        .should(carryApiStatus())
        .as("public types outside internal packages should be annotated @API");
  }

  /** What users reach never names a type of an internal package. */
  static ArchRule apiSignaturesExposeNoInternalType() {
    return classes()
        .that()
        .arePublic()
        .and()
        .resideOutsideOfPackage(INTERNAL)
        .and(enclosedOnlyByPublicTypes())
        .and(not(markedInternal()))
        .should(exposeNoInternalType())
        .as(
            "public types outside internal packages should name no internal type in their"
                + " supertypes or in the signatures of their public and protected members");
  }

  /** Internal types never claim a status that promises users something. */
  static ArchRule internalTypesClaimNoApiStatus() {
    return classes()
        .that()
        .resideInAPackage(INTERNAL)
        .and()
        .areAnnotatedWith(API.class)
        .should(haveStatus(Status.INTERNAL))
        .allowEmptyShould(true)
        .as("types in internal packages should carry no @API status but INTERNAL");
  }

  private static DescribedPredicate<JavaClass> enclosedOnlyByPublicTypes() {
    return new DescribedPredicate<>("enclosed only by public types") {
      @Override
      public boolean test(JavaClass type) {
        JavaClass outer = type.getEnclosingClass().orElse(null);
        while (outer != null) {
          if (!outer.getModifiers().contains(JavaModifier.PUBLIC)) {
            return false;
          }
          outer = outer.getEnclosingClass().orElse(null);
        }
        return true;
      }
    };
  }

  private static ArchCondition<JavaClass> carryApiStatus() {
    return new ArchCondition<>("carry an @API status") {
      @Override
      public void check(JavaClass type, ConditionEvents events) {
        if (status(type) == null) {
          events.add(
              SimpleConditionEvent.violated(
                  type,
                  type.getName()
                      + " is public outside the internal packages but has no @API status"));
        }
      }
    };
  }

  private static DescribedPredicate<JavaClass> markedInternal() {
    return new DescribedPredicate<>("marked @API(status = INTERNAL)") {
      @Override
      public boolean test(JavaClass type) {
        return status(type) == Status.INTERNAL;
      }
    };
  }

  /** The type's status; a nested type speaks through its enclosing type's unless it has one. */
  private static Status status(JavaClass type) {
    JavaClass marked = type;
    while (!marked.isAnnotatedWith(API.class) && marked.getEnclosingClass().isPresent()) {
      marked = marked.getEnclosingClass().get();
    }
    return marked.isAnnotatedWith(API.class)
        ? marked.getAnnotationOfType(API.class).status()
        : null;
  }

  private static ArchCondition<JavaClass> haveStatus(Status status) {
    return new ArchCondition<>("have @API status " + status) {
      @Override
      public void check(JavaClass type, ConditionEvents events) {
        Status actual = type.getAnnotationOfType(API.class).status();
        if (actual != status) {
          events.add(
              SimpleConditionEvent.violated(
                  type, type.getName() + " is internal but marked @API(status = " + actual + ")"));
        }
      }
    };
  }

  private static ArchCondition<JavaClass> exposeNoInternalType() {
    return new ArchCondition<>("expose no internal type") {
      @Override
      public void check(JavaClass type, ConditionEvents events) {
        List<String> leaks = new ArrayList<>();
        type.getRawSuperclass().ifPresent(s -> leak(leaks, "extends", s));
        type.getRawInterfaces().forEach(i -> leak(leaks, "implements", i));
        for (JavaMember member : type.getMembers()) {
          if (!reachable(member)) {
            continue;
          }
          if (member instanceof JavaField field) {
            involved(field.getType()).forEach(t -> leak(leaks, "field " + field.getName(), t));
          } else if (member instanceof JavaCodeUnit code) {
            String where =
                code.getName().equals("<init>") ? "constructor" : "method " + code.getName() + "()";
            involved(code.getReturnType()).forEach(t -> leak(leaks, where + " returns", t));
            code.getParameterTypes()
                .forEach(p -> involved(p).forEach(t -> leak(leaks, where + " takes", t)));
            code.getThrowsClause().getTypes().forEach(t -> leak(leaks, where + " throws", t));
          }
        }
        for (String leak : new TreeSet<>(leaks)) {
          events.add(SimpleConditionEvent.violated(type, type.getName() + " " + leak));
        }
      }
    };
  }

  private static boolean reachable(JavaMember member) {
    Set<JavaModifier> modifiers = member.getModifiers();
    if (modifiers.contains(JavaModifier.SYNTHETIC) || modifiers.contains(JavaModifier.BRIDGE)) {
      return false;
    }
    boolean isFinalClass = member.getOwner().getModifiers().contains(JavaModifier.FINAL);
    return modifiers.contains(JavaModifier.PUBLIC)
        || (modifiers.contains(JavaModifier.PROTECTED) && !isFinalClass);
  }

  private static Set<JavaClass> involved(JavaType type) {
    return type.getAllInvolvedRawTypes();
  }

  private static void leak(List<String> leaks, String where, JavaClass type) {
    JavaClass base = type.getBaseComponentType();
    if (base.getPackageName().contains(".internal.")
        || base.getPackageName().endsWith(".internal")
        || status(base) == Status.INTERNAL) {
      leaks.add(where + " " + base.getName());
    }
  }
}
