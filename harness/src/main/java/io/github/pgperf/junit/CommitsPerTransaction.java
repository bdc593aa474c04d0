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
 * Declares how many times each processed transaction commits, as {@code pg_stat_database} counted
 * them (as {@code commits/tx=N}): 1 for a transaction; a transaction that lost its {@code BEGIN}
 * commits once per statement. Within the run's edges (a transaction per client cut at each end of
 * the window). A negative figure is a configuration error naming this annotation. See {@link
 * TpsAtLeast} for how declared thresholds are checked and overridden.
 */
@API(status = EXPERIMENTAL, since = "0.1.0")
@Target({ElementType.METHOD, ElementType.ANNOTATION_TYPE})
@Retention(RetentionPolicy.RUNTIME)
@Documented
@ExtendWith(PgPerfExtension.class)
public @interface CommitsPerTransaction {
  /** Commits per transaction, 0 or more. */
  long value();
}
