package io.github.pgperf.gate;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The report as machine-readable JSON ({@code check.json}, fields in {@code docs/gate.md}).
 * Fractions are fractions ({@code 0.3} = 30%); values in the metric's unit ({@code tps} or µs).
 */
final class JsonReport {

  /** The version of this JSON's layout. */
  static final int FORMAT_VERSION = 1;

  private static final ObjectMapper MAPPER =
      new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private JsonReport() {}

  /** The JSON text, ending with a newline. */
  static String of(CheckReport report) {
    ObjectNode root = MAPPER.createObjectNode();
    root.put("formatVersion", FORMAT_VERSION);
    root.put("passed", !report.failed());
    root.put("summary", report.summary());
    root.put("headline", report.headline().text());
    root.put("results", report.results());
    root.put("baseline", report.baseline());
    ObjectNode settings = root.putObject("settings");
    settings.put("level", report.settings().level());
    settings.put("minimumEffect", report.settings().minimumEffect());
    ArrayNode metrics = settings.putArray("metrics");
    report.settings().metrics().forEach(m -> metrics.add(m.label()));
    ArrayNode findings = root.putArray("findings");
    for (Finding f : report.findings()) {
      ObjectNode node = findings.addObject();
      node.put("test", f.key());
      if (f.metric() == null) {
        node.putNull("metric");
      } else {
        node.put("metric", f.metric().label());
      }
      node.put("verdict", f.verdict().text());
      node.put("action", f.action().name());
      node.put("message", Cells.message(f));
      if (f.work() != null) {
        ObjectNode work = node.putObject("work");
        work.put("what", f.work().what());
        work.put("baseline", f.work().baseline());
        work.put("candidate", f.work().candidate());
        work.put("change", f.work().change());
      }
      if (!f.detail().isEmpty()) {
        ArrayNode detail = node.putArray("detail");
        f.detail().forEach(detail::add);
      }
      if (!f.items().isEmpty()) {
        ArrayNode items = node.putArray("items");
        f.items().forEach(items::add);
      }
      f.figures()
          .ifPresent(
              c -> {
                ObjectNode fig = node.putObject("figures");
                fig.put("unit", c.metric().unit());
                fig.put("baselineSamples", c.baselineCount());
                fig.put("candidateSamples", c.candidateCount());
                fig.put("baselineBuilds", c.baselineBuilds());
                fig.put("candidateBuilds", c.candidateBuilds());
                fig.put("baseline", c.baseline());
                fig.put("candidate", c.candidate());
                fig.put("change", c.change());
                fig.put("regression", c.regression());
                number(fig, "pRegression", c.pRegression());
                number(fig, "pImprovement", c.pImprovement());
                number(fig, "detectable", c.detectable());
                number(fig, "noise", c.noise());
              });
    }
    try {
      return MAPPER.writeValueAsString(root) + "\n";
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("the check report could not be written as JSON", e);
    }
  }

  /** JSON has no NaN or infinity: those are written as null. */
  private static void number(ObjectNode node, String field, double value) {
    if (Double.isFinite(value)) {
      node.put(field, value);
    } else {
      node.putNull(field);
    }
  }
}
