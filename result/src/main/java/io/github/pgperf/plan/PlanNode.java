package io.github.pgperf.plan;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.List;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * One node of a plan's shape: what the planner chose at that point, in the words of {@code
 * EXPLAIN}'s text form ({@code "Index Scan using entry_account_id_idx on entry"}, {@code "Hash Left
 * Join"}, {@code "HashAggregate"}), without costs, row estimates, conditions or parameter values,
 * which change from run to run while the plan stays the same.
 *
 * @param label the node as {@code EXPLAIN} names it
 * @param children its inputs in plan order (outer before inner)
 */
@API(status = EXPERIMENTAL, since = "0.1.0")
public record PlanNode(String label, List<PlanNode> children) {

  public PlanNode {
    Objects.requireNonNull(label, "label");
    children = List.copyOf(children);
  }
}
