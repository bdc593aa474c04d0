package io.github.pgperf.junit;

import io.github.pgperf.internal.script.BuiltinScript;
import io.github.pgperf.internal.script.ScriptException;
import io.github.pgperf.internal.script.ScriptSpec;
import io.github.pgperf.result.DurationText;
import io.github.pgperf.result.QueryMode;
import io.github.pgperf.result.TestIdentity;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The workload a {@link Load} declares, resolved against its configuration parameters (method key,
 * then global key, then the annotation; see {@link Load}), and put onto a {@link LoadRunner}.
 * Values are checked here, so a bad one fails with the annotation attribute or key that gave it;
 * option combinations are left to {@link LoadRunner#run()}, which reports them as pgbench does.
 *
 * @param duration {@code null} when the run is a number of transactions
 * @param transactions 0 when not set
 * @param latencyLimit {@code null} for none
 * @param warmup {@code null} for none
 * @param defines {@code name=value} entries
 * @param label {@code null} for none
 */
record DeclaredLoad(List<ScriptSpec> builtins, List<ScriptSpec> scripts,
    List<ScriptSpec> scriptFiles, int clients, int threads, Duration duration, int transactions,
    double rate, Duration latencyLimit, QueryMode queryMode, int maxTries, Duration warmup,
    boolean vacuum, List<String> defines, String label) {

  static final String ANNOTATION = "Load";

  /** Why a run's length is whole seconds. */
  private static final String PGBENCH_SECONDS = "pgbench's -T counts whole seconds";

  static final Option<List<ScriptSpec>> BUILTIN =
      new Option<>("builtin", list(DeclaredLoad::builtin));
  static final Option<List<ScriptSpec>> SCRIPT = new Option<>("script", list(DeclaredLoad::spec));
  static final Option<List<ScriptSpec>> SCRIPT_FILE =
      new Option<>("scriptFile", list(DeclaredLoad::spec));
  static final Option<Integer> CLIENTS =
      new Option<>("clients", t -> Options.number(t, 1, Integer.MAX_VALUE));
  static final Option<Integer> THREADS =
      new Option<>("threads", t -> Options.number(t, 1, Integer.MAX_VALUE));
  static final Option<Duration> DURATION =
      new Option<>("duration", t -> DurationText.wholeSeconds(t, 1, PGBENCH_SECONDS));
  static final Option<Integer> TRANSACTIONS =
      new Option<>("transactions", t -> Options.number(t, 0, Integer.MAX_VALUE));
  static final Option<Double> RATE = new Option<>("rate", DeclaredLoad::rate);
  static final Option<Duration> LATENCY_LIMIT =
      new Option<>("latencyLimit", DeclaredLoad::positiveDuration);
  static final Option<QueryMode> QUERY_MODE = new Option<>("queryMode", DeclaredLoad::queryMode);
  static final Option<Integer> MAX_TRIES =
      new Option<>("maxTries", t -> Options.number(t, 0, Integer.MAX_VALUE));
  static final Option<Duration> WARMUP = new Option<>("warmup",
      t -> DurationText.wholeSeconds(t, 0, "the warm-up counts whole seconds"));
  static final Option<Boolean> VACUUM = new Option<>("vacuum", DeclaredLoad::bool);
  static final Option<List<String>> DEFINE = new Option<>("define", list(DeclaredLoad::define));
  static final Option<String> LABEL = new Option<>("label", t -> t);

  /** Every option of {@link Load}, each also per class and per method. */
  static final List<Option<?>> ALL = List.of(BUILTIN, SCRIPT, SCRIPT_FILE, CLIENTS, THREADS,
      DURATION, TRANSACTIONS, RATE, LATENCY_LIMIT, QUERY_MODE, MAX_TRIES, WARMUP, VACUUM, DEFINE,
      LABEL);


  /**
   * Resolves a method's annotation.
   *
   * @throws org.junit.jupiter.api.extension.ExtensionConfigurationException naming the attribute
   *     or key and the value that cannot be read
   */
  static DeclaredLoad resolve(Load a, Levels at) {
    int scriptsFrom = at.decides(BUILTIN, SCRIPT, SCRIPT_FILE);
    int lengthFrom = at.decides(DURATION, TRANSACTIONS);
    String label = at.value(LABEL, attribute(LABEL, a.label(), ""));
    Integer transactions = at.from(lengthFrom, TRANSACTIONS,
        attribute(TRANSACTIONS, Integer.toString(a.transactions()), ""), 0);
    return new DeclaredLoad(
        at.from(scriptsFrom, BUILTIN, elements(BUILTIN, DeclaredLoad::builtin, a.builtin()),
            List.of()),
        at.from(scriptsFrom, SCRIPT, elements(SCRIPT, DeclaredLoad::spec, a.script()), List.of()),
        at.from(scriptsFrom, SCRIPT_FILE,
            elements(SCRIPT_FILE, DeclaredLoad::spec, a.scriptFile()), List.of()),
        at.value(CLIENTS, attribute(CLIENTS, Integer.toString(a.clients()), "")),
        at.value(THREADS, attribute(THREADS, Integer.toString(a.threads()), "")),
        at.from(lengthFrom, DURATION, attribute(DURATION, a.duration(), ""), null),
        transactions,
        at.value(RATE, attribute(RATE, plain(a.rate()), "")),
        at.value(LATENCY_LIMIT, attribute(LATENCY_LIMIT, a.latencyLimit(), "")),
        at.value(QUERY_MODE, attribute(QUERY_MODE, a.queryMode().name(), "")),
        at.value(MAX_TRIES, attribute(MAX_TRIES, Integer.toString(a.maxTries()), "")),
        at.value(WARMUP, attribute(WARMUP, a.warmup(), "")),
        at.value(VACUUM, attribute(VACUUM, Boolean.toString(a.vacuum()), "")),
        at.value(DEFINE, elements(DEFINE, DeclaredLoad::define, a.define())),
        label == null || label.isEmpty() ? null : label);
  }

  /** One point of a {@link ClientSweep}: its clients, threads capped at them, its own label. */
  DeclaredLoad atClients(int count) {
    return new DeclaredLoad(builtins, scripts, scriptFiles, count, Math.min(threads, count),
        duration, transactions, rate, latencyLimit, queryMode, maxTries, warmup, vacuum, defines,
        TestIdentity.pointLabel(label, count));
  }

  /** Sets this workload on a fresh runner. */
  LoadRunner applyTo(LoadRunner runner) {
    builtins.forEach(s -> runner.builtin(s.name(), s.weight()));
    scripts.forEach(s -> runner.script(s.name(), s.weight()));
    scriptFiles.forEach(s -> runner.scriptFile(Path.of(s.name()), s.weight()));
    runner.clients(clients).threads(threads).queryMode(queryMode);
    if (duration != null) {
      runner.duration(duration);
    }
    if (transactions > 0) {
      runner.transactions(transactions);
    }
    if (rate > 0) {
      runner.rate(rate);
    }
    if (latencyLimit != null) {
      runner.latencyLimit(latencyLimit);
    }
    if (maxTries != 1) {
      runner.maxTries(maxTries);
    }
    if (warmup != null && !warmup.isZero()) {
      runner.warmup(warmup);
    }
    if (!vacuum) {
      runner.noVacuum();
    }
    for (String d : defines) {
      int eq = d.indexOf('=');
      runner.define(d.substring(0, eq), d.substring(eq + 1));
    }
    if (label != null) {
      runner.label(label);
    }
    return runner;
  }

  /** An array attribute read element by element (an element may hold a comma, a key may not). */
  private static <T> Supplier<List<T>> elements(Option<List<T>> option,
      Function<String, T> element, String[] values) {
    Option<T> one = new Option<>(option.name(), element);
    return () -> Arrays.stream(values).map(v -> one.annotated(ANNOTATION, v)).toList();
  }

  /** A single attribute's text, read as the option reads it; {@code unset} text means none. */
  private static <T> Supplier<T> attribute(Option<T> option, String text, String unset) {
    return () -> text.equals(unset) ? null : option.annotated(ANNOTATION, text);
  }

  /** A comma-separated list, each entry read by {@code element}; blank text is an empty list. */
  private static <T> Function<String, List<T>> list(Function<String, T> element) {
    return text -> {
      if (text.isBlank()) {
        return List.of();
      }
      return Arrays.stream(text.split(",")).map(String::trim).map(element).toList();
    };
  }

  private static ScriptSpec spec(String text) {
    try {
      ScriptSpec spec = ScriptSpec.parse(text);
      if (spec.name().isBlank()) {
        throw new IllegalArgumentException("expected a script name");
      }
      return spec;
    } catch (ScriptException e) {
      throw new IllegalArgumentException(e.getMessage());
    }
  }

  private static ScriptSpec builtin(String text) {
    ScriptSpec spec = spec(text);
    try {
      BuiltinScript.find(spec.name());
    } catch (ScriptException e) {
      throw new IllegalArgumentException(e.getMessage());
    }
    return spec;
  }

  private static String define(String text) {
    if (text.indexOf('=') < 1) {
      throw new IllegalArgumentException("expected name=value");
    }
    return text;
  }

  private static double rate(String text) {
    double value;
    try {
      value = Double.parseDouble(text);
    } catch (NumberFormatException e) {
      value = Double.NaN;
    }
    if (!(value >= 0) || Double.isInfinite(value)) {
      throw new IllegalArgumentException("expected transactions per second, 0 or more");
    }
    return value;
  }

  private static QueryMode queryMode(String text) {
    try {
      return QueryMode.valueOf(text.toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("expected simple, extended or prepared");
    }
  }

  private static boolean bool(String text) {
    if (text.equalsIgnoreCase("true") || text.equalsIgnoreCase("false")) {
      return Boolean.parseBoolean(text.toLowerCase(Locale.ROOT));
    }
    throw new IllegalArgumentException("expected true or false");
  }

  private static Duration positiveDuration(String text) {
    Duration d = DurationText.read(text);
    if (d.isZero()) {
      throw new IllegalArgumentException("expected a positive duration, e.g. 50ms");
    }
    return d;
  }

  /** A double as an annotation writes it, without an exponent the parser would refuse. */
  private static String plain(double value) {
    return Double.isFinite(value) ? java.math.BigDecimal.valueOf(value).toPlainString()
        : Double.toString(value);
  }
}
