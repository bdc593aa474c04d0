package io.github.pgperf.result;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apiguardian.api.API;

/**
 * The one way pgperf reads a duration written as text, wherever a user writes one: {@code @Load}'s
 * attributes and their configuration parameters, threshold text ({@code p99<=1.5ms}), the CLI's
 * pgperf options and the Maven plugin's timeouts. A number, decimals allowed, and one unit: {@code
 * ns us ms s min h} ({@code 30s}, {@code 1.5ms}, {@code 2min}, {@code 0.5s}). One grammar, so that
 * text accepted in one place is accepted in every other. JDK only: the plugin reads it too.
 */
@API(status = INTERNAL, since = "0.1.0")
public final class DurationText {

  /** What a duration looks like, for messages. */
  public static final String GRAMMAR = "a number and one of ns us ms s min h, like 30s or 1.5ms";

  /**
   * A number, then the unit; a space between them is tolerated ({@code 2 min}), a word is not.
   * {@code µs}/{@code μs} are the micro sign and Greek mu that reports print for {@code us}.
   */
  private static final Pattern TEXT =
      Pattern.compile("([0-9]+(?:\\.[0-9]+)?|\\.[0-9]+) ?(ns|us|µs|μs|ms|s|min|h)");

  private static final BigDecimal LONGEST_NANOS = BigDecimal.valueOf(Long.MAX_VALUE);

  private DurationText() {}

  /**
   * Reads {@code text} for the setting called {@code name}.
   *
   * @throws IllegalArgumentException naming the setting and the text, e.g. {@code pgperf.duration:
   *     '2 minutes' is not a duration (a number and one of ns us ms s min h, like 30s or 1.5ms)}
   */
  public static Duration parse(String name, String text) {
    try {
      return read(text);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(name + ": " + e.getMessage(), e);
    }
  }

  /**
   * As {@link #parse}, for a setting that counts whole seconds (pgbench's {@code -T} does), from
   * {@code min} seconds.
   *
   * @throws IllegalArgumentException naming the setting and the text, and saying why seconds
   */
  public static Duration wholeSeconds(String name, String text, long min, String why) {
    try {
      return wholeSeconds(text, min, why);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(name + ": " + e.getMessage(), e);
    }
  }

  /**
   * Reads {@code text}, for callers that name the setting in their own words.
   *
   * @throws IllegalArgumentException starting with the quoted text, then what is wrong
   */
  public static Duration read(String text) {
    Matcher m = TEXT.matcher(text == null ? "" : text.strip());
    if (!m.matches()) {
      throw new InvalidDuration(text, "is not a duration (" + GRAMMAR + ")");
    }
    BigDecimal nanos = new BigDecimal(m.group(1)).multiply(nanosPer(m.group(2)));
    if (nanos.compareTo(LONGEST_NANOS) > 0) {
      throw new InvalidDuration(text, "is too long a duration (at most about 292 years)");
    }
    if (nanos.stripTrailingZeros().scale() > 0) {
      throw new InvalidDuration(text, "is finer than a nanosecond");
    }
    return Duration.ofNanos(nanos.longValueExact());
  }

  /**
   * As {@link #read}, for whole seconds from {@code min}; {@code why} says why seconds (e.g. {@code
   * pgbench's -T counts seconds}).
   */
  public static Duration wholeSeconds(String text, long min, String why) {
    Duration d = read(text);
    if (d.getNano() != 0 || d.getSeconds() < min || d.getSeconds() > Integer.MAX_VALUE) {
      throw new InvalidDuration(
          text,
          "is not a whole number of seconds"
              + (min > 0 ? " from " + min + "s" : "")
              + " ("
              + why
              + "; like 30s or 2min)");
    }
    return d;
  }

  /** A duration as this grammar writes it, in the largest unit that keeps it exact. */
  public static String format(Duration d) {
    long nanos = d.toNanos();
    if (nanos == 0) {
      return "0s";
    }
    String[] units = {"h", "min", "s", "ms", "us"};
    long[] sizes = {3_600_000_000_000L, 60_000_000_000L, 1_000_000_000L, 1_000_000L, 1_000L};
    for (int i = 0; i < units.length; i++) {
      if (nanos % sizes[i] == 0) {
        return nanos / sizes[i] + units[i];
      }
    }
    return nanos + "ns";
  }

  private static BigDecimal nanosPer(String unit) {
    return switch (unit) {
      case "ns" -> BigDecimal.ONE;
      case "us", "µs", "μs" -> BigDecimal.valueOf(1_000L);
      case "ms" -> BigDecimal.valueOf(1_000_000L);
      case "s" -> BigDecimal.valueOf(1_000_000_000L);
      case "min" -> BigDecimal.valueOf(60_000_000_000L);
      default -> BigDecimal.valueOf(3_600_000_000_000L);
    };
  }

  /**
   * Text that is not a duration this setting takes; the message is the quoted text and the reason,
   * for the caller to put after the setting's name.
   */
  public static final class InvalidDuration extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    private final String reason;

    InvalidDuration(String text, String reason) {
      super("'" + text + "' " + reason);
      this.reason = reason;
    }

    /** What is wrong, without the text: {@code is not a duration (...)}. */
    public String reason() {
      return reason;
    }
  }
}
