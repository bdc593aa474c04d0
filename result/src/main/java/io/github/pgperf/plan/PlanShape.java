package io.github.pgperf.plan;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Objects;
import java.util.function.Predicate;
import org.apiguardian.api.API;

/**
 * The shape of a statement's plan: node types, relation and index names and join order, the choices
 * that make a plan fast or slow. Two runs on different machines that plan a statement the same way
 * have equal shapes and equal {@link #hash()}es; costs and estimates, which differ with statistics
 * and machines, are left out.
 *
 * @param root the plan's top node
 */
@API(status = EXPERIMENTAL, since = "0.1.0")
public record PlanShape(PlanNode root) {

  private static final ObjectMapper JSON = new ObjectMapper();

  public PlanShape {
    Objects.requireNonNull(root, "root");
  }

  /**
   * Reads the output of {@code EXPLAIN (FORMAT JSON, COSTS OFF)}.
   *
   * @throws IllegalArgumentException when the text is not such output
   */
  public static PlanShape fromExplainJson(String json) {
    JsonNode tree;
    try {
      tree = JSON.readTree(json);
    } catch (java.io.IOException e) {
      throw new IllegalArgumentException("not EXPLAIN (FORMAT JSON) output: " + e.getMessage(), e);
    }
    JsonNode plan =
        tree != null && tree.isArray() && tree.size() > 0 ? tree.get(0).get("Plan") : null;
    if (plan == null || !plan.isObject()) {
      throw new IllegalArgumentException("not EXPLAIN (FORMAT JSON) output: no \"Plan\" found");
    }
    return new PlanShape(node(plan));
  }

  private static PlanNode node(JsonNode plan) {
    List<PlanNode> children = new ArrayList<>();
    for (JsonNode child : plan.path("Plans")) {
      children.add(node(child));
    }
    return new PlanNode(NodeLabel.of(plan), children);
  }

  /** The plan as indented lines, {@code EXPLAIN}'s text form without its details. */
  public List<String> lines() {
    List<String> lines = new ArrayList<>();
    lines(root, 0, lines);
    return List.copyOf(lines);
  }

  private static void lines(PlanNode node, int depth, List<String> into) {
    into.add(depth == 0 ? node.label() : "  ".repeat(depth - 1) + "->  " + node.label());
    for (PlanNode child : node.children()) {
      lines(child, depth + 1, into);
    }
  }

  /** A short, stable identity of the shape: the first 16 hex digits of the SHA-256 of its lines. */
  public String hash() {
    try {
      MessageDigest sha = MessageDigest.getInstance("SHA-256");
      byte[] digest = sha.digest(String.join("\n", lines()).getBytes(StandardCharsets.UTF_8));
      return HexFormat.of().formatHex(digest, 0, 8);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java runtime has SHA-256", e);
    }
  }

  /**
   * The scans of the plan, outermost first: {@code "Seq Scan on entry"}, {@code "Index Scan using
   * entry_account_id_idx on entry"}; what a one-line summary of a plan change names.
   */
  public List<String> scans() {
    List<String> scans = new ArrayList<>();
    scans(root, scans);
    return List.copyOf(scans);
  }

  private static void scans(PlanNode node, List<String> into) {
    if (node.label().contains(" Scan") && node.label().contains(" on ")) {
      into.add(node.label());
    }
    node.children().forEach(c -> scans(c, into));
  }

  /**
   * Whether a node scans index {@code index}: {@code Index Scan}, {@code Index Only Scan} (either
   * direction) or {@code Bitmap Index Scan}, as their labels name it.
   */
  public boolean usesIndex(String index) {
    return anyLabel(
        root,
        l -> l.contains(" using " + index + " on ") || l.endsWith("Bitmap Index Scan on " + index));
  }

  /**
   * Whether a node reads table {@code table} whole: {@code Seq Scan} or {@code Parallel Seq Scan}.
   */
  public boolean scansSequentially(String table) {
    return anyLabel(
        root, l -> l.equals("Seq Scan on " + table) || l.equals("Parallel Seq Scan on " + table));
  }

  private static boolean anyLabel(PlanNode node, Predicate<String> test) {
    if (test.test(node.label())) {
      return true;
    }
    for (PlanNode child : node.children()) {
      if (anyLabel(child, test)) {
        return true;
      }
    }
    return false;
  }

  @Override
  public String toString() {
    return String.join("\n", lines());
  }
}
