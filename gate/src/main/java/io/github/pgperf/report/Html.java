package io.github.pgperf.report;

import java.util.Locale;

/** Text made safe for HTML and SVG, and the report's number formats. */
final class Html {

  private Html() {}

  /**
   * {@code text} escaped for element content and quoted attribute values: a result's script name or
   * label ({@code <script>}, quotes) shows as text and cannot open an element or leave an
   * attribute.
   */
  static String text(String text) {
    if (text == null) {
      return "";
    }
    StringBuilder out = new StringBuilder(text.length() + 16);
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      switch (c) {
        case '&' -> out.append("&amp;");
        case '<' -> out.append("&lt;");
        case '>' -> out.append("&gt;");
        case '"' -> out.append("&quot;");
        case '\'' -> out.append("&#39;");
        default -> {
          // Control characters other than tab and newlines are not allowed in HTML text. A lone
          // surrogate (a result's statement text read from "\ud800" in JSON) has no UTF-8 form:
          // writing the page would fail on it.
          if (c < 0x20 && c != '\t' && c != '\n' && c != '\r') {
            out.append('\uFFFD');
          } else if (Character.isHighSurrogate(c)
              && i + 1 < text.length()
              && Character.isLowSurrogate(text.charAt(i + 1))) {
            out.append(c).append(text.charAt(++i));
          } else if (Character.isSurrogate(c)) {
            out.append('\uFFFD');
          } else {
            out.append(c);
          }
        }
      }
    }
    return out.toString();
  }

  /** A latency in µs as milliseconds with three decimals ({@code 1.234}). */
  static String millis(double micros) {
    return Double.isNaN(micros) ? "-" : String.format(Locale.ROOT, "%.3f", micros / 1000);
  }

  /** A tps figure with one decimal. */
  static String tps(double tps) {
    return Double.isNaN(tps) ? "-" : String.format(Locale.ROOT, "%.1f", tps);
  }

  /** A coordinate in an SVG, with one decimal. */
  static String coordinate(double v) {
    return String.format(Locale.ROOT, "%.1f", v);
  }

  /** A number for an axis tick: no more digits than the tick step needs. */
  static String tick(double v, double step) {
    if (step >= 1 && Math.abs(v) < 1e15) {
      return String.format(Locale.ROOT, "%d", Math.round(v));
    }
    int decimals = (int) Math.min(6, Math.max(0, Math.ceil(-Math.log10(step))));
    return String.format(Locale.ROOT, "%." + decimals + "f", v);
  }
}
