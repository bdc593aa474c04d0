package io.github.pgperf.cli;

/** The {@code pgperf} command line: pgbench's options, pgbench's output. */
public final class Main {

  private Main() {}

  public static void main(String[] args) {
    System.exit(PgPerfCommand.execute(args, System.out, System.err, System.getenv()));
  }
}
