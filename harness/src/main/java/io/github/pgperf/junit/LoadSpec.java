package io.github.pgperf.junit;

import io.github.pgperf.internal.run.RunOptions;
import io.github.pgperf.internal.run.RunOptionsException;
import io.github.pgperf.internal.run.VacuumMode;
import io.github.pgperf.internal.script.ScriptException;
import io.github.pgperf.internal.script.VariableDefinitions;
import io.github.pgperf.result.QueryMode;
import io.github.pgperf.result.TestIdentity;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One workload of the JUnit path, as the user asked for it: what {@link Load} resolves into and
 * what a {@link LoadRunner} builds up, mapped onto the runner's options in one place ({@link
 * #runOptions}). Values are kept as given (durations as {@link Duration}); whether they make sense
 * together is the runner's options' question, answered with pgbench's messages.
 *
 * @param items the scripts and Java transactions with their weights, in the order given
 * @param duration {@code -T}, {@code null} when not given
 * @param transactionsPerClient {@code -t}, {@code null} when not given
 * @param rate {@code -R} in transactions per second, 0 for none
 * @param latencyLimit {@code -L}, {@code null} for none
 * @param maxTries {@code --max-tries}, {@code null} when not given (pgbench's 1)
 * @param warmup load before the measured run, {@code null} or zero for none
 * @param vacuum whether pgbench's tables are vacuumed before the run ({@code false}: {@code -n})
 * @param defines {@code -D} variables, in the order given (a name given again keeps its place)
 * @param label the run's name, {@code null} for none
 * @param endTimeout how long a timed run waits for clients after its end, {@code null} for the
 *     default ({@link #DEFAULT_END_TIMEOUT}), zero for no limit
 * @param perStatement {@code -r}
 * @param progress {@code -P}, {@code null} for none
 * @param timelineInterval the result's timeline intervals, {@code null} for the default
 */
record LoadSpec(
    List<Item> items,
    int clients,
    int threads,
    Duration duration,
    Integer transactionsPerClient,
    double rate,
    Duration latencyLimit,
    QueryMode queryMode,
    Integer maxTries,
    Duration warmup,
    boolean vacuum,
    Map<String, String> defines,
    String label,
    Duration endTimeout,
    boolean perStatement,
    Duration progress,
    Duration timelineInterval) {

  /**
   * How long a timed run waits after its end for clients still running, unless told: the command
   * line waits without limit, as pgbench does, but a test's run must end (a hung build is worse
   * than a late one); a run this cuts short is reported aborted, naming {@link
   * #END_TIMEOUT_SETTING}.
   */
  static final Duration DEFAULT_END_TIMEOUT = Duration.ofSeconds(10);

  /** The end timeout as the messages of a run it cut short name it. */
  static final String END_TIMEOUT_SETTING = "LoadRunner.endTimeout";

  /** pgbench's defaults: 1 client, 1 thread, simple query mode, vacuum, no script yet. */
  static final LoadSpec PGBENCH =
      new LoadSpec(
          List.of(),
          1,
          1,
          null,
          null,
          0,
          null,
          QueryMode.SIMPLE,
          null,
          null,
          true,
          Map.of(),
          null,
          null,
          false,
          null,
          null);

  /** A script or Java transaction of the workload, with its weight. */
  sealed interface Item {
    int weight();
  }

  /** {@code -b name@weight}. */
  record Builtin(String name, int weight) implements Item {}

  /** {@code -f resource@weight}: a script on the test class's class path. */
  record Resource(String name, int weight) implements Item {}

  /** {@code -f file@weight}: a script file. */
  record ScriptFile(Path file, int weight) implements Item {}

  /** Java code measured as one transaction. */
  record Java(String name, int weight, TransactionBody body) implements Item {}

  LoadSpec {
    items = List.copyOf(items);
    Objects.requireNonNull(queryMode, "queryMode");
    // Ordered, as -D arguments are: the runner reads them in this order.
    defines = Collections.unmodifiableMap(new LinkedHashMap<>(defines));
  }

  LoadSpec withItem(Item item) {
    List<Item> more = new ArrayList<>(items);
    more.add(item);
    return withItems(more);
  }

  LoadSpec withItems(List<Item> value) {
    return new LoadSpec(
        value,
        clients,
        threads,
        duration,
        transactionsPerClient,
        rate,
        latencyLimit,
        queryMode,
        maxTries,
        warmup,
        vacuum,
        defines,
        label,
        endTimeout,
        perStatement,
        progress,
        timelineInterval);
  }

  LoadSpec withClients(int value) {
    return new LoadSpec(
        items,
        value,
        threads,
        duration,
        transactionsPerClient,
        rate,
        latencyLimit,
        queryMode,
        maxTries,
        warmup,
        vacuum,
        defines,
        label,
        endTimeout,
        perStatement,
        progress,
        timelineInterval);
  }

  LoadSpec withThreads(int value) {
    return new LoadSpec(
        items,
        clients,
        value,
        duration,
        transactionsPerClient,
        rate,
        latencyLimit,
        queryMode,
        maxTries,
        warmup,
        vacuum,
        defines,
        label,
        endTimeout,
        perStatement,
        progress,
        timelineInterval);
  }

  LoadSpec withDuration(Duration value) {
    return new LoadSpec(
        items,
        clients,
        threads,
        value,
        transactionsPerClient,
        rate,
        latencyLimit,
        queryMode,
        maxTries,
        warmup,
        vacuum,
        defines,
        label,
        endTimeout,
        perStatement,
        progress,
        timelineInterval);
  }

  LoadSpec withTransactionsPerClient(Integer value) {
    return new LoadSpec(
        items,
        clients,
        threads,
        duration,
        value,
        rate,
        latencyLimit,
        queryMode,
        maxTries,
        warmup,
        vacuum,
        defines,
        label,
        endTimeout,
        perStatement,
        progress,
        timelineInterval);
  }

  LoadSpec withRate(double value) {
    return new LoadSpec(
        items,
        clients,
        threads,
        duration,
        transactionsPerClient,
        value,
        latencyLimit,
        queryMode,
        maxTries,
        warmup,
        vacuum,
        defines,
        label,
        endTimeout,
        perStatement,
        progress,
        timelineInterval);
  }

  LoadSpec withLatencyLimit(Duration value) {
    return new LoadSpec(
        items,
        clients,
        threads,
        duration,
        transactionsPerClient,
        rate,
        value,
        queryMode,
        maxTries,
        warmup,
        vacuum,
        defines,
        label,
        endTimeout,
        perStatement,
        progress,
        timelineInterval);
  }

  LoadSpec withQueryMode(QueryMode value) {
    return new LoadSpec(
        items,
        clients,
        threads,
        duration,
        transactionsPerClient,
        rate,
        latencyLimit,
        value,
        maxTries,
        warmup,
        vacuum,
        defines,
        label,
        endTimeout,
        perStatement,
        progress,
        timelineInterval);
  }

  LoadSpec withMaxTries(Integer value) {
    return new LoadSpec(
        items,
        clients,
        threads,
        duration,
        transactionsPerClient,
        rate,
        latencyLimit,
        queryMode,
        value,
        warmup,
        vacuum,
        defines,
        label,
        endTimeout,
        perStatement,
        progress,
        timelineInterval);
  }

  LoadSpec withWarmup(Duration value) {
    return new LoadSpec(
        items,
        clients,
        threads,
        duration,
        transactionsPerClient,
        rate,
        latencyLimit,
        queryMode,
        maxTries,
        value,
        vacuum,
        defines,
        label,
        endTimeout,
        perStatement,
        progress,
        timelineInterval);
  }

  LoadSpec withVacuum(boolean value) {
    return new LoadSpec(
        items,
        clients,
        threads,
        duration,
        transactionsPerClient,
        rate,
        latencyLimit,
        queryMode,
        maxTries,
        warmup,
        value,
        defines,
        label,
        endTimeout,
        perStatement,
        progress,
        timelineInterval);
  }

  LoadSpec withDefine(String name, String value) {
    Map<String, String> more = new LinkedHashMap<>(defines);
    more.put(name, value);
    return new LoadSpec(
        items,
        clients,
        threads,
        duration,
        transactionsPerClient,
        rate,
        latencyLimit,
        queryMode,
        maxTries,
        warmup,
        vacuum,
        more,
        label,
        endTimeout,
        perStatement,
        progress,
        timelineInterval);
  }

  LoadSpec withLabel(String value) {
    return new LoadSpec(
        items,
        clients,
        threads,
        duration,
        transactionsPerClient,
        rate,
        latencyLimit,
        queryMode,
        maxTries,
        warmup,
        vacuum,
        defines,
        value,
        endTimeout,
        perStatement,
        progress,
        timelineInterval);
  }

  LoadSpec withEndTimeout(Duration value) {
    return new LoadSpec(
        items,
        clients,
        threads,
        duration,
        transactionsPerClient,
        rate,
        latencyLimit,
        queryMode,
        maxTries,
        warmup,
        vacuum,
        defines,
        label,
        value,
        perStatement,
        progress,
        timelineInterval);
  }

  LoadSpec withPerStatement(boolean value) {
    return new LoadSpec(
        items,
        clients,
        threads,
        duration,
        transactionsPerClient,
        rate,
        latencyLimit,
        queryMode,
        maxTries,
        warmup,
        vacuum,
        defines,
        label,
        endTimeout,
        value,
        progress,
        timelineInterval);
  }

  LoadSpec withProgress(Duration value) {
    return new LoadSpec(
        items,
        clients,
        threads,
        duration,
        transactionsPerClient,
        rate,
        latencyLimit,
        queryMode,
        maxTries,
        warmup,
        vacuum,
        defines,
        label,
        endTimeout,
        perStatement,
        value,
        timelineInterval);
  }

  LoadSpec withTimelineInterval(Duration value) {
    return new LoadSpec(
        items,
        clients,
        threads,
        duration,
        transactionsPerClient,
        rate,
        latencyLimit,
        queryMode,
        maxTries,
        warmup,
        vacuum,
        defines,
        label,
        endTimeout,
        perStatement,
        progress,
        value);
  }

  /** One point of a {@link ClientSweep}: its clients, threads capped at them, its own label. */
  LoadSpec atClients(int count) {
    return withClients(count)
        .withThreads(Math.min(threads, count))
        .withLabel(TestIdentity.pointLabel(label, count));
  }

  /**
   * Whether every item is a custom script or Java code: pgbench takes the scale from the tables
   * only for built-in scripts, and custom ones would get 1 without {@code -s}.
   */
  boolean customOnly() {
    return !items.isEmpty() && items.stream().noneMatch(i -> i instanceof Builtin);
  }

  /** The {@code -D} variables, read as pgbench reads its arguments. */
  VariableDefinitions definitions() throws ScriptException {
    List<String> arguments = new ArrayList<>();
    defines.forEach((name, value) -> arguments.add(name + "=" + value));
    return VariableDefinitions.parse(arguments);
  }

  /**
   * The runner's options for this workload: the one place where it becomes them.
   *
   * @param scale {@code -s}, 0 to let the built-in scripts read it from pgbench_branches
   * @throws RunOptionsException an option or combination pgbench refuses, with its message
   */
  RunOptions runOptions(int scale, VacuumMode vacuumMode, VariableDefinitions definitions)
      throws RunOptionsException {
    RunOptions.Builder options =
        RunOptions.builder()
            .clients(clients)
            .threads(threads)
            .queryMode(queryMode)
            .rate(rate)
            .perStatement(perStatement)
            .scale(scale)
            .definitions(definitions)
            .vacuum(vacuumMode);
    if (duration != null) {
      options.durationSeconds((int) duration.getSeconds());
    }
    if (transactionsPerClient != null) {
      options.transactions(transactionsPerClient);
    }
    if (latencyLimit != null) {
      options.latencyLimitMillis(latencyLimit.toNanos() / 1e6);
    }
    if (maxTries != null) {
      options.maxTries(maxTries);
    }
    if (warmup != null) {
      options.warmupSeconds((int) warmup.getSeconds());
    }
    options
        .endTimeoutSeconds(
            (int) (endTimeout == null ? DEFAULT_END_TIMEOUT : endTimeout).getSeconds())
        .endTimeoutSetting(END_TIMEOUT_SETTING);
    if (progress != null) {
      options.progressSeconds((int) progress.getSeconds());
    }
    if (timelineInterval != null) {
      options.timelineMillis((int) timelineInterval.toMillis());
    }
    return options.build();
  }
}
