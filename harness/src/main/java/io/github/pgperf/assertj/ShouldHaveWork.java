package io.github.pgperf.assertj;

import io.github.pgperf.plan.StatementPlan;
import io.github.pgperf.work.StatementWork;
import java.util.List;
import java.util.Locale;
import org.assertj.core.error.BasicErrorMessageFactory;
import org.assertj.core.error.ErrorMessageFactory;

/**
 * The messages of assertions on the server's work: what was asked, what the server did, why not.
 */
final class ShouldHaveWork extends BasicErrorMessageFactory {

  private ShouldHaveWork(String format, Object... arguments) {
    super(format, arguments);
  }

  static ErrorMessageFactory shouldPickOneStatement(
      String selector, List<String> matches, List<String> candidates) {
    return new ShouldHaveWork(
        "%nExpecting one statement of the run to match:%n  %s%nbut %s"
            + "%nthe run's statements are:%n  %s",
        selector,
        unquotedString(matches.isEmpty() ? "none did" : matches.size() + " did: " + matches),
        candidates);
  }

  static ErrorMessageFactory shouldHaveServerWork(String why) {
    return new ShouldHaveWork(
        "%nExpecting the run's server work%nbut it was not captured: %s", unquotedString(why));
  }

  static ErrorMessageFactory shouldHaveStatementWork(String selector, String why) {
    return new ShouldHaveWork(
        "%nExpecting the work of statement:%n  %s%nbut it was not captured: %s",
        selector, unquotedString(why));
  }

  static ErrorMessageFactory shouldHavePlan(
      String selector, List<StatementPlan> plans, String why) {
    String reason =
        !plans.isEmpty()
            ? plans.get(0).reason()
            : why != null
                ? why
                : "no script command matches it (plans are taken for script"
                    + " commands; a Java transaction's statements are not planned)";
    return new ShouldHaveWork(
        "%nExpecting the plan of statement:%n  %s%nbut there is none: %s",
        selector, unquotedString(reason));
  }

  static ErrorMessageFactory shouldPlan(StatementPlan plan, String what, String name) {
    return new ShouldHaveWork(
        "%nExpecting the plan of:%n  %s%n%s:%n  %s%nbut the plan was:%n%s",
        plan.sql(),
        unquotedString(what),
        name,
        unquotedString("  " + String.join("\n  ", plan.shape().lines())));
  }

  static ErrorMessageFactory shouldTouchAtMost(StatementWork work, double maximum) {
    return new ShouldHaveWork(
        "%nExpecting statement:%n  %s%nto touch at most:%n  %s shared blocks"
            + " per call%nbut it touched:%n  %s (%s blocks in %s calls)",
        work.query(),
        unquotedString(figure(maximum)),
        unquotedString(figure(work.sharedBlocksPerCall())),
        work.blocks().sharedAccessed(),
        work.calls());
  }

  static ErrorMessageFactory shouldBeCalledAtMost(
      StatementWork work, double maximum, long transactions) {
    return new ShouldHaveWork(
        "%nExpecting statement:%n  %s%nto be called at most:%n  %s times per"
            + " transaction%nbut it was called:%n  %s (%s calls in %s transactions)",
        work.query(),
        unquotedString(figure(maximum)),
        unquotedString(
            transactions == 0 ? "no transaction" : figure((double) work.calls() / transactions)),
        unquotedString(String.valueOf(work.calls())),
        unquotedString(String.valueOf(transactions)));
  }

  static ErrorMessageFactory shouldScaleFlat(String smaller, List<String> grew) {
    return new ShouldHaveWork(
        "%nExpecting the run's statements not to grow with the data from the run:%n  %s"
            + "%nbut they grew:%n  %s",
        unquotedString(smaller), unquotedString(String.join("\n  ", grew)));
  }

  static ErrorMessageFactory shouldBeAtMost(String what, double limit, double actual) {
    return new ShouldHaveWork(
        "%nExpecting the run's %s%nto be at most:%n  %s%nbut was:%n  %s",
        unquotedString(what), unquotedString(figure(limit)), unquotedString(figure(actual)));
  }

  private static String figure(double value) {
    return String.format(Locale.ROOT, "%.1f", value);
  }
}
