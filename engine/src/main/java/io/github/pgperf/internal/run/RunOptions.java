package io.github.pgperf.internal.run;

import io.github.pgperf.internal.script.RandomSeed;
import io.github.pgperf.internal.script.VariableDefinitions;
import io.github.pgperf.result.QueryMode;
import java.util.Objects;

/**
 * How a run goes: pgbench's run options, plus pgperf's warm-up and timeline. Build one with {@link
 * #builder()}; {@link Builder#build()} refuses what pgbench refuses, with its messages.
 *
 * @param clients {@code -c}, at least 1
 * @param threads {@code -j}, at least 1; clamped to {@code clients} as pgbench does
 * @param transactions {@code -t} transactions per client, or 0 with a duration
 * @param durationSeconds {@code -T}, or 0 with a number of transactions
 * @param queryMode {@code -M}
 * @param rate {@code -R} transactions per second over all clients, 0 for no throttling
 * @param latencyLimitMicros {@code -L} in µs, 0 for no limit
 * @param maxTries {@code --max-tries}, 0 for unlimited (needs a latency limit or a duration)
 * @param progressSeconds {@code -P}, 0 for no progress lines
 * @param progressTimestamp {@code --progress-timestamp}
 * @param log {@code -l}
 * @param logPrefix {@code --log-prefix}, {@code pgbench_log} by default
 * @param aggregateIntervalSeconds {@code --aggregate-interval}, 0 for per-transaction lines
 * @param samplingRate {@code --sampling-rate} in (0, 1], 1 logs every transaction
 * @param perStatement {@code -r}
 * @param connectPerTransaction {@code -C}
 * @param vacuum {@code -n}, default or {@code -v}
 * @param randomSeed {@code --random-seed} (or its environment variable, or the clock)
 * @param scale {@code -s} as given, or 0 when not given (then 1, or the count of pgbench_branches
 *     for built-in scripts)
 * @param definitions {@code -D} variables
 * @param failuresDetailed {@code --failures-detailed}
 * @param verboseErrors {@code --verbose-errors}
 * @param warmupSeconds pgperf: seconds of load before the measured run, whose transactions are not
 *     in the result
 * @param timelineMillis pgperf: length of the timeline's intervals in ms, 0 for no timeline
 * @param debug {@code -d}: pgbench's debugging lines on the error stream
 * @param endTimeoutSeconds pgperf: how long a {@code -T} run waits after its end for clients still
 *     inside a statement before it cancels them and reports them aborted; 0 (the default) waits for
 *     them as long as they take, as pgbench does
 * @param endTimeoutSetting how the user sets {@code endTimeoutSeconds}, as the messages of a run it
 *     cut short name it: {@code --end-timeout} on the command line, the JUnit extension's {@code
 *     LoadRunner.endTimeout}
 * @param clientEncoding the client encoding pgbench's libpq would use when set ({@code
 *     PGCLIENTENCODING}), or null for the database's: the encoding in which scripts read from bytes
 *     and {@code -D} arguments reach the server
 * @param virtualThreads pgperf: whether each client runs on a virtual thread (Java 21 or later)
 *     instead of a platform thread of its own; {@link VirtualThreads#AUTOMATIC} unless chosen
 */
public record RunOptions(
    int clients,
    int threads,
    int transactions,
    int durationSeconds,
    QueryMode queryMode,
    double rate,
    long latencyLimitMicros,
    int maxTries,
    int progressSeconds,
    boolean progressTimestamp,
    boolean log,
    String logPrefix,
    int aggregateIntervalSeconds,
    double samplingRate,
    boolean perStatement,
    boolean connectPerTransaction,
    VacuumMode vacuum,
    RandomSeed randomSeed,
    int scale,
    VariableDefinitions definitions,
    boolean failuresDetailed,
    boolean verboseErrors,
    int warmupSeconds,
    int timelineMillis,
    boolean debug,
    int endTimeoutSeconds,
    String endTimeoutSetting,
    String clientEncoding,
    VirtualThreads virtualThreads) {

  /** pgbench's default {@code --log-prefix}. */
  public static final String DEFAULT_LOG_PREFIX = "pgbench_log";

  public RunOptions {
    Objects.requireNonNull(queryMode, "queryMode");
    Objects.requireNonNull(logPrefix, "logPrefix");
    Objects.requireNonNull(vacuum, "vacuum");
    Objects.requireNonNull(randomSeed, "randomSeed");
    Objects.requireNonNull(definitions, "definitions");
    Objects.requireNonNull(endTimeoutSetting, "endTimeoutSetting");
  }

  /** A builder with pgbench's defaults: 1 client, 1 thread, 10 transactions, simple mode. */
  public static Builder builder() {
    return new Builder();
  }

  /** The effective scale: {@code -s}, or 1. */
  int scaleOrDefault() {
    return scale > 0 ? scale : 1;
  }

  /** Whether latencies are measured per transaction rather than derived from the duration. */
  boolean logsOrMeasures() {
    return rate > 0 || latencyLimitMicros > 0 || progressSeconds > 0 || log;
  }

  /** Builds {@link RunOptions}; every setter takes pgbench's value as a number. */
  public static final class Builder {
    private int clients = 1;
    private int threads = 1;
    private Integer transactions;
    private Integer durationSeconds;
    private QueryMode queryMode = QueryMode.SIMPLE;
    private double rate;
    private long latencyLimitMicros;
    private int maxTries = 1;
    private boolean maxTriesGiven;
    private Integer progressSeconds;
    private boolean progressTimestamp;
    private boolean log;
    private String logPrefix;
    private Integer aggregateIntervalSeconds;
    private Double samplingRate;
    private boolean perStatement;
    private boolean connectPerTransaction;
    private VacuumMode vacuum = VacuumMode.DEFAULT;
    private RandomSeed randomSeed;
    private int scale;
    private VariableDefinitions definitions = VariableDefinitions.none();
    private boolean failuresDetailed;
    private boolean verboseErrors;
    private int warmupSeconds;
    private int timelineMillis = 1000;
    private boolean debug;
    private int endTimeoutSeconds;
    private String endTimeoutSetting = "--end-timeout";
    private VirtualThreads virtualThreads = VirtualThreads.AUTOMATIC;
    private String clientEncoding;

    private Builder() {}

    public Builder clients(int value) {
      clients = value;
      return this;
    }

    public Builder threads(int value) {
      threads = value;
      return this;
    }

    /** {@code -t}: transactions per client (failed and skipped ones count). */
    public Builder transactions(int value) {
      transactions = value;
      return this;
    }

    /** {@code -T}: seconds; transactions running at the end complete. */
    public Builder durationSeconds(int value) {
      durationSeconds = value;
      return this;
    }

    public Builder queryMode(QueryMode value) {
      queryMode = Objects.requireNonNull(value, "queryMode");
      return this;
    }

    /** {@code -R}: target transactions per second, over all clients; must be above 0. */
    public Builder rate(double value) {
      rate = value;
      return this;
    }

    /** {@code -L}: latency limit in ms (fractions allowed); must be above 0. */
    public Builder latencyLimitMillis(double value) {
      latencyLimitMicros = value > 0 ? Math.max(1, (long) (value * 1000)) : -1;
      return this;
    }

    /** {@code --max-tries}: 0 is unlimited (with {@code -L} or {@code -T} only). */
    public Builder maxTries(int value) {
      maxTries = value;
      maxTriesGiven = true;
      return this;
    }

    public Builder progressSeconds(int value) {
      progressSeconds = value;
      return this;
    }

    public Builder progressTimestamp(boolean value) {
      progressTimestamp = value;
      return this;
    }

    public Builder log(boolean value) {
      log = value;
      return this;
    }

    public Builder logPrefix(String value) {
      logPrefix = value;
      return this;
    }

    public Builder aggregateIntervalSeconds(int value) {
      aggregateIntervalSeconds = value;
      return this;
    }

    public Builder samplingRate(double value) {
      samplingRate = value;
      return this;
    }

    public Builder perStatement(boolean value) {
      perStatement = value;
      return this;
    }

    public Builder connectPerTransaction(boolean value) {
      connectPerTransaction = value;
      return this;
    }

    public Builder vacuum(VacuumMode value) {
      vacuum = Objects.requireNonNull(value, "vacuum");
      return this;
    }

    public Builder randomSeed(RandomSeed value) {
      randomSeed = value;
      return this;
    }

    /** {@code -s}: the scale for custom scripts (built-in scripts read it from the tables). */
    public Builder scale(int value) {
      scale = value;
      return this;
    }

    public Builder definitions(VariableDefinitions value) {
      definitions = Objects.requireNonNull(value, "definitions");
      return this;
    }

    public Builder failuresDetailed(boolean value) {
      failuresDetailed = value;
      return this;
    }

    public Builder verboseErrors(boolean value) {
      verboseErrors = value;
      return this;
    }

    /** pgperf: seconds of unmeasured load before the measured run. */
    public Builder warmupSeconds(int value) {
      warmupSeconds = value;
      return this;
    }

    /** pgperf: timeline interval in ms (default 1000), 0 for none. */
    public Builder timelineMillis(int value) {
      timelineMillis = value;
      return this;
    }

    /** {@code -d}: pgbench's debugging lines (clients, commands sent, results awaited). */
    public Builder debug(boolean value) {
      debug = value;
      return this;
    }

    /**
     * pgperf: seconds a {@code -T} run waits after its end for clients still inside a statement;
     * then their statements are cancelled and they are reported aborted. 0 (the default) waits
     * without limit, as pgbench does.
     */
    public Builder endTimeoutSeconds(int value) {
      endTimeoutSeconds = value;
      return this;
    }

    /**
     * How the user sets the end timeout, named in the messages of a run it cut short (default
     * {@code --end-timeout}, the command line's option).
     */
    public Builder endTimeoutSetting(String value) {
      endTimeoutSetting = value;
      return this;
    }

    /**
     * pgperf: whether each client runs on a virtual thread (Java 21 or later), the JVM's few
     * carrier threads multiplexing the clients as pgbench's {@code -j} threads do, or on a platform
     * thread of its own; {@link VirtualThreads#AUTOMATIC} by default (bench/README.md compares
     * them).
     */
    public Builder virtualThreads(VirtualThreads value) {
      virtualThreads = Objects.requireNonNull(value, "virtualThreads");
      return this;
    }

    /**
     * The client encoding libpq would use ({@code PGCLIENTENCODING}), any name PostgreSQL knows,
     * {@code auto} for the platform's; null or empty for the database's encoding (the default).
     */
    public Builder clientEncoding(String value) {
      clientEncoding = value == null || value.isEmpty() ? null : value;
      return this;
    }

    /**
     * Checks the options in pgbench's order.
     *
     * @throws RunOptionsException with pgbench's message
     */
    public RunOptions build() throws RunOptionsException {
      range(clients, "-c/--client");
      range(threads, "-j/--jobs");
      if (transactions != null) {
        range(transactions, "-t/--transactions");
      }
      if (durationSeconds != null) {
        range(durationSeconds, "-T/--time");
      }
      if (progressSeconds != null) {
        range(progressSeconds, "-P/--progress");
      }
      if (rate < 0 || Double.isNaN(rate) || Double.isInfinite(rate)) {
        throw new RunOptionsException("invalid rate limit: \"" + rate + "\"");
      }
      if (latencyLimitMicros < 0) {
        throw new RunOptionsException("invalid latency limit");
      }
      if (maxTries < 0) {
        throw new RunOptionsException("invalid number of maximum tries: \"" + maxTries + "\"");
      }
      if (samplingRate != null && (samplingRate <= 0 || samplingRate > 1)) {
        throw new RunOptionsException("invalid sampling rate: \"" + samplingRate + "\"");
      }
      if (aggregateIntervalSeconds != null && aggregateIntervalSeconds <= 0) {
        throw new RunOptionsException(
            "invalid number of seconds for aggregation: \"" + aggregateIntervalSeconds + "\"");
      }
      if (warmupSeconds < 0 || timelineMillis < 0) {
        throw new RunOptionsException("warm-up and timeline interval must not be negative");
      }
      if (endTimeoutSeconds < 0) {
        throw new RunOptionsException(
            "invalid end timeout (" + endTimeoutSetting + "): \"" + endTimeoutSeconds + "\"");
      }
      if (transactions != null && durationSeconds != null) {
        throw new RunOptionsException(
            "specify either a number of transactions (-t) or a duration (-T), not both");
      }
      int duration = durationSeconds == null ? 0 : durationSeconds;
      int txns = duration > 0 ? 0 : transactions == null ? 10 : transactions;
      if (progressTimestamp && progressSeconds == null) {
        throw new RunOptionsException("--progress-timestamp is allowed only under --progress");
      }
      if (logPrefix != null && !log) {
        throw new RunOptionsException(
            "log file prefix (--log-prefix) is allowed only when logging transactions (-l)");
      }
      if (samplingRate != null && !log) {
        throw new RunOptionsException(
            "log sampling (--sampling-rate) is allowed only when logging transactions (-l)");
      }
      if (aggregateIntervalSeconds != null && !log) {
        throw new RunOptionsException(
            "log aggregation is allowed only when actually logging transactions");
      }
      if (samplingRate != null && aggregateIntervalSeconds != null) {
        throw new RunOptionsException(
            "log sampling (--sampling-rate) and aggregation"
                + " (--aggregate-interval) cannot be used at the same time");
      }
      int aggregate = aggregateIntervalSeconds == null ? 0 : aggregateIntervalSeconds;
      if (aggregate > 0 && duration > 0) {
        if (aggregate > duration) {
          throw new RunOptionsException(
              "number of seconds for aggregation ("
                  + aggregate
                  + ") must not be higher than test duration ("
                  + duration
                  + ")");
        }
        if (duration % aggregate != 0) {
          throw new RunOptionsException(
              "duration ("
                  + duration
                  + ") must be a multiple of aggregation interval ("
                  + aggregate
                  + ")");
        }
      }
      if (maxTriesGiven && maxTries == 0 && latencyLimitMicros == 0 && duration == 0) {
        throw new RunOptionsException(
            "an unlimited number of transaction tries can only be used"
                + " with --latency-limit or a duration (-T)");
      }
      RandomSeed seed =
          randomSeed != null
              ? randomSeed
              : new RandomSeed(System.currentTimeMillis() * 1000, false);
      return new RunOptions(
          clients,
          Math.min(threads, clients),
          txns,
          duration,
          queryMode,
          rate,
          latencyLimitMicros,
          maxTries,
          progressSeconds == null ? 0 : progressSeconds,
          progressTimestamp,
          log,
          logPrefix == null ? DEFAULT_LOG_PREFIX : logPrefix,
          aggregate,
          samplingRate == null ? 1.0 : samplingRate,
          perStatement,
          connectPerTransaction,
          vacuum,
          seed,
          scale,
          definitions,
          failuresDetailed,
          verboseErrors,
          warmupSeconds,
          timelineMillis,
          debug,
          endTimeoutSeconds,
          endTimeoutSetting,
          clientEncoding,
          virtualThreads);
    }

    private static void range(int value, String option) throws RunOptionsException {
      if (value < 1) {
        throw new RunOptionsException(option + " must be in range 1..2147483647");
      }
    }
  }
}
