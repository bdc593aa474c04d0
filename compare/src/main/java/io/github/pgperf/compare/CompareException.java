package io.github.pgperf.compare;

/** A comparison that cannot go on, with its {@link Outcome} and a message that says why. */
public final class CompareException extends Exception {

  private static final long serialVersionUID = 1L;

  private final Outcome outcome;

  public CompareException(Outcome outcome, String message) {
    super(message);
    this.outcome = outcome;
  }

  public CompareException(Outcome outcome, String message, Throwable cause) {
    super(message, cause);
    this.outcome = outcome;
  }

  public Outcome outcome() {
    return outcome;
  }
}
