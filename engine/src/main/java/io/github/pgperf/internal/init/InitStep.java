package io.github.pgperf.internal.init;

import java.util.ArrayList;
import java.util.List;

/**
 * One step of pgbench's initialization, named by the letter {@code -I} takes.
 *
 * <p>Steps run in the order given; the same step may appear more than once.
 */
public enum InitStep {
  /** {@code d}: drop the four pgbench tables (and so their partitions). */
  DROP_TABLES('d', "dropping old tables...", "drop tables"),
  /** {@code t}: create the four tables (and the partitions of pgbench_accounts). */
  CREATE_TABLES('t', "creating tables...", "create tables"),
  /** {@code g}: truncate and fill the tables with rows sent from the client (COPY). */
  CLIENT_SIDE_GENERATE('g', "generating data (client-side)...", "client-side generate"),
  /** {@code G}: truncate and fill the tables with rows the server generates. */
  SERVER_SIDE_GENERATE('G', "generating data (server-side)...", "server-side generate"),
  /** {@code v}: vacuum analyze the four tables. */
  VACUUM('v', "vacuuming...", "vacuum"),
  /** {@code p}: add the primary keys of branches, tellers and accounts. */
  PRIMARY_KEYS('p', "creating primary keys...", "primary keys"),
  /** {@code f}: add the foreign keys between the tables. */
  FOREIGN_KEYS('f', "creating foreign keys...", "foreign keys");

  /** pgbench's default {@code -I}. */
  public static final String DEFAULT_STEPS = "dtgvp";

  static final String ALL_STEPS = "dtgGvpf";

  private final char letter;
  private final String startMessage;
  private final String timingName;

  InitStep(char letter, String startMessage, String timingName) {
    this.letter = letter;
    this.startMessage = startMessage;
    this.timingName = timingName;
  }

  /** The letter {@code -I} uses for this step. */
  public char letter() {
    return letter;
  }

  /** The line pgbench prints when the step starts. */
  String startMessage() {
    return startMessage;
  }

  /** The step's name in the final {@code done in} line. */
  String timingName() {
    return timingName;
  }

  /**
   * Parses an {@code -I} value as pgbench does: one letter per step, spaces ignored.
   *
   * @throws InitException for an unknown letter or when no step remains
   */
  public static List<InitStep> parse(String letters) throws InitException {
    List<InitStep> steps = new ArrayList<>();
    for (int i = 0; i < letters.length(); i++) {
      char c = letters.charAt(i);
      if (c == ' ') {
        continue;
      }
      steps.add(of(c));
    }
    if (steps.isEmpty()) {
      throw new InitException("no initialization steps specified", null);
    }
    return List.copyOf(steps);
  }

  /** The letters of the given steps, as {@code -I} takes them. */
  public static String letters(List<InitStep> steps) {
    StringBuilder sb = new StringBuilder(steps.size());
    for (InitStep s : steps) {
      sb.append(s.letter);
    }
    return sb.toString();
  }

  private static InitStep of(char c) throws InitException {
    for (InitStep s : values()) {
      if (s.letter == c) {
        return s;
      }
    }
    throw new InitException(
        "unrecognized initialization step \"" + c + "\"",
        "Allowed step characters are: \"" + ALL_STEPS + "\".");
  }
}
