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
 * A declared ceiling on the time the run's backends waited on heavyweight locks ({@code Lock:*}
 * wait events, sampled from {@code pg_stat_activity}) per processed transaction (as {@code
 * lockwait/tx<=1ms}): a hot row every transaction updates makes the clients queue on it. Not
 * checked (and failed as such, with the reason) when the waits were not sampled. A value that is
 * not a positive duration is a configuration error naming this annotation. See {@link TpsAtLeast}
 * for how declared thresholds are checked and overridden.
 */
@API(status = EXPERIMENTAL, since = "0.1.0")
@Target({ElementType.METHOD, ElementType.ANNOTATION_TYPE})
@Retention(RetentionPolicy.RUNTIME)
@Documented
@ExtendWith(PgPerfExtension.class)
public @interface LockWaitPerTransactionAtMost {
  /**
   * The ceiling: a positive number and a unit ({@code us}, {@code ms}, {@code s}): {@code "1ms"}.
   */
  String value();
}
