package io.github.pgperf.history;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Map;
import java.util.TreeMap;

/**
 * The store's JSON: one object per history point or reported change (docs/history.md, "The store").
 * The directory store writes each as a line; the PostgreSQL store keeps the metrics as {@code
 * jsonb} beside columns of the rest.
 */
final class HistoryJson {

  /** The version of the records' layout this code writes and reads. */
  static final int FORMAT = 1;

  /** A history point's {@code kind}. */
  static final String POINT = "point";

  /** A reported change's {@code kind}. */
  static final String REPORTED = "reported";

  private static final ObjectMapper MAPPER = new ObjectMapper();

  private HistoryJson() {}

  static String line(HistoryRecord r) {
    ObjectNode o = MAPPER.createObjectNode();
    o.put("format", FORMAT);
    o.put("kind", POINT);
    o.put("build", r.build().build());
    o.put("commit", r.build().commit());
    o.put("branch", r.build().branch());
    o.put("time", r.build().time().toString());
    o.put("test", r.test());
    o.put("fingerprint", r.fingerprint());
    o.put("workFingerprint", r.workFingerprint());
    o.put("runner", r.runner());
    o.put("trials", r.trials());
    o.set("metrics", metrics(r.metrics()));
    if (!Double.isNaN(r.othersShare())) {
      o.put("othersShare", r.othersShare());
    }
    return write(o);
  }

  static String line(ReportedChange c) {
    ObjectNode o = MAPPER.createObjectNode();
    o.put("format", FORMAT);
    o.put("kind", REPORTED);
    o.put("test", c.test());
    o.put("metric", c.metric());
    o.put("fingerprint", c.fingerprint());
    o.put("changeBuild", c.changeBuild());
    o.put("reportedIn", c.reportedIn());
    o.put("time", c.time().toString());
    return write(o);
  }

  static String metricsText(Map<String, Double> metrics) {
    return write(metrics(metrics));
  }

  private static ObjectNode metrics(Map<String, Double> metrics) {
    ObjectNode m = MAPPER.createObjectNode();
    new TreeMap<>(metrics).forEach(m::put);
    return m;
  }

  private static String write(JsonNode node) {
    try {
      return MAPPER.writeValueAsString(node);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("a history record could not be written as JSON", e);
    }
  }

  /** A line read back: a point or a reported change. */
  sealed interface Line {
    record Point(HistoryRecord record) implements Line {}

    record Reported(ReportedChange change) implements Line {}
  }

  /**
   * The point or reported change of {@code text}.
   *
   * @throws IllegalArgumentException saying what is wrong with it
   */
  static Line read(String text) {
    JsonNode o;
    try {
      o = MAPPER.readTree(text);
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException("not JSON (" + e.getOriginalMessage() + ")");
    }
    if (o == null || !o.isObject()) {
      throw new IllegalArgumentException("not a JSON object");
    }
    int format = o.path("format").asInt(-1);
    if (format != FORMAT) {
      throw new IllegalArgumentException(
          "format "
              + (format < 0 ? "missing" : format)
              + " is not supported (this pgperf reads "
              + FORMAT
              + ")");
    }
    String kind = o.path("kind").asText("");
    try {
      if (kind.equals(POINT)) {
        return new Line.Point(
            new HistoryRecord(
                new BuildInfo(
                    text(o, "build"),
                    optional(o, "commit"),
                    optional(o, "branch"),
                    Instant.parse(text(o, "time"))),
                text(o, "test"),
                text(o, "fingerprint"),
                optional(o, "workFingerprint"),
                text(o, "runner"),
                o.path("trials").asInt(0),
                metrics(o.get("metrics")),
                o.path("othersShare").isNumber() ? o.get("othersShare").asDouble() : Double.NaN));
      }
      if (kind.equals(REPORTED)) {
        return new Line.Reported(
            new ReportedChange(
                text(o, "test"),
                text(o, "metric"),
                text(o, "fingerprint"),
                text(o, "changeBuild"),
                text(o, "reportedIn"),
                Instant.parse(text(o, "time"))));
      }
    } catch (DateTimeParseException e) {
      throw new IllegalArgumentException("its time is not an instant: " + e.getParsedString());
    }
    throw new IllegalArgumentException(
        "kind \"" + kind + "\" is neither \"" + POINT + "\" nor \"" + REPORTED + "\"");
  }

  static Map<String, Double> metrics(JsonNode node) {
    if (node == null || !node.isObject()) {
      throw new IllegalArgumentException("it needs \"metrics\", an object of numbers");
    }
    Map<String, Double> metrics = new TreeMap<>();
    node.fields()
        .forEachRemaining(
            e -> {
              if (!e.getValue().isNumber()) {
                throw new IllegalArgumentException("metric " + e.getKey() + " is not a number");
              }
              metrics.put(e.getKey(), e.getValue().asDouble());
            });
    return metrics;
  }

  static Map<String, Double> metrics(String text) {
    try {
      return metrics(MAPPER.readTree(text));
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException("metrics are not JSON (" + e.getOriginalMessage() + ")");
    }
  }

  private static String text(JsonNode o, String field) {
    JsonNode v = o.get(field);
    if (v == null || !v.isTextual() || v.asText().isBlank()) {
      throw new IllegalArgumentException("it needs \"" + field + "\", a text");
    }
    return v.asText();
  }

  private static String optional(JsonNode o, String field) {
    JsonNode v = o.get(field);
    return v == null || v.isNull() ? null : v.asText();
  }
}
