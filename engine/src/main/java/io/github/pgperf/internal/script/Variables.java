package io.github.pgperf.internal.script;

import java.util.HashMap;
import java.util.Map;

/**
 * One client's variables. A value is stored either as a string ({@code -D}, {@code \gset},
 * automatic variables), typed on first use in an expression by pgbench's rules, or as a typed value
 * ({@code \set}), turned into text on first use in SQL. Mutable, not thread-safe.
 */
public final class Variables {

  private final Map<String, Variable> byName = new HashMap<>();

  /**
   * Stores a string value, as {@code -D name=value}, {@code \gset} and automatic variables do.
   *
   * @throws IllegalArgumentException {@code invalid variable name: "x"} for a name pgbench refuses
   */
  public void putString(String name, String value) {
    Variable v = create(name);
    v.text = value;
    v.type = null;
  }

  /** Stores an integer. */
  public void putInt(String name, long value) {
    create(name).setInt(value);
  }

  /** Stores a double. */
  public void putDouble(String name, double value) {
    create(name).setDouble(value);
  }

  /** Stores a boolean. */
  public void putBoolean(String name, boolean value) {
    create(name).setBoolean(value);
  }

  /** Stores NULL. */
  public void putNull(String name) {
    create(name).setNull();
  }

  /** Whether the variable is defined. */
  public boolean isDefined(String name) {
    return byName.containsKey(name);
  }

  /**
   * The value's text as pgbench substitutes it into SQL (int {@code %lld}, double {@code %.15g},
   * {@code true}/{@code false}, {@code NULL}, strings as stored), or {@code null} when the variable
   * is undefined.
   */
  public String text(String name) {
    Variable v = byName.get(name);
    return v == null ? null : v.text();
  }

  /**
   * Whether pgbench accepts {@code name} as a variable name: letters (ASCII or not), digits and
   * underscores, not starting with a digit.
   */
  public static boolean isValidName(String name) {
    if (name == null || name.isEmpty() || !ExpressionLexer.isAlpha(name.charAt(0))) {
      return false;
    }
    for (int i = 1; i < name.length(); i++) {
      if (!ExpressionLexer.isAlnum(name.charAt(i))) {
        return false;
      }
    }
    return true;
  }

  /** The variable, or null when it is undefined. */
  Variable lookup(String name) {
    return byName.get(name);
  }

  /** The variable, created (undefined value aside) when needed. */
  Variable create(String name) {
    Variable v = byName.get(name);
    if (v == null) {
      if (!isValidName(name)) {
        throw new IllegalArgumentException("invalid variable name: \"" + name + "\"");
      }
      v = new Variable(name);
      byName.put(name, v);
    }
    return v;
  }

  /** One variable: its text, its typed value, or both once either has been derived. */
  static final class Variable {
    final String name;

    /** The string form, or null until {@link #text()} computes it from the typed value. */
    String text;

    /** The typed value's type, or null while only the string form is known. */
    ValueType type;

    long intValue;
    double doubleValue;

    Variable(String name) {
      this.name = name;
    }

    void setInt(long value) {
      type = ValueType.INT;
      intValue = value;
      text = null;
    }

    void setDouble(double value) {
      type = ValueType.DOUBLE;
      doubleValue = value;
      text = null;
    }

    void setBoolean(boolean value) {
      type = ValueType.BOOLEAN;
      intValue = value ? 1 : 0;
      text = null;
    }

    void setNull() {
      type = ValueType.NULL;
      intValue = 0;
      text = null;
    }

    String text() {
      if (text == null) {
        text = ValueFormat.text(type, intValue, doubleValue);
      }
      return text;
    }

    /**
     * Types the string form as pgbench's makeVariableValue does.
     *
     * @throws EvaluationException when the string is no value pgbench can type
     */
    void ensureTyped() throws EvaluationException {
      if (type != null) {
        return;
      }
      String s = text;
      if (s.isEmpty()) {
        // pgbench gives up on an empty string without a message of its own.
        throw new EvaluationException("");
      }
      if (s.equalsIgnoreCase("null")) {
        type = ValueType.NULL;
        intValue = 0;
      } else if (isPrefixIgnoreCase(s, "true")
          || isPrefixIgnoreCase(s, "yes")
          || s.equalsIgnoreCase("on")) {
        type = ValueType.BOOLEAN;
        intValue = 1;
      } else if (isPrefixIgnoreCase(s, "false")
          || isPrefixIgnoreCase(s, "no")
          || s.equalsIgnoreCase("off")
          || s.equalsIgnoreCase("of")) {
        type = ValueType.BOOLEAN;
        intValue = 0;
      } else if (looksLikeInt(s)) {
        intValue = parseInt(s);
        type = ValueType.INT;
      } else {
        double d = CNumbers.strtod(s);
        if (!CNumbers.isValidDouble(s) || CNumbers.outOfRange(s, d)) {
          throw new EvaluationException("malformed variable \"" + name + "\" value: \"" + s + "\"");
        }
        doubleValue = d;
        type = ValueType.DOUBLE;
      }
    }

    private static boolean isPrefixIgnoreCase(String s, String word) {
      return s.length() <= word.length() && word.regionMatches(true, 0, s, 0, s.length());
    }

    /** pgbench's is_an_int: optional spaces and sign, then only digits (possibly none). */
    private static boolean looksLikeInt(String s) {
      int i = 0;
      while (i < s.length() && CNumbers.isCSpace(s.charAt(i))) {
        i++;
      }
      if (i < s.length() && (s.charAt(i) == '+' || s.charAt(i) == '-')) {
        i++;
      }
      while (i < s.length()) {
        char c = s.charAt(i++);
        if (c < '0' || c > '9') {
          return false;
        }
      }
      return true;
    }

    /** strtoint64 with errors reported, as pgbench types an int-looking string. */
    private static long parseInt(String s) throws EvaluationException {
      int i = 0;
      while (i < s.length() && CNumbers.isCSpace(s.charAt(i))) {
        i++;
      }
      String t = s.substring(i);
      if (t.startsWith("+")) {
        t = t.substring(1);
      }
      boolean hasDigits = t.length() > (t.startsWith("-") ? 1 : 0);
      if (!hasDigits) {
        throw new EvaluationException("invalid input syntax for type bigint: \"" + s + "\"");
      }
      try {
        return Long.parseLong(t);
      } catch (NumberFormatException e) {
        throw new EvaluationException("value \"" + s + "\" is out of range for type bigint");
      }
    }
  }
}
