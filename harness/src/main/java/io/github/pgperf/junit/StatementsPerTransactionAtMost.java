package io.github.pgperf.junit;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.apiguardian.api.API;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A declared ceiling on the statements the run's clients sent per processed transaction, as the
 * server counted them, {@code BEGIN}, {@code COMMIT} and {@code ROLLBACK} left out (as {@code
 * statements/tx<=N}): round trips an N+1 or an ORM's reload add on any machine. Counted by {@code
 * pg_stat_statements}; without it the threshold fails as not checked, with the reason. A negative
 * figure is a configuration error naming this annotation. See {@link TpsAtLeast} for how declared
 * thresholds are checked and overridden.
 */
@API(status = EXPERIMENTAL, since = "0.1.0")
@Target({ElementType.METHOD, ElementType.ANNOTATION_TYPE})
@Retention(RetentionPolicy.RUNTIME)
@Documented
@ExtendWith(PgPerfExtension.class)
public @interface StatementsPerTransactionAtMost {
  /** The most statements per transaction, 0 or more. */
  double value();
}
