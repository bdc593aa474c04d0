package io.github.pgperf.threshold;

import io.github.pgperf.result.DurationText;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/** Reads {@link Threshold}'s text form; see the grammar there. One parser per text. */
final class ThresholdParser {

  private static final BigDecimal KILOBYTE = BigDecimal.valueOf(1024);
  private static final String KINDS =
      "tps, p<percentile>, max, mean, failures, blocks/tx, wal/tx, statements/tx, commits/tx,"
          + " lockwait/tx, cpu/tx, temp or seqscan(<table>)";

  private final String text;
  private int pos;

  private ThresholdParser(String text) {
    this.text = text;
  }

  static Threshold parse(String text) {
    if (text == null) {
      throw new InvalidThresholdException("invalid threshold: null; expected " + KINDS);
    }
    return new ThresholdParser(text).threshold();
  }

  static List<Threshold> parseList(String text) {
    if (text == null || text.isBlank()) {
      return List.of();
    }
    List<Threshold> thresholds = new ArrayList<>();
    for (String part : text.split(",", -1)) {
      if (part.isBlank()) {
        throw new InvalidThresholdException(
            "invalid threshold list \""
                + text
                + "\": empty entry; expected thresholds separated by commas, e.g. tps>=500, p99<=20ms");
      }
      thresholds.add(parse(part));
    }
    return List.copyOf(thresholds);
  }

  private Threshold threshold() {
    spaces();
    Threshold t = kind();
    spaces();
    if (pos < text.length()) {
      throw error(
          "unexpected \"" + text.substring(pos) + "\" after " + text.substring(0, pos).strip());
    }
    return t;
  }

  private Threshold kind() {
    if (take("tps")) {
      operator(">=", "tps");
      double floor = number("a tps figure").doubleValue();
      return make(() -> new TpsFloor(floor));
    }
    if (take("failures")) {
      spaces();
      if (take("<=")) {
        spaces();
        double percent = number("a percentage").doubleValue();
        spaces();
        if (!take("%")) {
          throw error(
              "expected % after the failure rate (failures<=N% is a rate in percent;"
                  + " write failures=0 for no failures at all)");
        }
        return make(() -> new FailureRateCeiling(percent));
      }
      if (take("=")) {
        spaces();
        zero("only failures=0 is allowed; for a failure rate write failures<=N%");
        return new FailureBan();
      }
      throw error("expected <=N% or =0 after failures");
    }
    if (take("lockwait/tx")) {
      operator("<=", "lockwait/tx");
      Duration limit = duration();
      return make(() -> new LockWaitCeiling(limit));
    }
    if (take("cpu/tx")) {
      operator("<=", "cpu/tx");
      Duration limit = duration();
      return make(() -> new ServerCpuCeiling(limit));
    }
    if (take("blocks/tx")) {
      operator("<=", "blocks/tx");
      double blocks = number("shared blocks per transaction").doubleValue();
      return make(() -> new SharedBlocksCeiling(blocks));
    }
    if (take("statements/tx")) {
      operator("<=", "statements/tx");
      double statements = number("statements per transaction").doubleValue();
      return make(() -> new StatementsCeiling(statements));
    }
    if (take("commits/tx")) {
      operator("=", "commits/tx");
      long commits = wholeNumber("a whole number of commits per transaction");
      return make(() -> new CommitsPerTransaction(commits));
    }
    if (take("wal/tx")) {
      operator("<=", "wal/tx");
      double bytes = bytes();
      return make(() -> new WalCeiling(bytes));
    }
    if (take("temp")) {
      spaces();
      if (take("<=")) {
        spaces();
        long blocks = wholeNumber("a number of temporary blocks");
        return make(() -> new TempBlocksCeiling(blocks));
      }
      if (take("=")) {
        spaces();
        zero("only temp=0 is allowed; for a ceiling write temp<=N");
        return new TempBlocksCeiling(0);
      }
      throw error("expected <=N or =0 after temp");
    }
    if (take("seqscan")) {
      spaces();
      if (!take("(")) {
        throw error("expected ( and a table name after seqscan, e.g. seqscan(entry)=0");
      }
      spaces();
      int start = pos;
      while (pos < text.length()
          && text.charAt(pos) != ')'
          && !Character.isWhitespace(text.charAt(pos))) {
        pos++;
      }
      String table = text.substring(start, pos);
      if (table.isEmpty()) {
        throw error("expected a table name after seqscan(");
      }
      spaces();
      if (!take(")")) {
        throw error("expected ) after the table name " + table);
      }
      operator("=", "seqscan(" + table + ")");
      zero("only seqscan(" + table + ")=0 is allowed: no statement may scan the table whole");
      return make(() -> new SequentialScanBan(table));
    }
    if (take("mean")) {
      operator("<=", "mean");
      Duration limit = duration();
      return make(() -> new MeanLatencyCeiling(limit));
    }
    if (take("max")) {
      operator("<=", "max");
      Duration limit = duration();
      return make(() -> LatencyCeiling.max(limit));
    }
    if (take("p")) {
      double percentile = number("a percentile after p, e.g. p99 or p99.9").doubleValue();
      operator("<=", "the percentile");
      Duration limit = duration();
      return make(() -> new LatencyCeiling(percentile, limit));
    }
    throw error("expected " + KINDS);
  }

  /** Builds a threshold whose figures may be out of range, naming this text in the message. */
  private Threshold make(Supplier<Threshold> build) {
    try {
      return build.get();
    } catch (InvalidThresholdException e) {
      throw new InvalidThresholdException("invalid threshold \"" + text + "\": " + e.getMessage());
    }
  }

  private void operator(String op, String after) {
    spaces();
    if (!take(op)) {
      throw error("expected " + op + " after " + after);
    }
    spaces();
  }

  private BigDecimal number(String expected) {
    int start = pos;
    if (pos < text.length() && text.charAt(pos) == '-') {
      pos++;
    }
    int digits = digits();
    if (digits > 0 && pos < text.length() && text.charAt(pos) == '.') {
      pos++;
      if (digits() == 0) {
        pos = start;
        throw error("expected " + expected + " (digits after the decimal point)");
      }
    }
    if (digits == 0) {
      pos = start;
      throw error("expected " + expected);
    }
    return new BigDecimal(text.substring(start, pos));
  }

  /** A zero (0, 0.0), else the error {@code otherwise} at the number. */
  private void zero(String otherwise) {
    int at = pos;
    BigDecimal count = number("0");
    if (count.signum() != 0) {
      pos = at;
      throw error(otherwise);
    }
  }

  /** A count: a number without a fraction that fits in a long. */
  private long wholeNumber(String expected) {
    int at = pos;
    BigDecimal value = number(expected);
    if (value.stripTrailingZeros().scale() > 0) {
      pos = at;
      throw error(expected + " is a whole number, was " + value.toPlainString());
    }
    if (value.compareTo(BigDecimal.valueOf(Long.MAX_VALUE)) > 0) {
      pos = at;
      throw error(expected + " " + value.toPlainString() + " is too large");
    }
    return value.longValueExact();
  }

  /** A size: a number and one of PostgreSQL's units (B, kB, MB, GB, 1024 apart), bytes without. */
  private double bytes() {
    BigDecimal value = number("a size in bytes, e.g. 4kB or 512B");
    spaces();
    int power;
    if (take("kB")) {
      power = 1;
    } else if (take("MB")) {
      power = 2;
    } else if (take("GB")) {
      power = 3;
    } else if (take("B") || pos == text.length()) {
      power = 0;
    } else {
      throw error("expected a unit (B, kB, MB or GB) after " + value.toPlainString());
    }
    return value.multiply(KILOBYTE.pow(power)).doubleValue();
  }

  private int digits() {
    int start = pos;
    while (pos < text.length() && text.charAt(pos) >= '0' && text.charAt(pos) <= '9') {
      pos++;
    }
    return pos - start;
  }

  /**
   * A latency limit, the rest of the text: read by the duration grammar every other setting uses,
   * so a limit written for {@code @Load(latencyLimit)} is accepted here too.
   */
  private Duration duration() {
    spaces();
    String rest = text.substring(pos);
    try {
      Duration limit = DurationText.read(rest);
      pos = text.length();
      return limit;
    } catch (DurationText.InvalidDuration e) {
      throw error("expected a duration, " + e.getMessage());
    }
  }

  private boolean take(String token) {
    if (text.startsWith(token, pos)) {
      pos += token.length();
      return true;
    }
    return false;
  }

  private void spaces() {
    while (pos < text.length() && Character.isWhitespace(text.charAt(pos))) {
      pos++;
    }
  }

  private InvalidThresholdException error(String expected) {
    String where = pos < text.length() ? "at column " + (pos + 1) : "at the end";
    return new InvalidThresholdException(
        "invalid threshold \"" + text + "\" " + where + ": " + expected);
  }
}
