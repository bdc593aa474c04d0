package io.github.pgperf.junit;

import static org.apiguardian.api.API.Status.STABLE;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Repeatable;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.apiguardian.api.API;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A declared latency ceiling at a percentile of the method's {@link Load} (as {@code p99<=20ms});
 * repeat it for several percentiles:
 *
 * <pre>{@code
 * @LatencyAtMost(percentile = 99, limit = "20ms")
 * @LatencyAtMost(percentile = 99.9, limit = "50ms")
 * }</pre>
 *
 * <p>A run that processed no transaction fails it. A percentile outside 0 (exclusive) to 100 or a
 * limit that is not a positive duration is a configuration error naming this annotation. See {@link
 * TpsAtLeast} for how declared thresholds are checked and overridden.
 */
@API(status = STABLE, since = "0.1.0")
@Target({ElementType.METHOD, ElementType.ANNOTATION_TYPE})
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Repeatable(LatencyAtMost.List.class)
@ExtendWith(PgPerfExtension.class)
public @interface LatencyAtMost {

  /** The percentile, greater than 0 and at most 100 (100 is the maximum latency); 99.9 is fine. */
  double percentile();

  /**
   * The limit: a positive duration, as every pgperf duration is written ({@code ns us ms s min h},
   * decimals allowed), as "20ms" or "1.5ms".
   */
  String limit();

  /** Holds repeated {@link LatencyAtMost} annotations. */
  @Target({ElementType.METHOD, ElementType.ANNOTATION_TYPE})
  @Retention(RetentionPolicy.RUNTIME)
  @Documented
  @ExtendWith(PgPerfExtension.class)
  @interface List {
    LatencyAtMost[] value();
  }
}
