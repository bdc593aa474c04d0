package io.github.pgperf.internal.script;

import io.github.pgperf.internal.script.ExpressionLexer.Kind;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Precedence-climbing parser that accepts exactly pgbench's bison grammar and reports each error at
 * the token where bison detects it.
 */
final class ExpressionParser {

  // Binding strength, lowest first, as in pgbench's grammar.
  private static final int OR = 1;
  private static final int AND = 2;
  private static final int NOT = 3;
  private static final int IS = 4;
  private static final int COMPARISON = 5;
  private static final int BITWISE = 6;
  private static final int ADDITIVE = 7;
  private static final int MULTIPLICATIVE = 8;
  private static final int UNARY = 9;

  /**
   * Deepest nesting accepted, in parser recursion and in tree depth, so that neither parsing nor
   * the recursive evaluation can overflow a thread's stack. pgbench itself stops near 10000 levels
   * of nesting ({@code memory exhausted}).
   */
  static final int MAX_DEPTH = 256;

  private final ExpressionLexer lexer;

  /** How deep the parser's recursion is. */
  private int nesting;

  /** The tree depth of the expression built last. */
  private int depth;

  private ExpressionParser(String text) {
    this.lexer = new ExpressionLexer(text);
  }

  static Expression parse(String text) throws ExpressionSyntaxException {
    ExpressionParser parser = new ExpressionParser(text);
    try {
      parser.lexer.advance();
      Expression result = parser.expression(OR);
      parser.expect(Kind.END);
      return result;
    } catch (ExpressionSyntaxException e) {
      throw parser.lastErrorOfLine(e);
    }
  }

  /**
   * pgbench reads the rest of the line after an error, to print it whole; a character its scanner
   * rejects on the way replaces the error, so the last such one is what pgbench reports.
   */
  private ExpressionSyntaxException lastErrorOfLine(ExpressionSyntaxException first) {
    ExpressionSyntaxException last = first;
    while (!lexer.atEnd()) {
      try {
        lexer.advance();
      } catch (ExpressionSyntaxException later) {
        last = later;
      }
    }
    return last;
  }

  private Expression expression(int minLevel) throws ExpressionSyntaxException {
    if (++nesting > MAX_DEPTH) {
      throw tooDeep();
    }
    Expression left = prefix();
    while (true) {
      Kind kind = lexer.kind();
      int level = binaryLevel(kind);
      if (level > 0 && level >= minLevel) {
        int leftDepth = depth;
        lexer.advance();
        Expression right = expression(level + 1);
        left = binary(kind, left, right);
        deeper(Math.max(leftDepth, depth) + 1);
        if (level == COMPARISON && binaryLevel(lexer.kind()) == COMPARISON) {
          throw syntaxError();
        }
      } else if (IS >= minLevel && isPostfix(kind)) {
        left = postfix(left);
        deeper(depth + 2);
      } else {
        nesting--;
        return left;
      }
    }
  }

  /** Records the depth of the expression just built, refusing one that is too deep. */
  private void deeper(int newDepth) throws ExpressionSyntaxException {
    depth = newDepth;
    if (depth > MAX_DEPTH) {
      throw tooDeep();
    }
  }

  private ExpressionSyntaxException tooDeep() {
    return new ExpressionSyntaxException(
        "expression is too deeply nested (maximum depth is " + MAX_DEPTH + ")",
        lexer.errorPosition());
  }

  private Expression postfix(Expression left) throws ExpressionSyntaxException {
    Kind kind = lexer.kind();
    lexer.advance();
    if (kind == Kind.ISNULL) {
      return call(Function.IS, left, Literal.NULL);
    }
    if (kind == Kind.NOTNULL) {
      return call(Function.NOT, call(Function.IS, left, Literal.NULL));
    }
    boolean negated = false;
    if (lexer.kind() == Kind.NOT) {
      negated = true;
      lexer.advance();
    }
    Literal right;
    switch (lexer.kind()) {
      case NULL:
        right = Literal.NULL;
        break;
      case TRUE:
        right = Literal.ofBoolean(true);
        break;
      case FALSE:
        right = Literal.ofBoolean(false);
        break;
      default:
        throw syntaxError();
    }
    lexer.advance();
    Expression is = call(Function.IS, left, right);
    return negated ? call(Function.NOT, is) : is;
  }

  private Expression prefix() throws ExpressionSyntaxException {
    switch (lexer.kind()) {
      case LEFT_PAREN:
        {
          lexer.advance();
          Expression inner = expression(OR);
          expect(Kind.RIGHT_PAREN);
          lexer.advance();
          return inner;
        }
      case PLUS:
        lexer.advance();
        return expression(UNARY);
      case MINUS:
        lexer.advance();
        if (lexer.kind() == Kind.MAXINT_PLUS_ONE) {
          lexer.advance();
          depth = 1;
          return Literal.ofInt(Long.MIN_VALUE);
        }
        {
          Expression operand = expression(UNARY);
          deeper(depth + 1);
          return call(Function.SUB, Literal.ofInt(0), operand);
        }
      case TILDE:
        lexer.advance();
        {
          Expression operand = expression(UNARY);
          deeper(depth + 1);
          return call(Function.BIT_XOR, Literal.ofInt(-1), operand);
        }
      case NOT:
        lexer.advance();
        {
          Expression operand = expression(NOT + 1);
          deeper(depth + 1);
          return call(Function.NOT, operand);
        }
      case NULL:
        lexer.advance();
        depth = 1;
        return Literal.NULL;
      case TRUE:
        lexer.advance();
        depth = 1;
        return Literal.ofBoolean(true);
      case FALSE:
        lexer.advance();
        depth = 1;
        return Literal.ofBoolean(false);
      case INTEGER:
        {
          Literal literal = Literal.ofInt(lexer.intValue());
          lexer.advance();
          depth = 1;
          return literal;
        }
      case DOUBLE:
        {
          Literal literal = Literal.ofDouble(lexer.doubleValue());
          lexer.advance();
          depth = 1;
          return literal;
        }
      case VARIABLE:
        {
          Expression variable = new VariableReference(lexer.tokenText().substring(1));
          lexer.advance();
          depth = 1;
          return variable;
        }
      case NAME:
        return functionCall();
      case CASE:
        return caseExpression();
      default:
        throw syntaxError();
    }
  }

  private Expression functionCall() throws ExpressionSyntaxException {
    String name = lexer.tokenText().toLowerCase(Locale.ROOT);
    Function function = Function.byName(name);
    if (function == null) {
      throw new ExpressionSyntaxException(
          "unexpected function name (" + lexer.tokenText() + ")", lexer.errorPosition());
    }
    lexer.advance();
    expect(Kind.LEFT_PAREN);
    lexer.advance();
    List<Expression> args = new ArrayList<>();
    int deepest = 0;
    // pgbench's grammar lets the argument list start with a comma: abs(,1) is abs(1).
    if (lexer.kind() != Kind.RIGHT_PAREN) {
      if (lexer.kind() != Kind.COMMA) {
        args.add(expression(OR));
        deepest = depth;
      }
      while (lexer.kind() == Kind.COMMA) {
        lexer.advance();
        args.add(expression(OR));
        deepest = Math.max(deepest, depth);
      }
    }
    expect(Kind.RIGHT_PAREN);
    if (!function.acceptsArgumentCount(args.size())) {
      String message =
          function.isVariadic()
              ? "at least one argument expected"
              : "unexpected number of arguments";
      throw new ExpressionSyntaxException(message + " (" + name + ")", lexer.errorPosition());
    }
    if (function.hasOptionalSeed() && args.size() == function.minArgs()) {
      args.add(new VariableReference("default_seed"));
    }
    deeper(deepest + 1);
    lexer.advance();
    return new FunctionCall(function, args);
  }

  private Expression caseExpression() throws ExpressionSyntaxException {
    lexer.advance();
    List<Expression> args = new ArrayList<>();
    int deepest = 1;
    expect(Kind.WHEN);
    while (lexer.kind() == Kind.WHEN) {
      lexer.advance();
      args.add(expression(OR));
      deepest = Math.max(deepest, depth);
      expect(Kind.THEN);
      lexer.advance();
      args.add(expression(OR));
      deepest = Math.max(deepest, depth);
    }
    if (lexer.kind() == Kind.ELSE) {
      lexer.advance();
      args.add(expression(OR));
      deepest = Math.max(deepest, depth);
    } else {
      args.add(Literal.NULL);
    }
    expect(Kind.KEYWORD_END);
    deeper(deepest + 1);
    lexer.advance();
    return new FunctionCall(Function.CASE, args);
  }

  private static boolean isPostfix(Kind kind) {
    return kind == Kind.IS || kind == Kind.ISNULL || kind == Kind.NOTNULL;
  }

  private static int binaryLevel(Kind kind) {
    switch (kind) {
      case OR:
        return OR;
      case AND:
        return AND;
      case EQ:
      case NE:
      case LT:
      case LE:
      case GT:
      case GE:
        return COMPARISON;
      case BIT_OR:
      case BIT_AND:
      case HASH:
      case LEFT_SHIFT:
      case RIGHT_SHIFT:
        return BITWISE;
      case PLUS:
      case MINUS:
        return ADDITIVE;
      case STAR:
      case SLASH:
      case PERCENT:
        return MULTIPLICATIVE;
      default:
        return 0;
    }
  }

  private static Expression binary(Kind kind, Expression left, Expression right) {
    switch (kind) {
      case OR:
        return call(Function.OR, left, right);
      case AND:
        return call(Function.AND, left, right);
      case EQ:
        return call(Function.EQ, left, right);
      case NE:
        return call(Function.NE, left, right);
      case LT:
        return call(Function.LT, left, right);
      case LE:
        return call(Function.LE, left, right);
      case GT:
        return call(Function.LT, right, left);
      case GE:
        return call(Function.LE, right, left);
      case BIT_OR:
        return call(Function.BIT_OR, left, right);
      case BIT_AND:
        return call(Function.BIT_AND, left, right);
      case HASH:
        return call(Function.BIT_XOR, left, right);
      case LEFT_SHIFT:
        return call(Function.LEFT_SHIFT, left, right);
      case RIGHT_SHIFT:
        return call(Function.RIGHT_SHIFT, left, right);
      case PLUS:
        return call(Function.ADD, left, right);
      case MINUS:
        return call(Function.SUB, left, right);
      case STAR:
        return call(Function.MUL, left, right);
      case SLASH:
        return call(Function.DIV, left, right);
      case PERCENT:
        return call(Function.MOD, left, right);
      default:
        throw new IllegalStateException("not a binary operator: " + kind);
    }
  }

  private static Expression call(Function function, Expression... args) {
    return new FunctionCall(function, List.of(args));
  }

  private void expect(Kind kind) throws ExpressionSyntaxException {
    if (lexer.kind() != kind) {
      throw syntaxError();
    }
  }

  private ExpressionSyntaxException syntaxError() {
    return new ExpressionSyntaxException("syntax error", lexer.errorPosition());
  }
}
