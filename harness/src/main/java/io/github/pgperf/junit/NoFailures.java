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
 * Declares that no transaction of the method's {@link Load} may fail and no client may abort (as
 * {@code failures=0}). See {@link TpsAtLeast} for how declared thresholds are checked and
 * overridden.
 */
@API(status = STABLE, since = "0.1.0")
@Target({ElementType.METHOD, ElementType.ANNOTATION_TYPE})
@Retention(RetentionPolicy.RUNTIME)
@Documented
@ExtendWith(PgPerfExtension.class)
public @interface NoFailures {}
