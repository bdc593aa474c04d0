package io.github.pgperf.internal.script;

import java.util.Locale;

/**
 * The functions and operators of pgbench's expression language. Operators are functions too, as in
 * pgbench: {@code a > b} is {@code LT(b, a)}, {@code -x} is {@code SUB(0, x)}, {@code ~x} is {@code
 * BIT_XOR(-1, x)}.
 */
enum Function {
  ADD("+", 2, 2),
  SUB("-", 2, 2),
  MUL("*", 2, 2),
  DIV("/", 2, 2),
  MOD("mod", 2, 2),
  ABS("abs", 1, 1),
  LEAST("least", 1, Integer.MAX_VALUE),
  GREATEST("greatest", 1, Integer.MAX_VALUE),
  DEBUG("debug", 1, 1),
  PI("pi", 0, 0),
  SQRT("sqrt", 1, 1),
  LN("ln", 1, 1),
  EXP("exp", 1, 1),
  INT("int", 1, 1),
  DOUBLE("double", 1, 1),
  RANDOM("random", 2, 2),
  RANDOM_GAUSSIAN("random_gaussian", 3, 3),
  RANDOM_EXPONENTIAL("random_exponential", 3, 3),
  RANDOM_ZIPFIAN("random_zipfian", 3, 3),
  POW("pow", 2, 2),
  AND("!and", 2, 2),
  OR("!or", 2, 2),
  NOT("!not", 1, 1),
  BIT_AND("&", 2, 2),
  BIT_OR("|", 2, 2),
  BIT_XOR("#", 2, 2),
  LEFT_SHIFT("<<", 2, 2),
  RIGHT_SHIFT(">>", 2, 2),
  EQ("=", 2, 2),
  NE("<>", 2, 2),
  LE("<=", 2, 2),
  LT("<", 2, 2),
  IS("!is", 2, 2),
  /** {@code CASE}: arguments are condition, result pairs, then the ELSE result. */
  CASE("!case_end", 3, Integer.MAX_VALUE),
  HASH_MURMUR2("hash_murmur2", 1, 2),
  HASH_FNV1A("hash_fnv1a", 1, 2),
  PERMUTE("permute", 2, 3);

  /** pgbench evaluates at most this many arguments of a function. */
  static final int MAX_ARGS = 16;

  private final String pgbenchName;
  private final int minArgs;
  private final int maxArgs;

  Function(String pgbenchName, int minArgs, int maxArgs) {
    this.pgbenchName = pgbenchName;
    this.minArgs = minArgs;
    this.maxArgs = maxArgs;
  }

  String pgbenchName() {
    return pgbenchName;
  }

  /** AND, OR and CASE evaluate their arguments only as far as needed. */
  boolean isLazy() {
    return this == AND || this == OR || this == CASE;
  }

  /** Whether the seed argument may be left out (it then defaults to {@code :default_seed}). */
  boolean hasOptionalSeed() {
    return minArgs != maxArgs && maxArgs <= 3;
  }

  int minArgs() {
    return minArgs;
  }

  boolean isVariadic() {
    return maxArgs == Integer.MAX_VALUE;
  }

  boolean acceptsArgumentCount(int count) {
    return count >= minArgs && count <= maxArgs;
  }

  /** The function a name in an expression calls (case-insensitive), or null. */
  static Function byName(String name) {
    String lower = name.toLowerCase(Locale.ROOT);
    switch (lower) {
      case "hash":
        return HASH_MURMUR2;
      case "power":
        return POW;
      default:
        for (Function f : values()) {
          if (f.pgbenchName.equals(lower)) {
            return f;
          }
        }
        return null;
    }
  }
}
