package io.github.pgperf.result;

import static org.apiguardian.api.API.Status.STABLE;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.exc.ValueInstantiationException;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import org.apiguardian.api.API;

/**
 * pgperf's JSON form of a {@link RunResult} (documented in {@code docs/result-json.md}): one object
 * whose first field is {@code "schemaVersion": 7}, then the result's fields. Latency histograms are
 * kept whole (HdrHistogram's compressed form, base64), so results read back merge exactly.
 *
 * <p>Reading is strict: an unknown field, a missing field or another schema version is an error
 * that names the file and the cause, never a half-read result.
 */
@API(status = STABLE, since = "0.1.0")
public final class ResultJson {

  /**
   * The schema version this code writes; it reads this one, {@link #SCHEMA_VERSION_6}, {@link
   * #SCHEMA_VERSION_5}, {@link #SCHEMA_VERSION_4}, {@link #SCHEMA_VERSION_3}, {@link
   * #SCHEMA_VERSION_2} and {@link #SCHEMA_VERSION_1}.
   */
  public static final int SCHEMA_VERSION = 7;

  /**
   * Schema 6: as 7, and no {@code serverWork.statementEvictions} nor {@code
   * serverWork.cpu.containerMicros}.
   */
  public static final int SCHEMA_VERSION_6 = 6;

  /**
   * Schema 5: as 6, with the run's settings under {@code workload} (the name of the accessor then)
   * and no {@code aborts}.
   */
  public static final int SCHEMA_VERSION_5 = 5;

  /** Schema 4: as 5, and no {@code identity.test} (which test ran it: the file name said). */
  public static final int SCHEMA_VERSION_4 = 4;

  /** Schema 3: as 4, and no {@code serverWork.cpu.machine}. */
  public static final int SCHEMA_VERSION_3 = 3;

  /** Schema 2: no {@code serverWork}. */
  public static final int SCHEMA_VERSION_2 = 2;

  /**
   * Schema 1: as 2, and no {@code identity}, machines without {@code cpu} and {@code memoryBytes}.
   */
  public static final int SCHEMA_VERSION_1 = 1;

  /** Why a result written before nested statements were kept has none. */
  static final String NESTED_NOT_RECORDED =
      "not recorded: the result was written before pgperf"
          + " kept the statements functions and triggers run";

  private static final ObjectMapper MAPPER =
      new ObjectMapper()
          .registerModule(
              new SimpleModule("pgperf-result")
                  .addSerializer(Instant.class, new InstantSerializer())
                  .addDeserializer(Instant.class, new InstantDeserializer())
                  .addSerializer(Latencies.class, new LatenciesSerializer())
                  .addDeserializer(Latencies.class, new LatenciesDeserializer()))
          .enable(SerializationFeature.INDENT_OUTPUT)
          .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
          .enable(DeserializationFeature.FAIL_ON_MISSING_CREATOR_PROPERTIES)
          .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
          .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

  private ResultJson() {}

  /** The result as JSON text. */
  public static String toJson(RunResult result) {
    ObjectNode root = MAPPER.createObjectNode();
    root.put("schemaVersion", SCHEMA_VERSION);
    root.setAll((ObjectNode) MAPPER.valueToTree(result));
    try {
      return MAPPER.writeValueAsString(root) + "\n";
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("a result could not be written as JSON", e);
    }
  }

  /** Writes the result to {@code file} (UTF-8), replacing it. */
  public static void write(RunResult result, Path file) throws IOException {
    // getBytes, not writeString: a lone surrogate somewhere (a script's byte that was not valid
    // in its encoding) becomes '?' instead of costing the whole result.
    Files.write(file, toJson(result).getBytes(StandardCharsets.UTF_8));
  }

  /**
   * Reads a result file.
   *
   * @throws ResultFileException when the file cannot be read or is not a result of schema version 1
   *     to {@value #SCHEMA_VERSION}; the message names the file and the cause
   */
  public static RunResult read(Path file) throws ResultFileException {
    String text;
    try {
      text = Files.readString(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new ResultFileException("file \"" + file + "\"", "cannot read the file (" + e + ")", e);
    }
    return parse(text, "file \"" + file + "\"");
  }

  /**
   * Reads a result from JSON text.
   *
   * @param source what the text is, for messages (for example a file name)
   * @throws ResultFileException when the text is not a result of schema version 1 to {@value
   *     #SCHEMA_VERSION}
   */
  public static RunResult fromJson(String json, String source) throws ResultFileException {
    return parse(json, source);
  }

  private static RunResult parse(String text, String source) throws ResultFileException {
    JsonNode root;
    try {
      root = MAPPER.readTree(text);
    } catch (JsonProcessingException e) {
      throw new ResultFileException(
          source,
          "not valid JSON ("
              + e.getOriginalMessage()
              + " at line "
              + e.getLocation().getLineNr()
              + ", column "
              + e.getLocation().getColumnNr()
              + ")",
          e);
    }
    if (root == null || !root.isObject()) {
      throw new ResultFileException(source, "not a JSON object", null);
    }
    JsonNode version = root.get("schemaVersion");
    if (version == null) {
      throw new ResultFileException(
          source, "no \"schemaVersion\" field; not a pgperf result", null);
    }
    if (!version.isInt()
        || version.intValue() < SCHEMA_VERSION_1
        || version.intValue() > SCHEMA_VERSION) {
      throw new ResultFileException(
          source,
          "schema version "
              + version
              + " is not supported (this pgperf reads versions "
              + SCHEMA_VERSION_1
              + " to "
              + SCHEMA_VERSION
              + ")",
          null);
    }
    ObjectNode fields = ((ObjectNode) root).deepCopy();
    fields.remove("schemaVersion");
    if (version.intValue() == SCHEMA_VERSION_1) {
      upgradeFromVersion1(fields);
    }
    if (version.intValue() <= SCHEMA_VERSION_2) {
      upgradeFromVersion2(fields, version.intValue(), source);
    }
    if (version.intValue() <= SCHEMA_VERSION_3) {
      upgradeFromVersion3(fields);
    }
    if (version.intValue() <= SCHEMA_VERSION_4) {
      upgradeFromVersion4(fields, version.intValue(), source);
    }
    if (version.intValue() <= SCHEMA_VERSION_5) {
      upgradeFromVersion5(fields, version.intValue(), source);
    }
    if (version.intValue() <= SCHEMA_VERSION_6) {
      upgradeFromVersion6(fields, version.intValue(), source);
    }
    if (!fields.has("cpu")) {
      // Added to schema 7 before its release: its first files (and every older one) lack it.
      fields.putNull("cpu");
    }
    withNestedStatements(fields);
    if (fields.get("serverWork") instanceof ObjectNode work
        && work.get("waits") instanceof ObjectNode waits
        && !waits.has("lockWaiters")) {
      // Added to schema 7 before its release, as cpu: not recorded, none named.
      waits.putArray("lockWaiters");
    }
    try {
      return MAPPER.treeToValue(fields, RunResult.class);
    } catch (JsonProcessingException e) {
      String cause = describe(e);
      if (version.intValue() <= SCHEMA_VERSION_5 && cause.startsWith("at settings")) {
        // Named as the file names it: before schema 6 the settings were "workload".
        cause = "at workload" + cause.substring("at settings".length());
      }
      throw new ResultFileException(source, cause, e);
    } catch (IllegalArgumentException e) {
      throw new ResultFileException(source, e.getMessage(), e);
    }
  }

  /**
   * Schema 6's fields as schema 7 holds them: whether pg_stat_statements evicted entries during the
   * window, and a container's CPU, were not recorded (not known).
   */
  private static void upgradeFromVersion6(ObjectNode fields, int version, String source)
      throws ResultFileException {
    if (fields.get("serverWork") instanceof ObjectNode work) {
      if (work.get("cpu") instanceof ObjectNode cpu) {
        notKnown(cpu, "serverWork.cpu", "containerMicros", version, source);
      }
      notKnown(work, "serverWork", "statementEvictions", version, source);
    }
  }

  /**
   * {@code serverWork.statements[].nested}, added to schema 7 before its release: files without it
   * (its first files and every older one) read only top-level statements, so each of their
   * statements is top level, and nested statements were not recorded ({@code NESTED_STATEMENTS} in
   * {@code unavailable} says so).
   */
  private static void withNestedStatements(ObjectNode fields) {
    if (!(fields.get("serverWork") instanceof ObjectNode work)
        || !(work.get("statements") instanceof ArrayNode statements)) {
      return;
    }
    boolean before = false;
    for (JsonNode statement : statements) {
      if (statement instanceof ObjectNode o && !o.has("nested")) {
        o.put("nested", false);
        before = true;
      }
    }
    if (before && work.get("unavailable") instanceof ArrayNode unavailable) {
      for (JsonNode u : unavailable) {
        if ("NESTED_STATEMENTS".equals(u.path("part").asText())) {
          return;
        }
      }
      unavailable.addObject().put("part", "NESTED_STATEMENTS").put("reason", NESTED_NOT_RECORDED);
    }
  }

  /**
   * Sets {@code field} of {@code object} (at {@code path}) to null, not known in schema {@code
   * version}; refuses a file that has it, which that version did not.
   */
  private static void notKnown(
      ObjectNode object, String path, String field, int version, String source)
      throws ResultFileException {
    if (object.has(field)) {
      throw new ResultFileException(
          source,
          "field \"" + path + "." + field + "\" is not part of" + " schema version " + version,
          null);
    }
    object.putNull(field);
  }

  /**
   * Schema 5's fields as schema 6 holds them: the settings were named {@code workload}, and why
   * clients aborted was not recorded.
   */
  private static void upgradeFromVersion5(ObjectNode fields, int version, String source)
      throws ResultFileException {
    if (fields.has("settings")) {
      throw new ResultFileException(
          source,
          "field \"settings\" is not part of schema version "
              + version
              + " (it calls them \"workload\")",
          null);
    }
    if (fields.has("aborts")) {
      throw new ResultFileException(
          source, "field \"aborts\" is not part of schema version " + version, null);
    }
    JsonNode settings = fields.remove("workload");
    if (settings != null) {
      fields.set("settings", settings);
    }
    fields.putArray("aborts");
  }

  /**
   * Schema 4's fields as schema 5 holds them: the test that ran it was not recorded (readers take
   * it from the file name).
   */
  private static void upgradeFromVersion4(ObjectNode fields, int version, String source)
      throws ResultFileException {
    if (fields.get("identity") instanceof ObjectNode identity) {
      notKnown(identity, "identity", "test", version, source);
    }
  }

  /** Schema 3's fields as schema 4 holds them: the machine's CPU was not recorded. */
  private static void upgradeFromVersion3(ObjectNode fields) {
    if (fields.get("serverWork") instanceof ObjectNode work
        && work.get("cpu") instanceof ObjectNode cpu
        && !cpu.has("machine")) {
      cpu.putNull("machine");
    }
  }

  /** Schema 2's fields as schema 3 holds them: the server's work was not captured. */
  private static void upgradeFromVersion2(ObjectNode fields, int version, String source)
      throws ResultFileException {
    if (fields.has("serverWork")) {
      throw new ResultFileException(
          source, "field \"serverWork\" is not part of schema version " + version, null);
    }
    fields.putNull("serverWork");
  }

  /** Schema 1's fields as schema 2 holds them: what it did not record is unknown. */
  private static void upgradeFromVersion1(ObjectNode fields) {
    fields.putNull("identity");
    JsonNode machines = fields.get("clientMachines");
    if (machines != null && machines.isArray()) {
      for (JsonNode machine : machines) {
        if (machine instanceof ObjectNode m && !m.has("cpu") && !m.has("memoryBytes")) {
          m.putNull("cpu");
          m.put("memoryBytes", 0);
        }
      }
    }
  }

  /**
   * The cause of a mapping error with the JSON path where it happened, e.g. {@code
   * scripts[0].name}.
   */
  private static String describe(JsonProcessingException e) {
    String cause =
        e instanceof ValueInstantiationException && e.getCause() != null
            ? e.getCause().getMessage()
            : e.getOriginalMessage();
    if (e instanceof JsonMappingException m && !m.getPath().isEmpty()) {
      StringBuilder path = new StringBuilder();
      for (JsonMappingException.Reference ref : m.getPath()) {
        if (ref.getFieldName() != null) {
          path.append(path.length() == 0 ? "" : ".").append(ref.getFieldName());
        } else if (ref.getIndex() >= 0) {
          path.append('[').append(ref.getIndex()).append(']');
        }
      }
      return "at " + path + ": " + firstLine(cause);
    }
    return firstLine(cause);
  }

  /** Jackson's message without its advice on features and its line breaks. */
  private static String firstLine(String text) {
    if (text == null) {
      return "invalid content";
    }
    int nl = text.indexOf('\n');
    String line = nl < 0 ? text : text.substring(0, nl);
    if (line.startsWith("Missing creator property '")) {
      return "missing field \"" + line.substring(26, line.indexOf('\'', 26)) + "\"";
    }
    int advice = line.indexOf("; `DeserializationFeature");
    return advice < 0 ? line : line.substring(0, advice);
  }

  private static final class InstantSerializer extends JsonSerializer<Instant> {
    @Override
    public void serialize(Instant value, JsonGenerator gen, SerializerProvider serializers)
        throws IOException {
      gen.writeString(value.toString());
    }
  }

  private static final class InstantDeserializer extends JsonDeserializer<Instant> {
    @Override
    public Instant deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
      String text = p.getValueAsString();
      try {
        return Instant.parse(text);
      } catch (DateTimeParseException | NullPointerException e) {
        throw JsonMappingException.from(p, "not an ISO-8601 instant: " + text);
      }
    }
  }

  private static final class LatenciesSerializer extends JsonSerializer<Latencies> {
    @Override
    public void serialize(Latencies value, JsonGenerator gen, SerializerProvider serializers)
        throws IOException {
      gen.writeStartObject();
      gen.writeStringField("histogram", value.encodedHistogram());
      gen.writeNumberField("sumMicros", value.moments().sum());
      gen.writeNumberField("sumOfSquares", value.moments().sumOfSquares());
      gen.writeNumberField("minMicros", value.minMicros());
      gen.writeNumberField("maxMicros", value.maxMicros());
      gen.writeEndObject();
    }
  }

  private static final class LatenciesDeserializer extends JsonDeserializer<Latencies> {
    @Override
    public Latencies deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
      JsonNode node = ctxt.readTree(p);
      for (String field :
          new String[] {"histogram", "sumMicros", "sumOfSquares", "minMicros", "maxMicros"}) {
        if (node == null || !node.hasNonNull(field)) {
          throw JsonMappingException.from(p, "latencies need the field \"" + field + "\"");
        }
      }
      if (node.size() != 5) {
        List<String> names = new ArrayList<>();
        node.fieldNames().forEachRemaining(names::add);
        throw JsonMappingException.from(p, "latencies have unknown fields: " + names);
      }
      try {
        return Latencies.decode(
            node.get("histogram").asText(),
            node.get("sumMicros").asLong(),
            node.get("sumOfSquares").asDouble(),
            node.get("minMicros").asLong(),
            node.get("maxMicros").asLong());
      } catch (IllegalArgumentException e) {
        throw JsonMappingException.from(p, e.getMessage());
      }
    }
  }
}
