package io.github.pgperf.plan;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * Names a node of {@code EXPLAIN (FORMAT JSON)} output as {@code EXPLAIN}'s text form does (see
 * {@code ExplainNode} in PostgreSQL's {@code explain.c}), from the fields that record the planner's
 * choices: node type, join type, aggregate strategy and partial mode, scan direction, parallel
 * awareness, index and relation, the operation of a modify node, the subplan's name.
 */
final class NodeLabel {

  private NodeLabel() {}

  static String of(JsonNode plan) {
    String type = text(plan, "Node Type");
    StringBuilder label = new StringBuilder();
    String partial = text(plan, "Partial Mode");
    if (partial != null && !partial.equals("Simple")) {
      label.append(partial).append(' ');
    }
    if (plan.path("Parallel Aware").asBoolean(false)) {
      label.append("Parallel ");
    }
    label.append(
        switch (type == null ? "" : type) {
          case "Aggregate" -> aggregate(text(plan, "Strategy"));
          case "SetOp" -> "Hashed".equals(text(plan, "Strategy")) ? "HashSetOp" : "SetOp";
          case "ModifyTable" -> text(plan, "Operation") == null ? type : text(plan, "Operation");
          case "" -> "?";
          default -> type;
        });
    String join = text(plan, "Join Type");
    if (join != null && !join.equals("Inner")) {
      // "Hash Left Join", "Nested Loop Anti Join": the join type goes before "Join"
      int at = label.lastIndexOf(" Join");
      if (at >= 0) {
        label.insert(at, " " + join);
      } else {
        label.append(' ').append(join).append(" Join");
      }
    }
    if ("Backward".equals(text(plan, "Scan Direction"))) {
      label.append(" Backward");
    }
    String index = text(plan, "Index Name");
    if (index != null) {
      label
          .append(type != null && type.equals("Bitmap Index Scan") ? " on " : " using ")
          .append(index);
    }
    String relation =
        firstOf(
            plan,
            "Relation Name",
            "Function Name",
            "CTE Name",
            "Tuplestore Name",
            "Table Function Name");
    if (relation != null) {
      label.append(" on ").append(relation);
    }
    String subplan = text(plan, "Subplan Name");
    if (subplan != null) {
      label.append(" (").append(subplan).append(')');
    }
    return label.toString();
  }

  private static String aggregate(String strategy) {
    if (strategy == null) {
      return "Aggregate";
    }
    return switch (strategy) {
      case "Sorted" -> "GroupAggregate";
      case "Hashed" -> "HashAggregate";
      case "Mixed" -> "MixedAggregate";
      default -> "Aggregate";
    };
  }

  private static String firstOf(JsonNode plan, String... fields) {
    for (String field : fields) {
      String value = text(plan, field);
      if (value != null) {
        return value;
      }
    }
    return null;
  }

  private static String text(JsonNode plan, String field) {
    JsonNode value = plan.get(field);
    return value == null || value.isNull() ? null : value.asText();
  }
}
