package io.github.pgperf.gate;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * The baseline committed in the user's repository: a directory with one JSON file per test key
 * ({@code <key>.json}, characters other than letters, digits, {@code . _ -} written as {@code _}),
 * each holding the last recorded samples of the test with their fingerprints (format in
 * {@code docs/gate.md}).
 */
public final class BaselineStore {

  /** The version of the store's file format this code writes and reads. */
  public static final int FORMAT_VERSION = 1;

  private static final ObjectMapper MAPPER = new ObjectMapper()
      .enable(SerializationFeature.INDENT_OUTPUT)
      .enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS)
      .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
      .enable(DeserializationFeature.FAIL_ON_MISSING_CREATOR_PROPERTIES)
      .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES);

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
   * Every test's stored samples, by key.
   *
   * @throws IOException when a file cannot be read or is not a baseline file; the message names it
   */
  public Map<String, List<Sample>> load() throws IOException {
    Map<String, List<Sample>> all = new TreeMap<>();
    if (!Files.isDirectory(directory)) {
      return all;
    }
    List<Path> files;
    try (Stream<Path> list = Files.list(directory)) {
      files = list.filter(f -> f.getFileName().toString().endsWith(".json")).sorted().toList();
    }
    for (Path file : files) {
      StoredTest test = read(file);
      all.put(test.key(), samples(test, file));
    }
    return all;
  }

  /**
   * Adds {@code samples} to their tests' files, keeping each test's last {@code keep} samples
   * (oldest dropped first). A sample already stored (same source and start) is not added twice.
   *
   * @return the number of samples added
   * @throws IOException when a file cannot be read or written
   */
  public int record(Map<String, List<Sample>> samples, int keep) throws IOException {
    if (keep < 1) {
      throw new IllegalArgumentException("the baseline must keep at least 1 sample, not " + keep);
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
        boolean known = kept.stream().anyMatch(k ->
            k.source().equals(s.source()) && k.startedAt().equals(s.startedAt()));
        if (!known) {
          kept.add(s);
          added++;
        }
      }
      if (kept.size() > keep) {
        kept = new ArrayList<>(kept.subList(kept.size() - keep, kept.size()));
      }
      write(file, entry.getKey(), kept);
    }
    return added;
  }

  private static void write(Path file, String key, List<Sample> samples) throws IOException {
    List<StoredSample> stored = new ArrayList<>();
    for (Sample s : samples) {
      Map<String, Double> values = new LinkedHashMap<>();
      s.values().entrySet().stream()
          .sorted(Map.Entry.comparingByKey())
          .forEach(e -> values.put(e.getKey().label(), e.getValue()));
      stored.add(new StoredSample(s.source(), s.startedAt().toString(), values, s.fingerprint()));
    }
    Files.writeString(file, MAPPER.writeValueAsString(new StoredTest(FORMAT_VERSION, key, stored))
        + "\n", StandardCharsets.UTF_8);
  }

  private static StoredTest read(Path file) throws IOException {
    StoredTest test;
    try {
      test = MAPPER.readValue(Files.readString(file, StandardCharsets.UTF_8), StoredTest.class);
    } catch (JsonProcessingException e) {
      throw new IOException("cannot read baseline file \"" + file + "\": "
          + firstLine(e.getOriginalMessage()), e);
    }
    if (test.formatVersion() != FORMAT_VERSION) {
      throw new IOException("cannot read baseline file \"" + file + "\": format version "
          + test.formatVersion() + " is not supported (this pgperf reads " + FORMAT_VERSION + ")");
    }
    if (test.key() == null || test.samples() == null) {
      throw new IOException("cannot read baseline file \"" + file + "\": it needs \"key\" and \"samples\"");
    }
    return test;
  }

  private static List<Sample> samples(StoredTest test, Path file) throws IOException {
    List<Sample> out = new ArrayList<>();
    for (StoredSample s : test.samples()) {
      Map<Metric, Double> values = new EnumMap<>(Metric.class);
      try {
        s.values().forEach((name, value) -> values.put(Metric.parse(name), value));
        out.add(new Sample(test.key(), s.source(), Instant.parse(s.startedAt()), values,
            s.fingerprint()));
      } catch (IllegalArgumentException | NullPointerException | DateTimeParseException e) {
        throw new IOException("cannot read baseline file \"" + file + "\": sample "
            + (out.size() + 1) + ": " + e.getMessage(), e);
      }
    }
    return out;
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

  /** A sample as stored: metric values by their labels. */
  record StoredSample(
      String source, String startedAt, Map<String, Double> values, Fingerprint fingerprint) {}
}
