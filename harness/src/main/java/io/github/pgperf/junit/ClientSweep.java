package io.github.pgperf.junit;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.apiguardian.api.API;
import org.junit.jupiter.api.TestTemplate;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Runs a method's {@link Load} once per client count, as people run pgbench: one test invocation
 * per count (shown as {@code clients=8}), each with its own result file labelled {@code clients-8}
 * (after the {@link Load#label()} and a dash, if there is one), each checked against the method's
 * declared thresholds. When the class's tests have run, pgperf prints a table of tps and latency
 * (average, p50, p99) by clients ({@link SweepTable}). Use it instead of {@code @Test}:
 *
 * <pre>{@code
 * @ClientSweep({1, 2, 4, 8, 16, 32})
 * @Load(builtin = "select-only", duration = "10s")
 * void selectOnlyByClients() {}
 * }</pre>
 *
 * <p>{@link Load#clients()} is ignored; {@link Load#threads()} is capped at each point's clients.
 * The counts can be changed from the build: {@code pgperf.<TestClass>.<method>.clientSweep}, else
 * {@code pgperf.clientSweep}, comma-separated ({@code -Dpgperf.clientSweep=1,2,4}).
 */
@API(status = EXPERIMENTAL, since = "0.1.0")
@Target({ElementType.METHOD, ElementType.ANNOTATION_TYPE})
@Retention(RetentionPolicy.RUNTIME)
@Documented
@TestTemplate
@ExtendWith(PgPerfExtension.class)
public @interface ClientSweep {

  /** The client counts, each at least 1, in the order they run. */
  int[] value();
}
