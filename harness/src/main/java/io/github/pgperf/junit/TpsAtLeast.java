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
 * A declared tps floor: the method's {@link Load} must process at least this many transactions per
 * second of benchmark time (as {@code tps>=N} in {@link io.github.pgperf.threshold.Threshold}'s
 * text form). A negative figure is a configuration error naming this annotation.
 *
 * <p>Declared thresholds ({@code @TpsAtLeast}, {@link LatencyAtMost}, {@link MeanLatencyAtMost},
 * {@link FailureRateAtMost}, {@link NoFailures}; on the server's work {@link
 * SharedBlocksPerTransactionAtMost}, {@link WalBytesPerTransactionAtMost}, {@link
 * TempBlocksAtMost}, {@link NoSequentialScanOn}) are checked after the run, all at once; a missed
 * one fails the test with the measured figure, the limit and a summary of the run, and a work
 * threshold whose work was not captured fails as "not checked" with the reason. They can be changed
 * from the build without touching code: the configuration parameter {@code
 * pgperf.<TestClass>.<method>.thresholds} (one method), {@code pgperf.<TestClass>.thresholds} (the
 * class's methods) or {@code pgperf.thresholds} (every method with {@code @Load}) holds thresholds
 * in the text form, comma-separated ({@code tps>=300, p99<=40ms, blocks/tx<=250}); each replaces
 * the declared threshold on the same figure (tps; the same percentile, {@code max} being p100;
 * mean; failures, a rate or none; {@code blocks/tx}; {@code wal/tx}; {@code temp}; {@code
 * seqscan(<table>)} per table) and adds to the others. The value {@code none} drops every declared
 * threshold (measure only), and thresholds after it are added to none: {@code none, failures=0}.
 * The keys are applied broadest first: the global one, then the class's, then the method's.
 */
@API(status = STABLE, since = "0.1.0")
@Target({ElementType.METHOD, ElementType.ANNOTATION_TYPE})
@Retention(RetentionPolicy.RUNTIME)
@Documented
@ExtendWith(PgPerfExtension.class)
public @interface TpsAtLeast {

  /** The least tps, 0 or more. */
  double value();
}
