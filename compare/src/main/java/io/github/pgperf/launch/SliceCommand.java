package io.github.pgperf.launch;

import java.nio.file.Path;

/**
 * A command to a test JVM in serve mode ({@link ForkMain} with {@code --serve}), one a line on its
 * standard input: {@code run} a slice of one class's selected tests as a trial, or {@code end}.
 * Fields are separated by tabs and escaped as {@link Events} escapes them, so a results directory
 * with spaces survives; the JVM answers each {@code run} on its standard output with {@link #DONE}
 * and the slice's number, once the slice's events are written.
 */
sealed interface SliceCommand {

  /** Written once discovery's events are: the JVM reads commands from now on. */
  String READY = "pgperf:serve ready";

  /** Leads the line acknowledging a slice, followed by the slice's number (from 1). */
  String DONE = "pgperf:serve done ";

  /**
   * Run the selected tests of {@code testClass} (all of them when empty) once.
   *
   * @param trial the trial the runs record ({@code pgperf.trial}); 0 for an unnumbered slice (a
   *     warm-up, whose results are discarded): the runs then record the JVM's own trial
   * @param testClass a top-level class, fully qualified; empty for every selected class
   * @param results the directory the slice's result files go to ({@code pgperf.results})
   */
  record Run(int trial, String testClass, Path results) implements SliceCommand {

    public Run {
      if (trial < 0) {
        throw new IllegalArgumentException("a slice's trial must be 0 or more, not " + trial);
      }
      testClass = testClass == null ? "" : testClass;
    }

    @Override
    public String line() {
      return "run\t"
          + trial
          + "\t"
          + Events.escape(testClass)
          + "\t"
          + Events.escape(results.toString());
    }
  }

  /** End the JVM (its standard input closing does the same). */
  record End() implements SliceCommand {
    @Override
    public String line() {
      return "end";
    }
  }

  /** The command as one line, without its newline. */
  String line();

  /** A line read from standard input; a bad one is named. */
  static SliceCommand parse(String line) {
    String[] fields = line.split("\t", -1);
    if (fields.length == 1 && fields[0].strip().equals("end")) {
      return new End();
    }
    if (fields.length == 4 && fields[0].equals("run")) {
      int trial;
      try {
        trial = Integer.parseInt(fields[1]);
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException("the slice's trial is not a number: " + line);
      }
      return new Run(trial, Events.unescape(fields[2]), Path.of(Events.unescape(fields[3])));
    }
    throw new IllegalArgumentException(
        "unknown command \""
            + line
            + "\": expected run<TAB>trial<TAB>class<TAB>results directory, or end");
  }
}
