package io.github.pgperf.report;

import io.github.pgperf.gate.ResultFiles;
import io.github.pgperf.gate.Sample;
import io.github.pgperf.result.Latencies;
import io.github.pgperf.result.ResultFileException;
import io.github.pgperf.result.ResultJson;
import io.github.pgperf.result.RunResult;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The trials of one test, whole: what the report draws from. Tests and trials are those the gate
 * sees ({@link ResultFiles}), so the report and {@code pgperf:check} talk about the same runs.
 *
 * @param key the test key
 * @param trials the test's runs in the order they ran: by trial number, then start time
 */
record TestRuns(String key, List<Trial> trials) {

  /**
   * One run of a test.
   *
   * @param file the result file's name
   * @param result the run
   * @param number its trial number: the one it records ({@code identity.trial}); for results before
   *     schema 5, the file name's {@code -trialN} (the harness wrote the Nth run of a key so), 1
   *     without one; 0 until {@link TestRuns} numbers runs not made in trials by their order
   */
  record Trial(String file, RunResult result, int number) {

    private static final Pattern TRIAL =
        Pattern.compile("(?:^|[-_.])trial(\\d{1,9})\\.json$", Pattern.CASE_INSENSITIVE);

    /** The run of {@code file}, numbered by what it records. */
    Trial(String file, RunResult result) {
      this(file, result, recorded(file, result));
    }

    private static int recorded(String file, RunResult result) {
      if (result.identity() != null && result.identity().test() != null) {
        return result.identity().trial();
      }
      Matcher m = TRIAL.matcher(file);
      return m.find() ? Integer.parseInt(m.group(1)) : 1;
    }
  }

  /**
   * Run order. The trial number is the order pgperf:test ran them in, and the start time orders the
   * rest (file names sort trial 10 before trial 2, and need not say anything).
   */
  private static final Comparator<Trial> RUN_ORDER =
      Comparator.comparingInt(Trial::number)
          .thenComparing(t -> t.result().startedAt())
          .thenComparing(Trial::file);

  TestRuns {
    List<Trial> sorted = trials.stream().sorted(RUN_ORDER).toList();
    // Runs not made in trials (trial 0: a plain mvn test that repeated a test) are numbered by
    // their order, so that the report can still tell them apart.
    List<Trial> numbered = new ArrayList<>();
    for (int i = 0; i < sorted.size(); i++) {
      Trial t = sorted.get(i);
      numbered.add(t.number() > 0 ? t : new Trial(t.file(), t.result(), i + 1));
    }
    trials = List.copyOf(numbered);
  }

  /**
   * The runs behind {@code files}' samples, read again whole; a file that cannot be read now
   * (changed since) is named in {@code notes} and left out.
   */
  static List<TestRuns> read(ResultFiles files, List<String> notes) {
    List<TestRuns> out = new ArrayList<>();
    for (Map.Entry<String, List<Sample>> e : files.samples().entrySet()) {
      List<Trial> trials = new ArrayList<>();
      for (Sample s : e.getValue()) {
        try {
          trials.add(new Trial(s.source(), ResultJson.read(files.directory().resolve(s.source()))));
        } catch (ResultFileException ex) {
          notes.add(ex.getMessage());
        }
      }
      if (!trials.isEmpty()) {
        out.add(new TestRuns(e.getKey(), trials));
      }
    }
    return out;
  }

  /** The latencies of all trials in one distribution. */
  Latencies latency() {
    Latencies all = Latencies.empty();
    for (Trial t : trials) {
      all = all.plus(t.result().total().latency());
    }
    return all;
  }

  /** The median of the trials' tps. */
  double medianTps() {
    return median(trials.stream().mapToDouble(t -> t.result().tps()).toArray());
  }

  /** Whether any trial recorded a timeline. */
  boolean hasTimeline() {
    return trials.stream().anyMatch(t -> !t.result().timeline().isEmpty());
  }

  static double median(double[] values) {
    if (values.length == 0) {
      return Double.NaN;
    }
    double[] sorted = values.clone();
    java.util.Arrays.sort(sorted);
    int n = sorted.length;
    return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
  }
}
