package io.github.pgperf.junit;

import io.github.pgperf.internal.script.BuiltinScript;
import io.github.pgperf.internal.script.ScriptException;
import io.github.pgperf.internal.script.ScriptSpec;
import io.github.pgperf.result.DurationText;
import io.github.pgperf.result.QueryMode;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The options of {@link Load} and their resolution into a {@link LoadSpec}, against its
 * configuration parameters (method key, then class key, then global key, then the annotation; see
 * {@link Load}). Values are checked here, so a bad one fails with the annotation attribute or key
 * that gave it; option combinations are left to {@link LoadRunner#run()}, which reports them as
 * pgbench does.
 */
final class DeclaredLoad {

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
  static final Option<Integer> TRANSACTIONS_PER_CLIENT =
      new Option<>("transactionsPerClient", t -> Options.number(t, 0, Integer.MAX_VALUE));
  static final Option<Double> RATE = new Option<>("rate", DeclaredLoad::rate);
  static final Option<Duration> LATENCY_LIMIT =
      new Option<>("latencyLimit", DeclaredLoad::positiveDuration);
  static final Option<QueryMode> QUERY_MODE = new Option<>("queryMode", DeclaredLoad::queryMode);
  static final Option<Integer> MAX_TRIES =
      new Option<>("maxTries", t -> Options.number(t, 0, Integer.MAX_VALUE));
  static final Option<Duration> WARMUP =
      new Option<>(
          "warmup", t -> DurationText.wholeSeconds(t, 0, "the warm-up counts whole seconds"));
  static final Option<Boolean> VACUUM = new Option<>("vacuum", Options::bool);
  static final Option<List<String>> DEFINE = new Option<>("define", list(DeclaredLoad::define));
  static final Option<String> LABEL = new Option<>("label", t -> t);

  /** Every option of {@link Load}, each also per class and per method. */
  static final List<Option<?>> ALL =
      List.of(
          BUILTIN,
          SCRIPT,
          SCRIPT_FILE,
          CLIENTS,
          THREADS,
          DURATION,
          TRANSACTIONS_PER_CLIENT,
          RATE,
          LATENCY_LIMIT,
          QUERY_MODE,
          MAX_TRIES,
          WARMUP,
          VACUUM,
          DEFINE,
          LABEL);

  private DeclaredLoad() {}

  /**
   * Resolves a method's annotation into the workload it declares.
   *
   * @throws org.junit.jupiter.api.extension.ExtensionConfigurationException naming the attribute or
   *     key and the value that cannot be read
   */
  static LoadSpec resolve(Load a, Levels at) {
    int scriptsFrom = at.decides(BUILTIN, SCRIPT, SCRIPT_FILE);
    int lengthFrom = at.decides(DURATION, TRANSACTIONS_PER_CLIENT);
    List<LoadSpec.Item> items = new ArrayList<>();
    at.from(scriptsFrom, BUILTIN, elements(BUILTIN, DeclaredLoad::builtin, a.builtin()), List.of())
        .forEach(s -> items.add(new LoadSpec.Builtin(s.name(), s.weight())));
    at.from(scriptsFrom, SCRIPT, elements(SCRIPT, DeclaredLoad::spec, a.script()), List.of())
        .forEach(s -> items.add(new LoadSpec.Resource(s.name(), s.weight())));
    at.from(
            scriptsFrom,
            SCRIPT_FILE,
            elements(SCRIPT_FILE, DeclaredLoad::spec, a.scriptFile()),
            List.of())
        .forEach(s -> items.add(new LoadSpec.ScriptFile(Path.of(s.name()), s.weight())));
    Integer transactions =
        at.from(
            lengthFrom,
            TRANSACTIONS_PER_CLIENT,
            attribute(TRANSACTIONS_PER_CLIENT, Integer.toString(a.transactionsPerClient()), ""),
            0);
    int maxTries = at.value(MAX_TRIES, attribute(MAX_TRIES, Integer.toString(a.maxTries()), ""));
    Duration warmup = at.value(WARMUP, attribute(WARMUP, a.warmup(), ""));
    Map<String, String> defines = new LinkedHashMap<>();
    for (String d : at.value(DEFINE, elements(DEFINE, DeclaredLoad::define, a.define()))) {
      int eq = d.indexOf('=');
      defines.put(d.substring(0, eq), d.substring(eq + 1));
    }
    String label = at.value(LABEL, attribute(LABEL, a.label(), ""));
    double rate = at.value(RATE, attribute(RATE, plain(a.rate()), ""));
    // Attributes at their defaults are left unset, as a runner given no such option.
    return new LoadSpec(
        items,
        at.value(CLIENTS, attribute(CLIENTS, Integer.toString(a.clients()), "")),
        at.value(THREADS, attribute(THREADS, Integer.toString(a.threads()), "")),
        at.from(lengthFrom, DURATION, attribute(DURATION, a.duration(), ""), null),
        transactions == null || transactions == 0 ? null : transactions,
        rate,
        at.value(LATENCY_LIMIT, attribute(LATENCY_LIMIT, a.latencyLimit(), "")),
        at.value(QUERY_MODE, attribute(QUERY_MODE, a.queryMode().name(), "")),
        maxTries == 1 ? null : maxTries,
        warmup == null || warmup.isZero() ? null : warmup,
        at.value(VACUUM, attribute(VACUUM, Boolean.toString(a.vacuum()), "")),
        defines,
        label == null || label.isEmpty() ? null : label,
        null,
        false,
        null,
        null);
  }

  /** An array attribute read element by element (an element may hold a comma, a key may not). */
  private static <T> Supplier<List<T>> elements(
      Option<List<T>> option, Function<String, T> element, String[] values) {
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

  private static Duration positiveDuration(String text) {
    Duration d = DurationText.read(text);
    if (d.isZero()) {
      throw new IllegalArgumentException("expected a positive duration, e.g. 50ms");
    }
    return d;
  }

  /** A double as an annotation writes it, without an exponent the parser would refuse. */
  private static String plain(double value) {
    return Double.isFinite(value)
        ? java.math.BigDecimal.valueOf(value).toPlainString()
        : Double.toString(value);
  }
}
