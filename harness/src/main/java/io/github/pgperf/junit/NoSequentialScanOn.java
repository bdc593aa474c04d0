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
 * Declares that no planned statement of the method's {@link Load} may read these tables whole (as
 * {@code seqscan(entry)=0} in {@link io.github.pgperf.threshold.Threshold}'s text form, one
 * threshold per table): a plan with a {@code Seq Scan} on one of them fails the test with the
 * statements that scan it. The plans are those of the scripts' SQL commands, taken after the run
 * ({@link io.github.pgperf.internal.capture.ScriptPlans}).
 *
 * <pre>{@code
 * @NoSequentialScanOn(table = {"entry", "account"})
 * }</pre>
 *
 * <p>It fails as not checked, with the reason, when the plans were not taken (server counters off)
 * or not every statement was planned (Java transactions' statements are not planned on PostgreSQL
 * 15; a command the server could not plan). A name that is not a table name as plans show it (no
 * schema) is a configuration error naming this annotation. See {@link TpsAtLeast} for how declared
 * thresholds are checked and overridden.
 */
@API(status = EXPERIMENTAL, since = "0.1.0")
@Target({ElementType.METHOD, ElementType.ANNOTATION_TYPE})
@Retention(RetentionPolicy.RUNTIME)
@Documented
@ExtendWith(PgPerfExtension.class)
public @interface NoSequentialScanOn {

  /** The tables, as plans name them: without schema, in their own case ({@code "entry"}). */
  String[] table();
}
