package io.github.pgperf.internal.script;

import io.github.pgperf.internal.script.Variables.Variable;
import java.io.PrintStream;
import java.util.Arrays;
import java.util.List;

/**
 * Evaluates expressions for one client, with pgbench's semantics: int64 arithmetic with overflow
 * errors, doubles, booleans and NULL, lazy AND/OR/CASE, and every pgbench function. Random
 * functions draw from the client's {@link Prng}; {@code debug()} writes its line to the given
 * stream.
 *
 * <p>Evaluation allocates nothing that escapes: results live in this object's registers and
 * function arguments on its own value stack. Not thread-safe: one evaluator per client.
 */
public final class ExpressionEvaluator {

  private static final double INT64_RANGE_END = 0x1.0p63;

  private final Variables variables;
  private final Prng random;
  private final PrintStream debug;
  private final Prng permuteScratch = Prng.seeded(0);

  // The result of the last evaluation.
  private ValueType type;
  private long intValue;
  private double doubleValue;

  // Function arguments being evaluated, innermost call on top.
  private ValueType[] types = new ValueType[64];
  private long[] ints = new long[64];
  private double[] doubles = new double[64];
  private int top;

  // Where debug() says it is.
  private int script;
  private int command;

  /**
   * @param variables the client's variables
   * @param random the client's generator (pgbench's {@code cs_func_rs})
   * @param debug where {@code debug()} prints, usually {@code System.err}
   */
  public ExpressionEvaluator(Variables variables, Prng random, PrintStream debug) {
    this.variables = variables;
    this.random = random;
    this.debug = debug;
  }

  /**
   * Evaluates {@code expression} and stores the value in {@code variable}, as {@code \set} does.
   *
   * @param script the 0-based number of the script, for debug()
   * @param command the 0-based number of the command in its script, for debug()
   * @throws EvaluationException with pgbench's message when evaluation fails, or when the name is
   *     not a valid variable name ({@link EvaluationException#isAssignment()})
   */
  public void set(String variable, Expression expression, int script, int command)
      throws EvaluationException {
    evaluate(expression, script, command);
    Variable target = variables.lookup(variable);
    if (target == null) {
      if (!Variables.isValidName(variable)) {
        throw EvaluationException.assignment("set: invalid variable name: \"" + variable + "\"");
      }
      target = variables.create(variable);
    }
    switch (type) {
      case INT:
        target.setInt(intValue);
        break;
      case DOUBLE:
        target.setDouble(doubleValue);
        break;
      case BOOLEAN:
        target.setBoolean(intValue != 0);
        break;
      default:
        target.setNull();
    }
  }

  /**
   * Evaluates the condition of {@code \if} or {@code \elif}: NULL is false, an int or a double is
   * true when not zero.
   */
  public boolean test(Expression expression, int script, int command) throws EvaluationException {
    evaluate(expression, script, command);
    return truth(type, intValue, doubleValue);
  }

  /**
   * Evaluates {@code expression}; read the value with {@link #type()}, {@link #intValue()}, {@link
   * #doubleValue()} or {@link #booleanValue()}.
   */
  public void evaluate(Expression expression, int script, int command) throws EvaluationException {
    this.script = script;
    this.command = command;
    top = 0;
    eval(expression);
  }

  /** The type of the last value evaluated. */
  public ValueType type() {
    return type;
  }

  /** The last value, when its type is {@link ValueType#INT}. */
  public long intValue() {
    return intValue;
  }

  /** The last value, when its type is {@link ValueType#DOUBLE}. */
  public double doubleValue() {
    return doubleValue;
  }

  /** The last value, when its type is {@link ValueType#BOOLEAN}. */
  public boolean booleanValue() {
    return intValue != 0;
  }

  private void eval(Expression e) throws EvaluationException {
    if (e instanceof FunctionCall) {
      FunctionCall call = (FunctionCall) e;
      if (call.function().isLazy()) {
        evalLazy(call.function(), call.arguments());
      } else {
        evalStandard(call.function(), call.arguments());
      }
    } else if (e instanceof VariableReference) {
      String name = ((VariableReference) e).name();
      Variable v = variables.lookup(name);
      if (v == null) {
        throw new EvaluationException("undefined variable \"" + name + "\"");
      }
      v.ensureTyped();
      type = v.type;
      intValue = v.intValue;
      doubleValue = v.doubleValue;
    } else {
      Literal literal = (Literal) e;
      type = literal.type();
      intValue = literal.intValue();
      doubleValue = literal.doubleValue();
    }
  }

  private void evalLazy(Function function, List<Expression> args) throws EvaluationException {
    if (function == Function.CASE) {
      int last = args.size() - 1;
      for (int i = 0; i < last; i += 2) {
        eval(args.get(i));
        if (truth(type, intValue, doubleValue)) {
          eval(args.get(i + 1));
          return;
        }
      }
      eval(args.get(last));
      return;
    }
    boolean isAnd = function == Function.AND;
    eval(args.get(0));
    if (type == ValueType.NULL) {
      return;
    }
    boolean first = registerToBool();
    if (first != isAnd) {
      // false AND x, true OR x: x is not evaluated.
      setBoolean(first);
      return;
    }
    eval(args.get(1));
    if (type == ValueType.NULL) {
      return;
    }
    setBoolean(registerToBool());
  }

  private void evalStandard(Function function, List<Expression> args) throws EvaluationException {
    int base = top;
    int count = Math.min(args.size(), Function.MAX_ARGS);
    boolean hasNull = false;
    for (int i = 0; i < count; i++) {
      eval(args.get(i));
      push();
      hasNull |= type == ValueType.NULL;
    }
    if (args.size() > Function.MAX_ARGS) {
      throw new EvaluationException("too many function arguments, maximum is " + Function.MAX_ARGS);
    }
    top = base;
    if (hasNull && function != Function.IS && function != Function.DEBUG) {
      setNull();
      return;
    }
    apply(function, base, count);
  }

  private void apply(Function function, int a, int count) throws EvaluationException {
    int b = a + 1;
    switch (function) {
      case ADD:
      case SUB:
      case MUL:
      case DIV:
      case MOD:
      case EQ:
      case NE:
      case LE:
      case LT:
        boolean anyDouble = types[a] == ValueType.DOUBLE || types[b] == ValueType.DOUBLE;
        if (anyDouble && function != Function.MOD) {
          doubleOperator(function, toDouble(a), toDouble(b));
        } else {
          intOperator(function, toInt(a), toInt(b));
        }
        return;
      case BIT_AND:
        setInt(toInt(a) & toInt(b));
        return;
      case BIT_OR:
        setInt(toInt(a) | toInt(b));
        return;
      case BIT_XOR:
        setInt(toInt(a) ^ toInt(b));
        return;
      case LEFT_SHIFT:
        {
          long left = toInt(a);
          setInt(left << toInt(b));
          return;
        }
      case RIGHT_SHIFT:
        {
          long left = toInt(a);
          setInt(left >> toInt(b));
          return;
        }
      case NOT:
        setBoolean(!toBool(a));
        return;
      case PI:
        setDouble(Math.PI);
        return;
      case ABS:
        if (types[a] == ValueType.INT) {
          long i = ints[a];
          setInt(i < 0 ? -i : i);
        } else if (types[a] == ValueType.BOOLEAN) {
          // pgbench reads a boolean's storage as a double here: true becomes 4.9e-324.
          double d = Double.longBitsToDouble(ints[a]);
          setDouble(d < 0.0 ? -d : d);
        } else {
          double d = toDouble(a);
          setDouble(d < 0.0 ? -d : d);
        }
        return;
      case DEBUG:
        printDebug(types[a], ints[a], doubles[a]);
        setRegister(a);
        return;
      case DOUBLE:
        setDouble(toDouble(a));
        return;
      case SQRT:
        setDouble(Math.sqrt(toDouble(a)));
        return;
      case LN:
        setDouble(Math.log(toDouble(a)));
        return;
      case EXP:
        setDouble(Math.exp(toDouble(a)));
        return;
      case INT:
        setInt(toInt(a));
        return;
      case LEAST:
      case GREATEST:
        extremum(function == Function.LEAST, a, count);
        return;
      case RANDOM:
      case RANDOM_EXPONENTIAL:
      case RANDOM_GAUSSIAN:
      case RANDOM_ZIPFIAN:
        random(function, a);
        return;
      case POW:
        {
          double x = toDouble(a);
          setDouble(Math.pow(x, toDouble(b)));
          return;
        }
      case IS:
        setBoolean(types[a] == types[b] && ints[a] == ints[b]);
        return;
      case HASH_MURMUR2:
        {
          long value = toInt(a);
          setInt(HashFunctions.murmur2(value, toInt(b)));
          return;
        }
      case HASH_FNV1A:
        {
          long value = toInt(a);
          setInt(HashFunctions.fnv1a(value, toInt(b)));
          return;
        }
      case PERMUTE:
        {
          long value = toInt(a);
          long size = toInt(b);
          long seed = toInt(a + 2);
          if (size <= 0) {
            throw new EvaluationException("permute size parameter must be greater than zero");
          }
          setInt(HashFunctions.permute(value, size, seed, permuteScratch));
          return;
        }
      default:
        throw new IllegalStateException("not a standard function: " + function);
    }
  }

  private void doubleOperator(Function function, double l, double r) {
    switch (function) {
      case ADD:
        setDouble(l + r);
        return;
      case SUB:
        setDouble(l - r);
        return;
      case MUL:
        setDouble(l * r);
        return;
      case DIV:
        setDouble(l / r);
        return;
      case EQ:
        setBoolean(l == r);
        return;
      case NE:
        setBoolean(l != r);
        return;
      case LE:
        setBoolean(l <= r);
        return;
      default:
        setBoolean(l < r);
    }
  }

  private void intOperator(Function function, long l, long r) throws EvaluationException {
    switch (function) {
      case ADD:
        {
          long sum = l + r;
          if (((l ^ sum) & (r ^ sum)) < 0) {
            throw new EvaluationException("bigint add out of range");
          }
          setInt(sum);
          return;
        }
      case SUB:
        {
          long difference = l - r;
          if (((l ^ r) & (l ^ difference)) < 0) {
            throw new EvaluationException("bigint sub out of range");
          }
          setInt(difference);
          return;
        }
      case MUL:
        {
          long high = Math.multiplyHigh(l, r);
          long product = l * r;
          if (high != (product >> 63)) {
            throw new EvaluationException("bigint mul out of range");
          }
          setInt(product);
          return;
        }
      case EQ:
        setBoolean(l == r);
        return;
      case NE:
        setBoolean(l != r);
        return;
      case LE:
        setBoolean(l <= r);
        return;
      case LT:
        setBoolean(l < r);
        return;
      default:
        // DIV and MOD
        if (r == 0) {
          throw new EvaluationException("division by zero");
        }
        if (r == -1) {
          if (function == Function.MOD) {
            setInt(0);
          } else if (l == Long.MIN_VALUE) {
            throw new EvaluationException("bigint div out of range");
          } else {
            setInt(-l);
          }
          return;
        }
        setInt(function == Function.DIV ? l / r : l % r);
    }
  }

  private void extremum(boolean least, int a, int count) throws EvaluationException {
    boolean anyDouble = false;
    for (int i = a; i < a + count; i++) {
      anyDouble |= types[i] == ValueType.DOUBLE;
    }
    if (anyDouble) {
      double result = toDouble(a);
      for (int i = a + 1; i < a + count; i++) {
        double d = toDouble(i);
        // C's Min/Max macros, which differ from Math.min/max on NaN and signed zeros.
        result = least ? (result < d ? result : d) : (result > d ? result : d);
      }
      setDouble(result);
    } else {
      long result = toInt(a);
      for (int i = a + 1; i < a + count; i++) {
        long v = toInt(i);
        result = least ? Math.min(result, v) : Math.max(result, v);
      }
      setInt(result);
    }
  }

  private void random(Function function, int a) throws EvaluationException {
    long min = toInt(a);
    long max = toInt(a + 1);
    if (min > max) {
      throw new EvaluationException("empty range given to random");
    }
    long delta = max - min;
    if (((max ^ min) & (max ^ delta)) < 0 || delta == Long.MAX_VALUE) {
      throw new EvaluationException("random range is too large");
    }
    if (function == Function.RANDOM) {
      setInt(RandomDraws.uniform(random, min, max));
      return;
    }
    double parameter = toDouble(a + 2);
    switch (function) {
      case RANDOM_GAUSSIAN:
        if (parameter < RandomDraws.MIN_GAUSSIAN_PARAM) {
          throw new EvaluationException(
              "gaussian parameter must be at least "
                  + CNumbers.formatF6(RandomDraws.MIN_GAUSSIAN_PARAM)
                  + " (not "
                  + CNumbers.formatF6(parameter)
                  + ")");
        }
        setInt(RandomDraws.gaussian(random, min, max, parameter));
        return;
      case RANDOM_ZIPFIAN:
        if (parameter < RandomDraws.MIN_ZIPFIAN_PARAM
            || parameter > RandomDraws.MAX_ZIPFIAN_PARAM) {
          throw new EvaluationException(
              "zipfian parameter must be in range [1.001, 1000] (not "
                  + CNumbers.formatF6(parameter)
                  + ")");
        }
        setInt(RandomDraws.zipfian(random, min, max, parameter));
        return;
      default:
        if (parameter <= 0.0) {
          throw new EvaluationException(
              "exponential parameter must be greater than zero (not "
                  + CNumbers.formatF6(parameter)
                  + ")");
        }
        setInt(RandomDraws.exponential(random, min, max, parameter));
    }
  }

  private void printDebug(ValueType t, long i, double d) {
    debug.println(
        "debug(script="
            + script
            + ",command="
            + (command + 1)
            + "): "
            + ValueFormat.debug(t, i, d));
  }

  // Coercions of stack slots, with pgbench's messages.

  private long toInt(int slot) throws EvaluationException {
    ValueType t = types[slot];
    if (t == ValueType.INT) {
      return ints[slot];
    }
    if (t == ValueType.DOUBLE) {
      double rounded = Math.rint(doubles[slot]);
      if (Double.isNaN(rounded) || rounded < -INT64_RANGE_END || rounded >= INT64_RANGE_END) {
        throw new EvaluationException("double to int overflow for " + CNumbers.formatF6(rounded));
      }
      return (long) rounded;
    }
    throw new EvaluationException("cannot coerce " + t.pgbenchName() + " to int");
  }

  private double toDouble(int slot) throws EvaluationException {
    ValueType t = types[slot];
    if (t == ValueType.DOUBLE) {
      return doubles[slot];
    }
    if (t == ValueType.INT) {
      return ints[slot];
    }
    throw new EvaluationException("cannot coerce " + t.pgbenchName() + " to double");
  }

  private boolean toBool(int slot) throws EvaluationException {
    if (types[slot] == ValueType.BOOLEAN) {
      return ints[slot] != 0;
    }
    throw new EvaluationException("cannot coerce " + types[slot].pgbenchName() + " to boolean");
  }

  private boolean registerToBool() throws EvaluationException {
    if (type == ValueType.BOOLEAN) {
      return intValue != 0;
    }
    throw new EvaluationException("cannot coerce " + type.pgbenchName() + " to boolean");
  }

  private static boolean truth(ValueType t, long i, double d) {
    switch (t) {
      case BOOLEAN:
      case INT:
        return i != 0;
      case DOUBLE:
        return d != 0.0;
      default:
        return false;
    }
  }

  // Registers and stack.

  private void push() {
    if (top == types.length) {
      int size = types.length * 2;
      types = Arrays.copyOf(types, size);
      ints = Arrays.copyOf(ints, size);
      doubles = Arrays.copyOf(doubles, size);
    }
    types[top] = type;
    ints[top] = intValue;
    doubles[top] = doubleValue;
    top++;
  }

  private void setRegister(int slot) {
    type = types[slot];
    intValue = ints[slot];
    doubleValue = doubles[slot];
  }

  private void setInt(long value) {
    type = ValueType.INT;
    intValue = value;
  }

  private void setDouble(double value) {
    type = ValueType.DOUBLE;
    doubleValue = value;
  }

  private void setBoolean(boolean value) {
    type = ValueType.BOOLEAN;
    intValue = value ? 1 : 0;
  }

  private void setNull() {
    type = ValueType.NULL;
    intValue = 0;
  }
}
