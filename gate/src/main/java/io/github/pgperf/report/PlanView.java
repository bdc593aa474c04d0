package io.github.pgperf.report;

import io.github.pgperf.gate.CommandPlan;
import io.github.pgperf.gate.Finding;
import io.github.pgperf.gate.Verdict;
import io.github.pgperf.gate.Work;
import io.github.pgperf.plan.PlanDiff;
import io.github.pgperf.plan.PlanShape;
import io.github.pgperf.plan.StatementPlan;
import io.github.pgperf.work.ServerWork;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * A test's plans: each planned script command's plan shape, folded away; where the gate found
 * {@link Verdict#PLAN_CHANGED}, the baseline's plan and this build's side by side, open, with the
 * lines that differ marked ({@link PlanDiff}, as the check's log prints them). Commands without a
 * plan are listed with the reason.
 *
 * @param trials the test's trials, in run order (a trial without plans is passed over)
 * @param baseline the baseline samples' work of the same work fingerprint, oldest first
 * @param findings the gate's findings of this test
 */
record PlanView(List<TestRuns.Trial> trials, List<Work> baseline, List<Finding> findings) {

  PlanView {
    trials = List.copyOf(trials);
    baseline = List.copyOf(baseline);
    findings = List.copyOf(findings);
  }

  /**
   * A command's name as the baseline store and the gate name it: {@code <builtin: select only>
   * command 1} (commands counted from 0; docs/gate.md).
   */
  static String name(StatementPlan p) {
    return p.script() + " command " + p.command();
  }

  String html() {
    // Every trial's commands, in script order, with the distinct shapes each trial gave.
    Map<String, StatementPlan> commands = new LinkedHashMap<>();
    Map<String, Map<String, PlanShape>> shapes = new LinkedHashMap<>();
    Map<String, Map<String, List<Integer>>> trialsOf = new LinkedHashMap<>();
    for (TestRuns.Trial t : trials) {
      ServerWork work = t.result().serverWork();
      if (work == null || work.plans() == null) {
        continue;
      }
      for (StatementPlan p : work.plans()) {
        commands.putIfAbsent(name(p), p);
        if (p.shape() != null) {
          shapes
              .computeIfAbsent(name(p), n -> new LinkedHashMap<>())
              .putIfAbsent(p.shape().hash(), p.shape());
          trialsOf
              .computeIfAbsent(name(p), n -> new LinkedHashMap<>())
              .computeIfAbsent(p.shape().hash(), h -> new ArrayList<>())
              .add(t.number());
        }
      }
    }
    StringBuilder out = new StringBuilder();
    List<StatementPlan> unplanned = new ArrayList<>();
    for (Map.Entry<String, StatementPlan> c : commands.entrySet()) {
      String name = c.getKey();
      if (!shapes.containsKey(name)) {
        unplanned.add(c.getValue());
        continue;
      }
      Finding changed = changed(name);
      CommandPlan before = changed == null ? null : latestBaseline(name);
      if (before != null) {
        out.append(sideBySide(name, c.getValue().sql(), before, shapes.get(name)));
      } else {
        folded(out, name, c.getValue().sql(), shapes.get(name), trialsOf.get(name));
      }
    }
    if (!unplanned.isEmpty()) {
      out.append("<ul class=\"unplanned\">");
      for (StatementPlan p : unplanned) {
        out.append("<li>")
            .append(Html.text(name(p)))
            .append(" <code>")
            .append(Html.text(oneLine(p.sql())))
            .append("</code>: no plan (")
            .append(Html.text(p.reason()))
            .append(")</li>");
      }
      out.append("</ul>");
    }
    return out.toString();
  }

  /** The gate's PLAN_CHANGED finding of {@code name}, or {@code null}. */
  private Finding changed(String name) {
    return findings.stream()
        .filter(
            f ->
                f.verdict() == Verdict.PLAN_CHANGED
                    && f.work() != null
                    && f.work().what().equals("plan: " + name))
        .findFirst()
        .orElse(null);
  }

  /**
   * The baseline's plan of {@code name} in its most recent sample that has one, as the gate prints.
   */
  private CommandPlan latestBaseline(String name) {
    CommandPlan plan = null;
    for (Work w : baseline) {
      if (w.plans() != null && w.plans().containsKey(name)) {
        plan = w.plans().get(name);
      }
    }
    return plan;
  }

  private String sideBySide(
      String name, String sql, CommandPlan before, Map<String, PlanShape> now) {
    Set<String> seen = new TreeSet<>();
    for (Work w : baseline) {
      if (w.plans() != null && w.plans().containsKey(name)) {
        seen.add(w.plans().get(name).hash());
      }
    }
    // This build's plan the baseline never had (the one the gate found); the first when all are.
    PlanShape shape =
        now.values().stream()
            .filter(s -> !seen.contains(s.hash()))
            .findFirst()
            .orElse(now.values().iterator().next());
    PlanShape old;
    try {
      old = before.shape();
    } catch (IllegalArgumentException e) {
      return "<p class=\"verdict FAIL\">"
          + Html.text(name)
          + ": the baseline's plan cannot be"
          + " drawn: "
          + Html.text(e.getMessage())
          + "</p>";
    }
    String leftTitle = "baseline plan (" + before.hash() + ")";
    List<String> rows =
        PlanDiff.sideBySide(old, shape, leftTitle, "this build's plan (" + shape.hash() + ")");
    // PlanDiff pads the left column to one width: its separator is at the same place in each row.
    int bar = rows.get(0).indexOf(" | ", 2 + leftTitle.length());
    StringBuilder out =
        new StringBuilder(
                "<div class=\"plan changed\"><p><strong class=\"verdict"
                    + " WARN\">PLAN_CHANGED</strong> ")
            .append(Html.text(name))
            .append(" <code>")
            .append(Html.text(oneLine(sql)))
            .append(
                "</code></p><div class=\"wide\">"
                    + "<table class=\"plan-diff\"><thead><tr><th scope=\"col\"></th><th scope=\"col\">")
            .append(Html.text(leftTitle))
            .append("</th><th scope=\"col\">")
            .append(Html.text(rows.get(0).substring(bar + 3)))
            .append("</th></tr></thead><tbody>");
    for (String row : rows.subList(1, rows.size())) {
      boolean differs = row.startsWith("*");
      out.append(
          differs
              ? "<tr class=\"differs\"><td class=\"mark\">*</td>"
              : "<tr><td class=\"mark\"></td>");
      out.append("<td><pre>")
          .append(Html.text(row.substring(2, bar).stripTrailing()))
          .append("</pre></td><td><pre>")
          .append(Html.text(row.substring(bar + 3)))
          .append("</pre></td></tr>");
    }
    return out.append(
            "</tbody></table></div><p class=\"caption\">* marks the lines where the"
                + " plans differ.</p></div>")
        .toString();
  }

  private void folded(
      StringBuilder out,
      String name,
      String sql,
      Map<String, PlanShape> shapes,
      Map<String, List<Integer>> trialsOf) {
    boolean several = shapes.size() > 1;
    for (PlanShape shape : shapes.values()) {
      out.append("<details class=\"plan\"><summary>")
          .append(Html.text(name))
          .append(" <code>")
          .append(Html.text(oneLine(sql)))
          .append("</code>: ")
          .append(
              Html.text(
                  shape.scans().isEmpty()
                      ? shape.lines().get(0)
                      : String.join(", ", shape.scans())));
      if (several) {
        out.append(" (trial")
            .append(trialsOf.get(shape.hash()).size() == 1 ? " " : "s ")
            .append(Html.text(trialsOf.get(shape.hash()).toString().replaceAll("[\\[\\]]", "")))
            .append(')');
      }
      out.append("</summary><pre>")
          .append(Html.text(String.join("\n", shape.lines())))
          .append("</pre></details>");
    }
  }

  private static String oneLine(String sql) {
    return sql.strip().replaceAll("\\s+", " ");
  }
}
