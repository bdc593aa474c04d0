package io.github.pgperf.history;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;

/**
 * pgperf's change points against Apache Otava 0.8.0's on the same series and settings, recorded by
 * {@code bench/otava/record.py} (run again against a pip-installed Otava by {@code
 * bench/otava-differential.sh}): the series otava-test-data 0.1.9 generates (every pattern at four
 * noise levels and their pairwise sums, lengths 50 and 500, seed 42) and series recorded from the
 * example's builds. Indexes must be equal; p-values and means equal to floating-point noise.
 * Precision and recall against the generated series' known change points are printed.
 */
class OtavaDifferentialTest {

  static final String RECORDED = "otava-0.8.0.jsonl.gz";

  /** The system property naming another file of recorded cases. */
  static final String RECORDED_FILE = "pgperf.otava.recorded";

  /** A detected change point this close to a known one counts as found (otava-test-data's 5). */
  static final int TOLERANCE = 5;

  @Test
  void changePointsEqualOtavas() throws IOException {
    List<JsonNode> cases = recorded();
    assertThat(cases).as("recorded cases").hasSizeGreaterThan(150);
    Accuracy example = new Accuracy();
    int points = 0;
    Accuracy accuracy = new Accuracy();
    for (JsonNode c : cases) {
      double[] values = values(c.get("values"));
      DetectionSettings settings =
          new DetectionSettings(
              c.get("window").asInt(),
              c.get("pValue").asDouble(),
              c.get("minMagnitude").asDouble());
      List<ChangePoint> ours = new EDivisive(settings).changePoints(values);
      JsonNode theirs = c.get("otava");
      String name = c.get("name").asText() + " at " + settings;
      assertThat(ours.stream().map(ChangePoint::index).toList())
          .as(name)
          .isEqualTo(indexes(theirs));
      for (int i = 0; i < ours.size(); i++) {
        Segments s = ours.get(i).segments();
        JsonNode o = theirs.get(i);
        assertThat(s.pValue())
            .as(name + " p-value at " + ours.get(i).index())
            .isCloseTo(
                o.get("pValue").asDouble(), within(1e-12 + 1e-9 * o.get("pValue").asDouble()));
        assertThat(s.meanBefore()).isEqualTo(o.get("meanBefore").asDouble());
        assertThat(s.meanAfter()).isEqualTo(o.get("meanAfter").asDouble());
      }
      points += ours.size();
      if (c.get("window").asInt() == DetectionSettings.DEFAULT_WINDOW
          && c.has("truth")
          && !c.get("name").asText().startsWith("example")) {
        accuracy.add(indexes(c.get("truth")), ours.stream().map(ChangePoint::index).toList());
      } else if (c.get("window").asInt() == DetectionSettings.DEFAULT_WINDOW) {
        example.add(indexes(c.get("truth")), ours.stream().map(ChangePoint::index).toList());
      }
    }
    assertThat(points).as("change points compared").isGreaterThan(200);
    System.out.println(
        "OtavaDifferentialTest: "
            + cases.size()
            + " cases, "
            + points
            + " change points equal to Otava's; on otava-test-data's known change points (±"
            + TOLERANCE
            + "): "
            + accuracy
            + "; on the example's trials with a 30% step: "
            + example);
  }

  /**
   * The recorded cases: the committed ones, or those of the file named by the system property
   * {@value #RECORDED_FILE} (bench/otava-differential.sh records them afresh with Otava).
   */
  static List<JsonNode> recorded() throws IOException {
    ObjectMapper mapper = new ObjectMapper();
    List<JsonNode> cases = new ArrayList<>();
    String file = System.getProperty(RECORDED_FILE);
    InputStream source =
        file == null
            ? OtavaDifferentialTest.class.getResourceAsStream(RECORDED)
            : Files.newInputStream(Path.of(file));
    try (InputStream in =
            file == null || file.endsWith(".gz") ? new GZIPInputStream(source) : source;
        BufferedReader lines =
            new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
      for (String line = lines.readLine(); line != null; line = lines.readLine()) {
        if (!line.isBlank()) {
          cases.add(mapper.readTree(line));
        }
      }
    }
    return cases;
  }

  static double[] values(JsonNode array) {
    double[] values = new double[array.size()];
    for (int i = 0; i < values.length; i++) {
      values[i] = array.get(i).asDouble();
    }
    return values;
  }

  static List<Integer> indexes(JsonNode array) {
    List<Integer> out = new ArrayList<>();
    for (JsonNode n : array) {
      out.add(n.isObject() ? n.get("index").asInt() : n.asInt());
    }
    return out;
  }

  /** Detections matched to known change points, greedily as otava-test-data matches them. */
  static final class Accuracy {
    int truePositives;
    int falsePositives;
    int falseNegatives;

    void add(List<Integer> truth, List<Integer> detected) {
      List<Integer> matched = new ArrayList<>();
      for (int d : detected) {
        for (int t : truth) {
          if (!matched.contains(t) && Math.abs(d - t) <= TOLERANCE) {
            matched.add(t);
            break;
          }
        }
      }
      truePositives += matched.size();
      falsePositives += detected.size() - matched.size();
      falseNegatives += truth.size() - matched.size();
    }

    double precision() {
      return (double) truePositives / (truePositives + falsePositives);
    }

    double recall() {
      return (double) truePositives / (truePositives + falseNegatives);
    }

    @Override
    public String toString() {
      return String.format(
          java.util.Locale.ROOT,
          "precision %.3f, recall %.3f (%d found, %d false, %d missed)",
          precision(),
          recall(),
          truePositives,
          falsePositives,
          falseNegatives);
    }
  }
}
