package io.github.pgperf.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Plan shapes read from EXPLAIN (FORMAT JSON, COSTS OFF) output that PostgreSQL 15 printed. */
class PlanShapeTest {

  private static final String HASH_JOIN =
      """
      [{"Plan": {"Node Type": "Hash Join", "Parallel Aware": false, "Join Type": "Left",
        "Hash Cond": "(b.aid = a.id)",
        "Plans": [
          {"Node Type": "Seq Scan", "Parent Relationship": "Outer", "Parallel Aware": false,
           "Relation Name": "b", "Alias": "b"},
          {"Node Type": "Hash", "Parent Relationship": "Inner", "Parallel Aware": false,
           "Plans": [{"Node Type": "Seq Scan", "Parent Relationship": "Outer",
             "Parallel Aware": false, "Relation Name": "a", "Alias": "a",
             "Filter": "(v > 3)"}]}]}}]
      """;

  @Test
  void namesNodesAsExplainsTextFormDoes() {
    PlanShape shape = PlanShape.fromExplainJson(HASH_JOIN);

    assertThat(shape.lines())
        .containsExactly("Hash Left Join", "->  Seq Scan on b", "->  Hash", "  ->  Seq Scan on a");
    assertThat(shape.scans()).containsExactly("Seq Scan on b", "Seq Scan on a");
  }

  @Test
  void namesIndexScansAggregatesAndModifications() {
    PlanShape update =
        PlanShape.fromExplainJson(
            """
        [{"Plan": {"Node Type": "ModifyTable", "Operation": "Update", "Relation Name": "a",
          "Plans": [{"Node Type": "Index Scan", "Scan Direction": "Backward",
            "Index Name": "a_pkey", "Relation Name": "a", "Index Cond": "(id = 3)"}]}}]
        """);
    PlanShape aggregate =
        PlanShape.fromExplainJson(
            """
        [{"Plan": {"Node Type": "Aggregate", "Strategy": "Sorted", "Partial Mode": "Finalize",
          "Plans": [{"Node Type": "Gather Merge", "Plans": [
            {"Node Type": "Aggregate", "Strategy": "Hashed", "Partial Mode": "Partial",
             "Plans": [{"Node Type": "Bitmap Heap Scan", "Parallel Aware": true,
               "Relation Name": "t", "Plans": [{"Node Type": "Bitmap Index Scan",
                 "Index Name": "t_v_idx"}]}]}]}]}}]
        """);

    assertThat(update.lines())
        .containsExactly("Update on a", "->  Index Scan Backward using a_pkey on a");
    assertThat(aggregate.lines())
        .containsExactly(
            "Finalize GroupAggregate",
            "->  Gather Merge",
            "  ->  Partial HashAggregate",
            "    ->  Parallel Bitmap Heap Scan on t",
            "      ->  Bitmap Index Scan on t_v_idx");
  }

  @Test
  void leavesOutConditionsCostsAndAliasesSoThatOnlyThePlansChoicesCount() {
    String otherValues =
        HASH_JOIN
            .replace("(v > 3)", "(v > 9)")
            .replace(
                "\"Alias\": \"a\"", "\"Alias\": \"a\", \"Startup Cost\": 1.5, \"Plan Rows\": 77");

    assertThat(PlanShape.fromExplainJson(otherValues))
        .isEqualTo(PlanShape.fromExplainJson(HASH_JOIN));
    assertThat(PlanShape.fromExplainJson(otherValues).hash())
        .isEqualTo(PlanShape.fromExplainJson(HASH_JOIN).hash())
        .hasSize(16);
  }

  @Test
  void aDifferentJoinOrderIsADifferentShape() {
    String swapped =
        HASH_JOIN
            .replace("\"Relation Name\": \"b\"", "\"Relation Name\": \"x\"")
            .replace("\"Relation Name\": \"a\"", "\"Relation Name\": \"b\"")
            .replace("\"Relation Name\": \"x\"", "\"Relation Name\": \"a\"");

    assertThat(PlanShape.fromExplainJson(swapped).hash())
        .isNotEqualTo(PlanShape.fromExplainJson(HASH_JOIN).hash());
  }

  @Test
  void refusesTextThatIsNotExplainOutput() {
    assertThatThrownBy(() -> PlanShape.fromExplainJson("Seq Scan on a"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("not EXPLAIN (FORMAT JSON) output");
    assertThatThrownBy(() -> PlanShape.fromExplainJson("[{\"Query\": 1}]"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("not EXPLAIN (FORMAT JSON) output: no \"Plan\" found");
  }

  @Test
  void sideBySideMarksTheNodesThatDiffer() {
    PlanShape before =
        new PlanShape(
            new PlanNode(
                "Aggregate",
                List.of(
                    new PlanNode("Index Scan using entry_account_id_idx on entry", List.of()))));
    PlanShape after =
        new PlanShape(
            new PlanNode("Aggregate", List.of(new PlanNode("Seq Scan on entry", List.of()))));

    assertThat(PlanDiff.sideBySide(before, after, "baseline plan", "this build's plan"))
        .containsExactly(
            "  baseline plan                                      | this build's plan",
            "  Aggregate                                          | Aggregate",
            "* ->  Index Scan using entry_account_id_idx on entry | ->  Seq Scan on entry");
  }

  @Test
  void sideBySideKeepsCommonNodesOnOneRowWhenANodeIsAdded() {
    List<String[]> rows =
        PlanDiff.align(
            List.of("Limit", "->  Sort", "  ->  Seq Scan on t"),
            List.of("Limit", "->  Index Scan using t_pkey on t"));

    assertThat(rows)
        .extracting(r -> r[0] + " | " + r[1])
        .containsExactly(
            "Limit | Limit",
            "->  Sort | ->  Index Scan using t_pkey on t",
            "  ->  Seq Scan on t | ");
  }
}
