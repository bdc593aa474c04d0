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
 * A declared ceiling on the WAL the run's statements wrote per processed transaction, in bytes (as
 * {@code wal/tx<=N}; {@code 4096} reads back as {@code wal/tx<=4kB}). Counted by {@code
 * pg_stat_statements}; without it the threshold fails as not checked, with the reason. A negative
 * figure is a configuration error naming this annotation. See {@link TpsAtLeast} for how declared
 * thresholds are checked and overridden.
 */
@API(status = EXPERIMENTAL, since = "0.1.0")
@Target({ElementType.METHOD, ElementType.ANNOTATION_TYPE})
@Retention(RetentionPolicy.RUNTIME)
@Documented
@ExtendWith(PgPerfExtension.class)
public @interface WalBytesPerTransactionAtMost {

  /** The most WAL bytes per transaction, 0 or more. */
  double value();
}
