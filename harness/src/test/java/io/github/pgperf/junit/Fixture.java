package io.github.pgperf.junit;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Marks a test class that exists to be run by {@code EngineTestKit} from a real test: it is
 * disabled unless the launcher sets {@value #ENABLED}, which only the tests here do, so neither
 * Surefire nor an IDE runs it by itself.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@ExtendWith(Fixture.Condition.class)
@interface Fixture {

  String ENABLED = "pgperf.test.fixtures";

  /** What fixtures saw, by name, for the test that ran them to check. */
  Map<String, Object> SEEN = new ConcurrentHashMap<>();

  /** Enables fixtures only under a launcher that sets {@value #ENABLED} to true. */
  final class Condition implements ExecutionCondition {
    @Override
    public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
      return context.getConfigurationParameter(ENABLED).map(Boolean::parseBoolean).orElse(false)
          ? ConditionEvaluationResult.enabled("run through EngineTestKit")
          : ConditionEvaluationResult.disabled("a fixture: runs only through EngineTestKit");
    }
  }
}
