package io.github.pgperf.example;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * README.md cannot drift from what is built and run: every code block in it is marked with where it
 * comes from, and this test compares it with that place. {@code <!-- snippet: FILE NAME -->} blocks
 * are the lines between {@code readme:NAME} and {@code /readme:NAME} in FILE (a file of the example
 * project, compiled and run by the build); {@code <!-- command: ci -->} is the command {@code
 * .ci/run} runs; {@code <!-- command: main -->} is the main job, which must build the example with
 * its gate; {@code <!-- command: cli -->} blocks are run by {@link CommandLineTest}.
 */
class ReadmeTest {

  static final Path ROOT =
      Path.of(System.getProperty("repositoryRoot", "..")).toAbsolutePath().normalize();
  private static final Pattern MARKER =
      Pattern.compile("<!-- (snippet|command): ([^ ]+)(?: ([^ ]+))? -->");

  /** A fenced code block and the marker line above it. */
  record Block(int line, String marker, String text) {}

  static List<Block> blocks() throws IOException {
    List<String> lines = Files.readAllLines(ROOT.resolve("README.md"), StandardCharsets.UTF_8);
    List<Block> blocks = new ArrayList<>();
    for (int i = 0; i < lines.size(); i++) {
      if (lines.get(i).startsWith("```")) {
        int start = i;
        StringBuilder text = new StringBuilder();
        for (i++; i < lines.size() && !lines.get(i).startsWith("```"); i++) {
          text.append(lines.get(i)).append('\n');
        }
        String above = start > 0 ? lines.get(start - 1).strip() : "";
        blocks.add(new Block(start + 1, above, text.toString()));
      }
    }
    return blocks;
  }

  @Test
  void everyCodeBlockSaysWhereItComesFrom() throws IOException {
    List<Block> blocks = blocks();
    assertThat(blocks).hasSizeGreaterThan(8);
    for (Block b : blocks) {
      assertThat(MARKER.matcher(b.marker()).matches())
          .as(
              "README.md line %d: a code block needs a snippet or command marker above it, not \"%s\"",
              b.line(), b.marker())
          .isTrue();
    }
  }

  @Test
  void snippetsAreTheExampleProjectsSource() throws IOException {
    int compared = 0;
    for (Block b : blocks()) {
      Matcher m = MARKER.matcher(b.marker());
      if (m.matches() && m.group(1).equals("snippet")) {
        assertThat(b.text())
            .as("README.md line %d: snippet %s of %s", b.line(), m.group(3), m.group(2))
            .isEqualTo(region(ROOT.resolve(m.group(2)), m.group(3)));
        compared++;
      }
    }
    assertThat(compared).isGreaterThanOrEqualTo(6);
  }

  @Test
  void theTestCommandIsWhatCiRuns() throws IOException {
    List<String> ci = Files.readAllLines(ROOT.resolve(".ci/run"), StandardCharsets.UTF_8);
    String ciCommand = ci.get(ci.indexOf("# README's test command:") + 1);
    assertThat(commands("ci")).containsExactly(ciCommand + "\n");
  }

  @Test
  void theMainJobBuildsPgperfThenTheExampleWithItsGate() throws IOException {
    assertThat(commands("main"))
        .singleElement()
        .satisfies(
            c -> {
              assertThat(c)
                  .startsWith("mvn -B install ")
                  .endsWith(" && mvn -B -f example-project verify\n");
              assertThat(c).contains("-DskipTests", "-Dpgperf.skip", "-Dinvoker.skip");
            });
  }

  @Test
  void theFirstTwoCodeBlocksAreTheTwoCommands() throws IOException {
    List<Block> blocks = blocks();
    assertThat(blocks.get(0).marker()).isEqualTo("<!-- command: main -->");
    assertThat(blocks.get(1).marker()).isEqualTo("<!-- command: ci -->");
  }

  @Test
  void linksAndImagesPointAtFilesOfThisRepository() throws IOException {
    String readme = Files.readString(ROOT.resolve("README.md"));
    Matcher m = Pattern.compile("\\]\\(([^)#]+)[^)]*\\)").matcher(readme);
    int links = 0;
    while (m.find()) {
      String target = m.group(1);
      if (!target.contains("://")) {
        assertThat(ROOT.resolve(target)).as("README.md links to %s", target).exists();
        links++;
      }
    }
    assertThat(links).isGreaterThanOrEqualTo(3);
  }

  @Test
  void theExampleUsesThisPgperfVersion() throws IOException {
    String pom = Files.readString(ROOT.resolve("example-project/pom.xml"));
    assertThat(pom)
        .contains("<version.pgperf>" + System.getProperty("pgperfVersion") + "</version.pgperf>");
  }

  @Test
  void aRegionIsTheLinesBetweenItsMarkersWithoutTheirCommonIndent(
      @org.junit.jupiter.api.io.TempDir Path dir) throws IOException {
    Path file = dir.resolve("Some.java");
    Files.writeString(file, "a\n  // readme:x\n    one\n\n  two\n\n  // /readme:x\nb\n");
    assertThat(region(file, "x")).isEqualTo("  one\n\ntwo\n");
    assertThat(org.assertj.core.api.Assertions.catchThrowable(() -> region(file, "y")))
        .hasMessageContaining("no region readme:y");
  }

  static List<String> commands(String kind) throws IOException {
    return blocks().stream()
        .filter(b -> b.marker().equals("<!-- command: " + kind + " -->"))
        .map(Block::text)
        .toList();
  }

  /**
   * The lines between {@code readme:name} and {@code /readme:name}, less their common indent and
   * the blank lines before the closing marker.
   */
  static String region(Path file, String name) throws IOException {
    List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
    int start = -1;
    int end = -1;
    for (int i = 0; i < lines.size(); i++) {
      String l = lines.get(i);
      if (l.contains("/readme:" + name) && marks(l, "/readme:" + name)) {
        end = i;
        break;
      }
      if (start < 0 && marks(l, "readme:" + name)) {
        start = i;
      }
    }
    if (start < 0 || end < 0) {
      throw new IllegalArgumentException("no region readme:" + name + " in " + file);
    }
    // google-java-format puts a blank line between a member and the comment after it, the closing
    // marker: that line is the file's layout, not the snippet's.
    while (end > start + 1 && lines.get(end - 1).isBlank()) {
      end--;
    }
    List<String> region = lines.subList(start + 1, end);
    int indent =
        region.stream()
            .filter(l -> !l.isBlank())
            .mapToInt(l -> l.length() - l.stripLeading().length())
            .min()
            .orElse(0);
    StringBuilder out = new StringBuilder();
    for (String l : region) {
      out.append(l.isBlank() ? "" : l.substring(indent)).append('\n');
    }
    return out.toString();
  }

  /** Whether the line is only a comment holding the marker (Java, XML, SQL or YAML comment). */
  private static boolean marks(String line, String marker) {
    String t = line.strip();
    return t.equals("// " + marker)
        || t.equals("<!-- " + marker + " -->")
        || t.equals("-- " + marker)
        || t.equals("# " + marker);
  }
}
