package io.github.pgperf.junit;

import static org.apiguardian.api.API.Status.STABLE;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.apiguardian.api.API;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A declared failure-rate ceiling in percent (as {@code failures<=0.1%}): at most this share of the
 * transactions that ended may have failed, counted as pgbench counts them. See {@link TpsAtLeast}
 * for how declared thresholds are checked and overridden.
 */
@API(status = STABLE, since = "0.1.0")
@Target({ElementType.METHOD, ElementType.ANNOTATION_TYPE})
@Retention(RetentionPolicy.RUNTIME)
@Documented
@ExtendWith(PgPerfExtension.class)
public @interface FailureRateAtMost {

  /** The ceiling in percent, 0 to 100: {@code 0.1} allows one failure in a thousand. */
  double value();
}
