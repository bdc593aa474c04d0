package io.github.pgperf.gate;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * The baseline committed in the user's repository: a directory with one JSON file per test key
 * ({@code <key>.json}, characters other than letters, digits, {@code . _ -} written as {@code _}),
 * each holding the test's samples from the last recorded builds, with their builds and fingerprints
 * (format in {@code docs/gate.md}).
 *
 * <p>Reading is strict: a file of another format, an unknown field, or a value that is missing,
 * negative, not a number or of the wrong type makes the file unreadable, a named outcome ({@link
 * Verdict#UNREADABLE_BASELINE}) rather than a baseline with holes.
 */
public final class BaselineStore {

  /**
   * The version of the store's file format this code writes. 3 adds each sample's work (per
   * transaction, per statement, plans) and work fingerprint, and later its wait events' shares
   * ({@code waits}, optional: files written before it are read without); 2, whose samples have no
   * work, is still read.
   */
  public static final int FORMAT_VERSION = 3;

  /** The previous format, still read: samples without work. */
  static final int PREVIOUS_FORMAT_VERSION = 2;

  private static final ObjectMapper MAPPER =
      JsonMapper.builder()
          .enable(SerializationFeature.INDENT_OUTPUT)
          .enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS)
          .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
          .enable(DeserializationFeature.FAIL_ON_MISSING_CREATOR_PROPERTIES)
          .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
          // "12" is not a number: a value of the wrong type makes the file unreadable.
          .disable(MapperFeature.ALLOW_COERCION_OF_SCALARS)
          .build();

  /**
   * What the store holds.
   *
   * @param samples every readable test's samples, by key
   * @param problems the files that cannot be used ({@link Verdict#UNREADABLE_BASELINE})
   */
  public record Contents(Map<String, List<Sample>> samples, List<ResultFiles.Problem> problems) {
    public Contents {
      samples = Map.copyOf(samples);
      problems = List.copyOf(problems);
    }
  }

  private final Path directory;

  /** The store in {@code directory} (which need not exist yet). */
  public BaselineStore(Path directory) {
    this.directory = directory;
  }

  /** The store's directory. */
  public Path directory() {
    return directory;
  }

  /** The file that holds {@code key}'s samples. */
  public Path file(String key) {
    return directory.resolve(key.replaceAll("[^A-Za-z0-9._-]", "_") + ".json");
  }

  /**
   * Every test's stored samples, by key, and the files that cannot be used.
   *
   * @throws IOException when the directory exists but cannot be listed
   */
  public Contents load() throws IOException {
    Map<String, List<Sample>> all = new TreeMap<>();
    List<ResultFiles.Problem> problems = new ArrayList<>();
    if (!Files.isDirectory(directory)) {
      return new Contents(all, problems);
    }
    for (Path file : files()) {
      try {
        StoredTest test = read(file);
        all.put(test.key(), samples(test, file));
      } catch (IOException e) {
        String name = file.getFileName().toString();
        problems.add(
            new ResultFiles.Problem(
                name.substring(0, name.length() - ".json".length()),
                Verdict.UNREADABLE_BASELINE,
                e.getMessage()));
      }
    }
    return new Contents(all, problems);
  }

  /**
   * Adds {@code samples} to their tests' files, keeping the samples of each test's last {@code
   * keepBuilds} builds (the build whose first sample is oldest goes first). A sample already stored
   * (same build, source and start) is not added twice.
   *
   * @return the number of samples added
   * @throws IOException when a file cannot be read or written, or an existing file is unreadable
   *     (it is left as it is: nothing recorded is ever dropped unread)
   */
  public int record(Map<String, List<Sample>> samples, int keepBuilds) throws IOException {
    if (keepBuilds < 1) {
      throw new IllegalArgumentException(
          "the baseline must keep at least 1 build, not " + keepBuilds);
    }
    Files.createDirectories(directory);
    int added = 0;
    for (Map.Entry<String, List<Sample>> entry : samples.entrySet()) {
      Path file = file(entry.getKey());
      List<Sample> kept = new ArrayList<>();
      if (Files.exists(file)) {
        kept.addAll(samples(read(file), file));
      }
      for (Sample s : entry.getValue()) {
        boolean known =
            kept.stream()
                .anyMatch(
                    k ->
                        k.build().equals(s.build())
                            && k.source().equals(s.source())
                            && k.startedAt().equals(s.startedAt()));
        if (!known) {
          kept.add(s);
          added++;
        }
      }
      write(file, entry.getKey(), lastBuilds(kept, keepBuilds));
    }
    return added;
  }

  /** The samples of the {@code keep} builds that started last, in their order. */
  static List<Sample> lastBuilds(List<Sample> samples, int keep) {
    Map<String, Instant> firstStart = new LinkedHashMap<>();
    for (Sample s : samples) {
      firstStart.merge(s.build(), s.startedAt(), (a, b) -> a.isBefore(b) ? a : b);
    }
    List<String> builds =
        firstStart.entrySet().stream()
            .sorted(
                Map.Entry.<String, Instant>comparingByValue()
                    .thenComparing(Map.Entry.comparingByKey()))
            .map(Map.Entry::getKey)
            .toList();
    List<String> kept = builds.subList(Math.max(0, builds.size() - keep), builds.size());
    return samples.stream()
        .filter(s -> kept.contains(s.build()))
        .sorted(Comparator.comparing(Sample::startedAt).thenComparing(Sample::source))
        .toList();
  }

  private List<Path> files() throws IOException {
    try (Stream<Path> list = Files.list(directory)) {
      return list.filter(f -> f.getFileName().toString().endsWith(".json")).sorted().toList();
    }
  }

  private static void write(Path file, String key, List<Sample> samples) throws IOException {
    List<StoredSample> stored = new ArrayList<>();
    for (Sample s : samples) {
      Map<String, Double> values = new LinkedHashMap<>();
      s.values().entrySet().stream()
          .sorted(Map.Entry.comparingByKey())
          .filter(e -> e.getKey().measured(e.getValue()))
          .forEach(e -> values.put(e.getKey().label(), e.getValue()));
      stored.add(
          new StoredSample(
              s.build(),
              s.source(),
              s.startedAt().toString(),
              values,
              s.fingerprint(),
              s.work(),
              Double.isNaN(s.othersShare()) ? null : s.othersShare(),
              s.transactions() > 0 ? s.transactions() : null));
    }
    Files.writeString(
        file,
        MAPPER.writeValueAsString(new StoredTest(FORMAT_VERSION, key, stored)) + "\n",
        StandardCharsets.UTF_8);
  }

  private static StoredTest read(Path file) throws IOException {
    String text = Files.readString(file, StandardCharsets.UTF_8);
    try {
      JsonNode tree = MAPPER.readTree(text);
      int version = tree.path("formatVersion").asInt(-1);
      if (version == PREVIOUS_FORMAT_VERSION) {
        StoredTestV2 old = MAPPER.readValue(text, StoredTestV2.class);
        return new StoredTest(
            old.formatVersion(),
            old.key(),
            old.samples() == null
                ? null
                : old.samples().stream().map(v2 -> v2 == null ? null : v2.withoutWork()).toList());
      }
      if (version != FORMAT_VERSION) {
        throw new IOException(
            "cannot read baseline file \""
                + file
                + "\": format version "
                + (version < 0 ? "missing" : version)
                + " is not supported (this pgperf reads "
                + FORMAT_VERSION
                + " and "
                + PREVIOUS_FORMAT_VERSION
                + (version == 1
                    ? "; version 1 has no builds, the gate's unit:"
                        + " delete the file and record again with "
                        + Judge.RECORD
                    : "")
                + ")");
      }
      withOptionalFields(tree);
      StoredTest test = MAPPER.treeToValue(tree, StoredTest.class);
      if (test.key() == null || test.samples() == null) {
        throw new IOException(
            "cannot read baseline file \"" + file + "\": it needs \"key\" and \"samples\"");
      }
      return test;
    } catch (JsonProcessingException e) {
      throw new IOException(
          "cannot read baseline file \"" + file + "\": " + firstLine(e.getOriginalMessage()), e);
    }
  }

  /**
   * Fields added to format 3 without a new version, which its first files lack: every sample's
   * work's {@code waits}, {@code statementEvictions}, {@code edge} and {@code nestedStatements}
   * (absent: nested statements were not seen), and its {@code othersShare} and {@code
   * transactions}. They are set to null here (not known), so that a field missing for any other
   * reason still makes the file unreadable.
   */
  private static void withOptionalFields(JsonNode tree) {
    for (JsonNode sample : tree.path("samples")) {
      if (sample instanceof ObjectNode o && !o.has("othersShare")) {
        o.putNull("othersShare");
      }
      if (sample instanceof ObjectNode o && !o.has("transactions")) {
        o.putNull("transactions");
      }
      JsonNode work = sample.path("work");
      if (work instanceof ObjectNode w && !w.has("waits")) {
        w.putNull("waits");
      }
      if (work instanceof ObjectNode w && !w.has("statementEvictions")) {
        w.putNull("statementEvictions");
      }
      if (work instanceof ObjectNode w && !w.has("edge")) {
        w.putNull("edge");
      }
      if (work instanceof ObjectNode w && !w.has("nestedStatements")) {
        w.putNull("nestedStatements");
      }
    }
  }

  private static List<Sample> samples(StoredTest test, Path file) throws IOException {
    List<Sample> out = new ArrayList<>();
    for (StoredSample s : test.samples()) {
      String where = "cannot read baseline file \"" + file + "\": sample " + (out.size() + 1);
      if (s == null || s.values() == null || s.fingerprint() == null || s.build() == null) {
        throw new IOException(where + " needs \"build\", \"values\" and \"fingerprint\"");
      }
      Map<Metric, Double> values = new EnumMap<>(Metric.class);
      for (Metric m : Metric.values()) {
        Double v = s.values().get(m.label());
        if (m.optional() && v == null) {
          continue;
        }
        if (v == null || !m.measured(v)) {
          throw new IOException(
              where
                  + ": "
                  + m.label()
                  + " is "
                  + (v == null
                      ? "missing"
                      : v
                          + ", not a "
                          + (m == Metric.LOCK_WAIT ? "number of at least 0" : "positive number")));
        }
        values.put(m, v);
      }
      try {
        s.values().keySet().forEach(Metric::parse);
        checkWork(s.work());
        Double others = s.othersShare();
        if (others != null && !(others >= 0 && others <= 1)) {
          throw new IllegalArgumentException(
              "othersShare is " + others + ", not a share from 0 to 1");
        }
        if (s.transactions() != null && s.transactions() <= 0) {
          throw new IllegalArgumentException(
              "transactions is " + s.transactions() + ", not a positive number");
        }
        out.add(
            new Sample(
                test.key(),
                s.build(),
                s.source(),
                Instant.parse(s.startedAt()),
                values,
                s.fingerprint(),
                s.work(),
                others == null ? Double.NaN : others,
                s.transactions() == null ? 0 : s.transactions()));
      } catch (IllegalArgumentException | NullPointerException | DateTimeParseException e) {
        throw new IOException(where + ": " + e.getMessage(), e);
      }
    }
    return out;
  }

  /**
   * Refuses work with a value that is not a non-negative number, an unknown metric, or a plan whose
   * lines do not give its hash.
   *
   * @throws IllegalArgumentException naming the value
   */
  private static void checkWork(Work work) {
    if (work == null) {
      return;
    }
    if (work.perTransaction() != null) {
      checkValues("work", work.perTransaction(), WorkMetric.PER_TRANSACTION);
    }
    for (boolean nested : new boolean[] {false, true}) {
      if (work.statements(nested) == null) {
        continue;
      }
      String kind = nested ? "nested statement \"" : "statement \"";
      work.statements(nested)
          .forEach(
              (text, f) -> {
                if (f == null || f.calls() < 0) {
                  throw new IllegalArgumentException(kind + text + "\" needs calls of 0 or more");
                }
                checkValues(kind + text + "\"", f.perCall(), WorkMetric.PER_CALL);
              });
    }
    if (work.statementEvictions() != null && work.statementEvictions() < 0) {
      throw new IllegalArgumentException(
          "statementEvictions is " + work.statementEvictions() + ", not a count of 0 or more");
    }
    if (work.waits() != null) {
      work.waits()
          .forEach(
              (event, share) -> {
                if (event.isBlank() || share == null || !(share >= 0 && share <= 1)) {
                  throw new IllegalArgumentException(
                      "wait event \""
                          + event
                          + "\": share "
                          + share
                          + " is not a number from 0 to 1");
                }
              });
    }
    if (work.plans() != null) {
      work.plans()
          .forEach(
              (name, plan) -> {
                try {
                  plan.shape();
                } catch (IllegalArgumentException | NullPointerException e) {
                  throw new IllegalArgumentException("plan of " + name + ": " + e.getMessage(), e);
                }
              });
    }
  }

  private static void checkValues(
      String what, Map<String, Double> values, List<WorkMetric> metrics) {
    for (WorkMetric m : metrics) {
      Double v = values.get(m.label());
      if (v == null && !m.required()) {
        continue;
      }
      if (v == null || !(v >= 0) || v.isInfinite()) {
        throw new IllegalArgumentException(
            what
                + ": "
                + m.label()
                + " is "
                + (v == null ? "missing" : v + ", not a number of 0 or more"));
      }
    }
    for (String label : values.keySet()) {
      if (!metrics.contains(WorkMetric.parse(label))) {
        throw new IllegalArgumentException(what + ": " + label + " does not belong here");
      }
    }
  }

  private static String firstLine(String text) {
    if (text == null) {
      return "invalid content";
    }
    int nl = text.indexOf('\n');
    return nl < 0 ? text : text.substring(0, nl);
  }

  /** A test's file. */
  record StoredTest(int formatVersion, String key, List<StoredSample> samples) {}

  /**
   * A sample as stored: its build, metric values by their labels, and its work ({@code null} when
   * the result had none).
   */
  record StoredSample(
      String build,
      String source,
      String startedAt,
      Map<String, Double> values,
      Fingerprint fingerprint,
      Work work,
      Double othersShare,
      Long transactions) {}

  /** A test's file of format 2. */
  record StoredTestV2(int formatVersion, String key, List<StoredSampleV2> samples) {}

  /** A sample of format 2: no work. */
  record StoredSampleV2(
      String build,
      String source,
      String startedAt,
      Map<String, Double> values,
      Fingerprint fingerprint) {
    StoredSample withoutWork() {
      return new StoredSample(build, source, startedAt, values, fingerprint, null, null, null);
    }
  }
}
