package io.github.pgperf.junit;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.pgperf.internal.capture.CaptureSettings;
import io.github.pgperf.result.SettingKeys;
import java.io.IOException;
import java.lang.reflect.Array;
import java.lang.reflect.Method;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * docs/configuration.md lists every key the extension reads and no other, each default as the
 * annotation (or the code, for keys without an attribute) has it.
 */
class ConfigurationDocTest {

  private static final Path DOC = Path.of("..", "docs", "configuration.md");

  @Test
  void theDocListsEveryKeyTheExtensionReadsAndNoOther() throws IOException {
    Set<String> expected = new TreeSet<>(SettingKeys.global());
    SettingKeys.DEPRECATED.keySet().forEach(k -> expected.add(SettingKeys.PREFIX + k));

    assertThat(new TreeSet<>(junitRows().keySet())).isEqualTo(expected);
  }

  @Test
  void everyDefaultInTheDocIsTheCodes() throws IOException {
    Map<String, String> rows = junitRows();
    Map<String, String> expected = new LinkedHashMap<>();
    for (Class<?> annotation : new Class<?>[] {PgPerfTest.class, Load.class}) {
      for (Method attribute : annotation.getDeclaredMethods()) {
        expected.put(SettingKeys.PREFIX + attribute.getName(), shown(attribute.getDefaultValue()));
      }
    }
    expected.put(
        "pgperf.results",
        "`" + String.join("/", iterable(Options.DEFAULT_RESULTS_DIRECTORY)) + "`");
    expected.put("pgperf.serverCounters", "`true`");
    expected.put("pgperf.waitSampling", "`" + CaptureSettings.DEFAULT_WAIT_SAMPLING_MILLIS + "ms`");
    expected.put("pgperf.installExtensions", "`false`");

    expected.forEach(
        (key, value) ->
            assertThat(rows.get(key))
                .as("default of %s in %s", key, DOC)
                .isEqualToIgnoringCase(value));
  }

  private static Iterable<String> iterable(Path path) {
    java.util.List<String> parts = new java.util.ArrayList<>();
    path.forEach(p -> parts.add(p.toString()));
    return parts;
  }

  /** An annotation default as the doc writes it: in backticks, or a dash for none. */
  private static String shown(Object value) {
    if (value.getClass().isArray()) {
      return Array.getLength(value) == 0 ? "—" : "`" + Array.get(value, 0) + "`";
    }
    if (value instanceof String s) {
      return s.isEmpty() ? "—" : "`" + s + "`";
    }
    if (value instanceof Double d) {
      return "`" + BigDecimal.valueOf(d).stripTrailingZeros().toPlainString() + "`";
    }
    if (value instanceof Enum<?> e) {
      return "`" + e.name() + "`";
    }
    return "`" + value + "`";
  }

  /** The JUnit section's rows: key to default column. */
  static Map<String, String> junitRows() throws IOException {
    Map<String, String> rows = new LinkedHashMap<>();
    boolean inSection = false;
    for (String line : Files.readAllLines(DOC)) {
      if (line.startsWith("## ")) {
        inSection = line.equals("## JUnit extension");
        continue;
      }
      if (inSection && line.startsWith("| `pgperf.")) {
        String[] cells = line.split(" \\| ");
        rows.put(cells[0].substring(3, cells[0].length() - 1), cells[3].trim());
      }
    }
    return rows;
  }
}
