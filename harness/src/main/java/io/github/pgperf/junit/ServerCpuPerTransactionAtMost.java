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
 * A declared ceiling on the run's server backends' on-CPU time per processed transaction (as {@code
 * cpu/tx<=2ms}), from {@code /proc/<pid>/schedstat}: without the time a backend waited for a core,
 * so an expensive expression per returned row shows on a busy machine too. Machine- dependent:
 * declare it with room. Not checked (and failed as such, with the reason) where the server's
 * processes are not visible from the tests (a container, a remote server). A value that is not a
 * positive duration is a configuration error naming this annotation. See {@link TpsAtLeast} for how
 * declared thresholds are checked and overridden.
 */
@API(status = EXPERIMENTAL, since = "0.1.0")
@Target({ElementType.METHOD, ElementType.ANNOTATION_TYPE})
@Retention(RetentionPolicy.RUNTIME)
@Documented
@ExtendWith(PgPerfExtension.class)
public @interface ServerCpuPerTransactionAtMost {
  /**
   * The ceiling: a positive number and a unit ({@code us}, {@code ms}, {@code s}): {@code "2ms"}.
   */
  String value();
}
