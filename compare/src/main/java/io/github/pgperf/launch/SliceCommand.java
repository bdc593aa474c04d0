package io.github.pgperf.launch;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * A command to a test JVM in serve mode ({@link ForkMain} with {@code --serve}), one a line on its
 * standard input: {@code run} a slice of one class's selected tests (or of some of them) as a trial
 * (with the warm-up every run of it gets, or each test's own), or {@code end}. Fields are separated
 * by tabs and escaped as {@link Events} escapes them, so a results directory with spaces survives;
 * the JVM answers each {@code run} on its standard output with {@link #DONE} and the slice's
 * number, once the slice's events are written.
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
   * @param methods the only tests of the class that run, each {@code <class>#<method>} (the class's
   *     canonical name, a nested class's too: {@code shop.Orders.Cold#run}); empty for all of its
   *     selected tests. A sequential comparison runs only the tests whose verdicts are still open
   * @param results the directory the slice's result files go to ({@code pgperf.results})
   * @param warmup every run's warm-up in the slice ({@code pgperf.slice.warmup}), whole seconds;
   *     {@code null}: each test's own
   */
  record Run(int trial, String testClass, List<String> methods, Path results, Duration warmup)
      implements SliceCommand {

    /** A slice of every selected test of the class. */
    public Run(int trial, String testClass, Path results, Duration warmup) {
      this(trial, testClass, List.of(), results, warmup);
    }

    public Run {
      if (trial < 0) {
        throw new IllegalArgumentException("a slice's trial must be 0 or more, not " + trial);
      }
      testClass = testClass == null ? "" : testClass;
      methods = List.copyOf(methods);
      for (String m : methods) {
        if (m.indexOf('#') < 1 || m.endsWith("#") || m.contains(",")) {
          throw new IllegalArgumentException(
              "a slice's test must be <class>#<method> without commas, not \"" + m + "\"");
        }
      }
      if (warmup != null && (warmup.isNegative() || warmup.toNanos() % 1_000_000_000L != 0)) {
        throw new IllegalArgumentException(
            "a slice's warm-up must be whole seconds from 0, not " + warmup);
      }
    }

    /** The warm-up as the harness reads it ({@code 0s}), empty for each test's own. */
    String warmupText() {
      return warmup == null ? "" : warmup.toSeconds() + "s";
    }

    @Override
    public String line() {
      return "run\t"
          + trial
          + "\t"
          + Events.escape(testClass)
          + "\t"
          + Events.escape(results.toString())
          + "\t"
          + warmupText()
          + (methods.isEmpty() ? "" : "\t" + Events.escape(String.join(",", methods)));
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
    if ((fields.length == 5 || fields.length == 6) && fields[0].equals("run")) {
      int trial;
      try {
        trial = Integer.parseInt(fields[1]);
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException("the slice's trial is not a number: " + line);
      }
      Duration warmup = null;
      if (!fields[4].isEmpty()) {
        if (!fields[4].matches("[0-9]{1,9}s")) {
          throw new IllegalArgumentException(
              "the slice's warm-up is not whole seconds (such as 0s): " + line);
        }
        warmup = Duration.ofSeconds(Long.parseLong(fields[4].substring(0, fields[4].length() - 1)));
      }
      List<String> methods =
          fields.length == 6 ? TestSelection.list(Events.unescape(fields[5])) : List.of();
      return new Run(
          trial, Events.unescape(fields[2]), methods, Path.of(Events.unescape(fields[3])), warmup);
    }
    throw new IllegalArgumentException(
        "unknown command \""
            + line
            + "\": expected run<TAB>trial<TAB>class<TAB>results directory<TAB>warm-up"
            + "[<TAB>class#method,...], or end");
  }
}
