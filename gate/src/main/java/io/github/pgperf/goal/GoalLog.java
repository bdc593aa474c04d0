package io.github.pgperf.goal;

/**
 * Where a goal's messages go: Maven's log for the plugin's goals, stdout and stderr for the
 * {@code pgperf check|report|baseline} command, so that both say the same lines.
 */
public interface GoalLog {

  void info(String line);

  void warn(String line);

  void error(String line);
}
