package io.github.pgperf.script;

/**
 * One client's variables.
 *
 * <p>CONTRACT STUB (to be replaced by the expression implementation). The script parser and the
 * runner rely on: {@link #putString}, {@link #text} and {@link #isValidName}.
 */
public final class Variables {

  /** Stores a string value, as {@code -D name=value}, {@code \gset} and automatic variables do. */
  public void putString(String name, String value) {
    throw new UnsupportedOperationException("not yet implemented");
  }

  /**
   * The value's text as pgbench substitutes it into SQL (int {@code %lld}, double {@code %.15g},
   * {@code true}/{@code false}, strings as stored), or {@code null} when the variable is undefined.
   */
  public String text(String name) {
    throw new UnsupportedOperationException("not yet implemented");
  }

  /** Whether pgbench accepts {@code name} as a variable name. */
  public static boolean isValidName(String name) {
    throw new UnsupportedOperationException("not yet implemented");
  }
}
