package io.github.pgperf.gate;

import io.github.pgperf.plan.PlanNode;
import io.github.pgperf.plan.PlanShape;
import io.github.pgperf.plan.StatementPlan;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * How the server planned one script command, as the gate keeps it: the command, the plan's shape as
 * {@code EXPLAIN}'s indented lines (so a finding can print the baseline's plan) and its hash.
 *
 * @param sql the command as written in the script
 * @param hash {@link PlanShape#hash()}
 * @param lines {@link PlanShape#lines()}
 */
public record CommandPlan(String sql, String hash, List<String> lines) {

  private static final String ARROW = "->  ";

  public CommandPlan {
    Objects.requireNonNull(sql, "sql");
    Objects.requireNonNull(hash, "hash");
    lines = List.copyOf(lines);
  }

  /** The plan of {@code p}, which has a shape. */
  static CommandPlan of(StatementPlan p) {
    return new CommandPlan(p.sql(), p.shape().hash(), p.shape().lines());
  }

  /** How commands are named: {@code <builtin: select only> command 1} (counting from 0). */
  static String name(StatementPlan p) {
    return p.script() + " command " + p.command();
  }

  /**
   * The shape the lines describe, for {@code PlanDiff}.
   *
   * @throws IllegalArgumentException when the lines are not a plan's indented lines, or do not give
   *     {@link #hash} (a baseline file edited by hand, or damaged)
   */
  public PlanShape shape() {
    if (lines.isEmpty() || lines.get(0).contains(ARROW)) {
      throw new IllegalArgumentException("plan lines must start with the top node: " + lines);
    }
    List<Builder> path = new ArrayList<>();
    Builder root = new Builder(lines.get(0));
    path.add(root);
    for (String line : lines.subList(1, lines.size())) {
      int arrow = line.indexOf(ARROW);
      if (arrow < 0 || arrow % 2 != 0 || !line.substring(0, arrow).isBlank()) {
        throw new IllegalArgumentException("not a plan line: \"" + line + "\"");
      }
      int depth = arrow / 2 + 1;
      if (depth > path.size()) {
        throw new IllegalArgumentException("plan line indented too far: \"" + line + "\"");
      }
      Builder node = new Builder(line.substring(arrow + ARROW.length()));
      path.get(depth - 1).children.add(node);
      path.subList(depth, path.size()).clear();
      path.add(node);
    }
    PlanShape shape = new PlanShape(root.build());
    if (!shape.hash().equals(hash)) {
      throw new IllegalArgumentException(
          "the plan's lines give the hash " + shape.hash() + ", not the recorded " + hash);
    }
    return shape;
  }

  /** A node whose children are still being read. */
  private static final class Builder {
    final String label;
    final List<Builder> children = new ArrayList<>();

    Builder(String label) {
      this.label = label;
    }

    PlanNode build() {
      return new PlanNode(label, children.stream().map(Builder::build).toList());
    }
  }
}
