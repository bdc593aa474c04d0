package io.github.pgperf.script;

/**
 * An expression that fails at run time, with pgbench's message (for example {@code bigint add out
 * of range} or {@code division by zero}). The runner reports it and then {@code client N aborted in
 * command C (set) of script S; evaluation of meta-command failed}. The message is empty in the one
 * case where pgbench prints none (a variable holding the empty string).
 */
public final class EvaluationException extends Exception {

  private static final long serialVersionUID = 1L;

  public EvaluationException(String message) {
    super(message);
  }
}
