package io.github.pgperf.junit;

import static org.apiguardian.api.API.Status.STABLE;

import io.github.pgperf.result.QueryMode;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.apiguardian.api.API;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Declares the load a test method runs, so that the test needs no body: after the method's
 * {@code @BeforeEach} methods, pgperf runs this workload through a {@link LoadRunner} (the result
 * file and summary are as for any {@link LoadRunner#run()}), then checks the method's declared
 * thresholds ({@link TpsAtLeast}, {@link LatencyAtMost}, {@link MeanLatencyAtMost}, {@link
 * FailureRateAtMost}, {@link NoFailures}); a missed threshold fails the test with the measured
 * figure, the limit and a summary of the run. Only then does the method's body run; it may take the
 * {@link io.github.pgperf.result.RunResult} as a parameter for further checks.
 *
 * <pre>{@code
 * @Test
 * @Load(builtin = "select-only", clients = 4, duration = "10s")
 * @TpsAtLeast(1000)
 * @LatencyAtMost(percentile = 99, limit = "20ms")
 * void selectOnly() {}
 * }</pre>
 *
 * <p>The class must be a {@link PgPerfTest}. Attributes left at their defaults take pgbench's (1
 * client, 1 thread, 10 transactions per client, tpcb-like). Durations are written as every pgperf
 * duration is ({@link io.github.pgperf.result.DurationText}): a number, decimals allowed, and one
 * of {@code ns us ms s min h} ({@code 1.5ms}, {@code 10s}, {@code 2min}); run durations and
 * warm-ups must come to whole seconds, as pgbench's {@code -T} counts them.
 *
 * <p>Every attribute can be overridden from the build without touching code, by a JUnit
 * configuration parameter (a system property or a line in {@code junit-platform.properties}):
 * {@code pgperf.<TestClass>.<method>.<attribute>} for one method (the class's simple name, as in
 * result file names), else {@code pgperf.<TestClass>.<attribute>} for the class's methods, else
 * {@code pgperf.<attribute>} for every method with {@code @Load}; each wins over the annotation
 * (docs/configuration.md lists every key). List attributes take comma-separated values ({@code
 * -Dpgperf.SelectTest.selectOnly.builtin=select-only@9,tpcb-like@1}). Two groups are replaced as a
 * whole by the most specific place that sets any of their members, so that an override never
 * combines with the annotation into a contradiction: the run's length ({@code duration}, {@code
 * transactionsPerClient}) and its scripts ({@code builtin}, {@code script}, {@code scriptFile}).
 * Thresholds are overridden by {@code pgperf.<TestClass>.<method>.thresholds}, {@code
 * pgperf.<TestClass>.thresholds} and {@code pgperf.thresholds}; see {@link TpsAtLeast}.
 *
 * <p>A value that cannot be read fails the test with an {@link
 * org.junit.jupiter.api.extension.ExtensionConfigurationException} naming the annotation attribute
 * or configuration key and the value; option combinations pgbench refuses fail it with pgbench's
 * message ({@link LoadRunException}).
 */
@API(status = STABLE, since = "0.1.0")
@Target({ElementType.METHOD, ElementType.ANNOTATION_TYPE})
@Retention(RetentionPolicy.RUNTIME)
@Documented
@ExtendWith(PgPerfExtension.class)
public @interface Load {

  /**
   * {@code -b name[@weight]}: built-in scripts ({@code tpcb-like}, {@code simple-update}, {@code
   * select-only}, or a unique prefix).
   */
  String[] builtin() default {};

  /**
   * {@code -f resource[@weight]}: scripts on the test classpath, found from the test class as
   * {@link LoadRunner#script(String)} finds them ({@code "/queries/hot.sql"}).
   */
  String[] script() default {};

  /** {@code -f file[@weight]}: script files, relative to the working directory. */
  String[] scriptFile() default {};

  /** {@code -c}: number of clients. */
  int clients() default 1;

  /**
   * {@code -j}: number of threads, at most the number of clients (in a {@link ClientSweep}, capped
   * at each point's).
   */
  int threads() default 1;

  /** {@code -T}: how long to run, for example {@code "10s"}; empty for a number of transactions. */
  String duration() default "";

  /**
   * {@code -t}: transactions per client; 0 for the default (10, unless a duration is set). Named as
   * {@link LoadRunner#transactionsPerClient(int)}.
   */
  int transactionsPerClient() default 0;

  /** {@code -R}: throttle to this many transactions per second in all; 0 for no throttle. */
  double rate() default 0;

  /**
   * {@code -L}: count (and with a rate, skip) transactions later than this, for example {@code
   * "50ms"}; empty for none.
   */
  String latencyLimit() default "";

  /** {@code -M}: how SQL is sent. */
  QueryMode queryMode() default QueryMode.SIMPLE;

  /** {@code --max-tries}: tries of a transaction failing with a serialization error or deadlock. */
  int maxTries() default 1;

  /** Load for this long before the measured run, for example {@code "5s"}; empty for none. */
  String warmup() default "";

  /** Whether pgbench's tables are vacuumed before the run ({@code false} is {@code -n}). */
  boolean vacuum() default true;

  /** {@code -D name=value}: variables for the scripts. */
  String[] define() default {};

  /**
   * A name for the run, recorded in the result and its file name ({@code
   * <TestClass>-<method>-<label>.json}); empty for none.
   */
  String label() default "";
}
