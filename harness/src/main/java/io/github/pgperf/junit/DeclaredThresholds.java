package io.github.pgperf.junit;

import io.github.pgperf.threshold.InvalidThresholdException;
import io.github.pgperf.threshold.Threshold;
import java.lang.reflect.Method;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.platform.commons.support.AnnotationSupport;

/**
 * The thresholds a test method declares ({@link TpsAtLeast}, {@link LatencyAtMost}, {@link
 * MeanLatencyAtMost}, {@link FailureRateAtMost}, {@link NoFailures}; on the server's work {@link
 * SharedBlocksPerTransactionAtMost}, {@link WalBytesPerTransactionAtMost}, {@link
 * StatementsPerTransactionAtMost}, {@link CommitsPerTransaction}, {@link
 * LockWaitPerTransactionAtMost}, {@link ServerCpuPerTransactionAtMost}, {@link TempBlocksAtMost},
 * {@link NoSequentialScanOn}), turned into {@link Threshold}s through their text form, so that the
 * annotations, the configuration parameters and the assertions accept and refuse the same values;
 * then changed by the configuration parameters {@code pgperf.thresholds}, {@code
 * pgperf.<TestClass>.thresholds} and {@code pgperf.<TestClass>.<method>.thresholds}, in that order,
 * as {@link TpsAtLeast} describes.
 */
final class DeclaredThresholds {

  static final Option<List<Threshold>> THRESHOLDS =
      new Option<>("thresholds", DeclaredThresholds::overrides);

  /** Marks, in a parsed override list, where {@code none} dropped what came before. */
  private static final Threshold NONE = Threshold.tpsAtLeast(0);

  private DeclaredThresholds() {}

  /** Whether the method carries any threshold annotation. */
  static boolean declared(Method method) {
    return !read(method).isEmpty();
  }

  /**
   * The method's thresholds after its overrides, in declaration order (an override of a declared
   * figure takes its place, new ones come after).
   *
   * @throws ExtensionConfigurationException naming the annotation or key and the bad value
   */
  static List<Threshold> resolve(Method method, Levels at) {
    List<Threshold> thresholds = new ArrayList<>(read(method));
    // Broadest first, so that a narrower key changes what a broader one left.
    for (int level = at.scopes().size(); level >= 0; level--) {
      at.at(level, THRESHOLDS).ifPresent(list -> apply(list, thresholds));
    }
    return List.copyOf(thresholds);
  }

  /** Each override replaces the thresholds on its figure, in their place, or comes last. */
  private static void apply(List<Threshold> overrides, List<Threshold> thresholds) {
    for (Threshold t : overrides) {
      if (t == NONE) {
        thresholds.clear();
        continue;
      }
      int at = -1;
      for (int i = thresholds.size() - 1; i >= 0; i--) {
        if (thresholds.get(i).figure().equals(t.figure())) {
          thresholds.remove(i);
          at = i;
        }
      }
      thresholds.add(at < 0 ? thresholds.size() : at, t);
    }
  }

  /** An override's text: thresholds separated by commas, where {@code none} drops those before. */
  private static List<Threshold> overrides(String text) {
    List<Threshold> all = new ArrayList<>();
    for (String part : text.split(",", -1)) {
      if (part.trim().toLowerCase(Locale.ROOT).equals("none")) {
        all.add(NONE);
      } else {
        if (part.isBlank()) {
          throw new IllegalArgumentException(
              "empty entry; expected thresholds separated by"
                  + " commas, e.g. tps>=500, p99<=20ms, or none");
        }
        all.add(Threshold.parse(part));
      }
    }
    return all;
  }

  private static List<Threshold> read(Method method) {
    List<Threshold> all = new ArrayList<>();
    AnnotationSupport.findAnnotation(method, TpsAtLeast.class)
        .ifPresent(
            a ->
                all.add(
                    parse(
                        "@TpsAtLeast(" + shown(a.value()) + ")",
                        () -> "tps>=" + number(a.value()))));
    for (LatencyAtMost a :
        AnnotationSupport.findRepeatableAnnotations(method, LatencyAtMost.class)) {
      String where =
          "@LatencyAtMost(percentile = "
              + shown(a.percentile())
              + ", limit = \""
              + a.limit()
              + "\")";
      all.add(parse(where, () -> "p" + number(a.percentile()) + "<=" + a.limit()));
    }
    AnnotationSupport.findAnnotation(method, MeanLatencyAtMost.class)
        .ifPresent(
            a ->
                all.add(
                    parse(
                        "@MeanLatencyAtMost(\"" + a.value() + "\")", () -> "mean<=" + a.value())));
    AnnotationSupport.findAnnotation(method, FailureRateAtMost.class)
        .ifPresent(
            a ->
                all.add(
                    parse(
                        "@FailureRateAtMost(" + shown(a.value()) + ")",
                        () -> "failures<=" + number(a.value()) + "%")));
    AnnotationSupport.findAnnotation(method, NoFailures.class)
        .ifPresent(a -> all.add(parse("@NoFailures", () -> "failures=0")));
    AnnotationSupport.findAnnotation(method, SharedBlocksPerTransactionAtMost.class)
        .ifPresent(
            a ->
                all.add(
                    parse(
                        "@SharedBlocksPerTransactionAtMost(" + shown(a.value()) + ")",
                        () -> "blocks/tx<=" + number(a.value()))));
    AnnotationSupport.findAnnotation(method, WalBytesPerTransactionAtMost.class)
        .ifPresent(
            a ->
                all.add(
                    parse(
                        "@WalBytesPerTransactionAtMost(" + shown(a.value()) + ")",
                        () -> "wal/tx<=" + number(a.value()) + "B")));
    AnnotationSupport.findAnnotation(method, StatementsPerTransactionAtMost.class)
        .ifPresent(
            a ->
                all.add(
                    parse(
                        "@StatementsPerTransactionAtMost(" + shown(a.value()) + ")",
                        () -> "statements/tx<=" + number(a.value()))));
    AnnotationSupport.findAnnotation(method, CommitsPerTransaction.class)
        .ifPresent(
            a ->
                all.add(
                    parse(
                        "@CommitsPerTransaction(" + a.value() + ")",
                        () -> "commits/tx=" + a.value())));
    AnnotationSupport.findAnnotation(method, LockWaitPerTransactionAtMost.class)
        .ifPresent(
            a ->
                all.add(
                    parse(
                        "@LockWaitPerTransactionAtMost(\"" + a.value() + "\")",
                        () -> "lockwait/tx<=" + a.value())));
    AnnotationSupport.findAnnotation(method, ServerCpuPerTransactionAtMost.class)
        .ifPresent(
            a ->
                all.add(
                    parse(
                        "@ServerCpuPerTransactionAtMost(\"" + a.value() + "\")",
                        () -> "cpu/tx<=" + a.value())));
    AnnotationSupport.findAnnotation(method, TempBlocksAtMost.class)
        .ifPresent(
            a ->
                all.add(parse("@TempBlocksAtMost(" + a.value() + ")", () -> "temp<=" + a.value())));
    AnnotationSupport.findAnnotation(method, NoSequentialScanOn.class)
        .ifPresent(
            a -> {
              if (a.table().length == 0) {
                throw new ExtensionConfigurationException(
                    "@NoSequentialScanOn(table = {}) names no table; name the tables no statement may scan"
                        + " whole, e.g. @NoSequentialScanOn(table = \"entry\")");
              }
              for (String table : a.table()) {
                all.add(
                    parse(
                        "@NoSequentialScanOn(table = \"" + table + "\")",
                        () -> Threshold.noSequentialScanOn(table).text()));
              }
            });
    return all;
  }

  /** The text of an annotation's figures; fails with the annotation and its value. */
  private interface Text {
    String get();
  }

  private static Threshold parse(String where, Text text) {
    try {
      return Threshold.parse(text.get());
    } catch (InvalidThresholdException e) {
      throw new ExtensionConfigurationException(
          where + " is not a valid threshold: " + e.getMessage());
    }
  }

  /** A figure as written in the text form: {@code 99.9}, {@code 500}; refuses NaN and infinity. */
  private static String number(double value) {
    if (!Double.isFinite(value)) {
      throw new InvalidThresholdException(Double.toString(value) + " is not a number");
    }
    return BigDecimal.valueOf(value).stripTrailingZeros().toPlainString();
  }

  /** A figure as the annotation holds it, for messages. */
  private static String shown(double value) {
    return Double.isFinite(value) ? number(value) : Double.toString(value);
  }
}
