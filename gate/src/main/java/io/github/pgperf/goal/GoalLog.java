package io.github.pgperf.goal;

import java.util.function.Consumer;

/**
 * Where a goal's messages go: Maven's log for the plugin's goals, stdout and stderr for the {@code
 * pgperf check|report|baseline} command, so that both say the same lines.
 */
public interface GoalLog {

  void info(String line);

  void warn(String line);

  void error(String line);

  /** A log writing each level where it is told. */
  static GoalLog of(Consumer<String> info, Consumer<String> warn, Consumer<String> error) {
    return new GoalLog() {
      @Override
      public void info(String line) {
        info.accept(line);
      }

      @Override
      public void warn(String line) {
        warn.accept(line);
      }

      @Override
      public void error(String line) {
        error.accept(line);
      }
    };
  }
}
