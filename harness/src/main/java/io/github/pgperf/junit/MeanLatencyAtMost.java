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
 * A declared ceiling on the mean latency of the method's {@link Load} (as {@code mean<=5ms}). A run
 * that processed no transaction fails it. See {@link TpsAtLeast} for how declared thresholds are
 * checked and overridden.
 */
@API(status = STABLE, since = "0.1.0")
@Target({ElementType.METHOD, ElementType.ANNOTATION_TYPE})
@Retention(RetentionPolicy.RUNTIME)
@Documented
@ExtendWith(PgPerfExtension.class)
public @interface MeanLatencyAtMost {

  /** The limit: a positive number and a unit ({@code us}, {@code ms}, {@code s}): {@code "5ms"}. */
  String value();
}
