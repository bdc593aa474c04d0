package io.github.pgperf.internal.script;

/**
 * A meta-command that fails at run time, with pgbench's message (for example {@code bigint add out
 * of range} or {@code division by zero}). The runner prints it and then {@code client N aborted in
 * command C (set) of script S; evaluation of meta-command failed}, or {@code ...; assignment of
 * meta-command failed} when {@link #isAssignment()}. The message is empty in the one case where
 * pgbench prints none (a variable holding the empty string).
 */
public final class EvaluationException extends Exception {

  private static final long serialVersionUID = 1L;

  private final boolean assignment;

  public EvaluationException(String message) {
    this(message, false);
  }

  private EvaluationException(String message, boolean assignment) {
    super(message);
    this.assignment = assignment;
  }

  /** The value was computed but could not be stored, for example under an invalid name. */
  static EvaluationException assignment(String message) {
    return new EvaluationException(message, true);
  }

  /** Whether storing the value failed rather than computing it. */
  public boolean isAssignment() {
    return assignment;
  }
}
