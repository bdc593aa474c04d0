package io.github.pgperf.assertj;

import io.github.pgperf.internal.output.RunSummary;
import io.github.pgperf.result.RunResult;
import io.github.pgperf.result.ScriptResult;
import org.assertj.core.error.BasicErrorMessageFactory;
import org.assertj.core.error.ErrorMessageFactory;

/** The message when a run has no script of the asked name. */
final class ShouldHaveScript extends BasicErrorMessageFactory {

  private ShouldHaveScript(String format, Object... arguments) {
    super(format, arguments);
  }

  static ErrorMessageFactory shouldHaveScript(RunResult actual, String name) {
    return new ShouldHaveScript(
        "%nExpecting run:%n  %s%nto have a script named:%n  %s%nbut its scripts are:%n  %s",
        unquotedString(RunSummary.of(actual)),
        name,
        actual.scripts().stream().map(ScriptResult::name).toList());
  }
}
