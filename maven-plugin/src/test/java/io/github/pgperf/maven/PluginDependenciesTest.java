package io.github.pgperf.maven;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

/**
 * The plugin's class path, as Maven builds it for every goal from the generated descriptor, must
 * carry no JDBC driver, server provider or test framework: they would clash with the versions a
 * user's project picks, and the plugin only reads results ({@code pgperf-result}) and judges them
 * ({@code pgperf-gate}), never the engine that makes them.
 */
class PluginDependenciesTest {

  /** Group ids that must not reach the plugin's class path, by prefix. */
  private static final List<String> FORBIDDEN =
      List.of(
          "org.postgresql",
          "io.zonky.",
          "org.assertj",
          "org.junit.jupiter",
          "info.picocli",
          "org.testcontainers",
          "io.github.pgperf:pgperf-harness",
          "io.github.pgperf:pgperf-engine",
          "io.github.pgperf:pgperf-cli");

  @Test
  void runtimeDependenciesHoldNoDriverProviderOrTestFramework() throws Exception {
    List<String> dependencies =
        descriptorDependencies(Path.of("target", "classes", "META-INF", "maven", "plugin.xml"));

    assertThat(dependencies)
        .as("the plugin's runtime dependencies (plugin.xml)")
        .contains("io.github.pgperf:pgperf-gate", "io.github.pgperf:pgperf-result");
    assertThat(dependencies.stream().filter(PluginDependenciesTest::forbidden))
        .as("dependencies the plugin must not bring onto its class path")
        .isEmpty();
  }

  private static boolean forbidden(String coordinates) {
    return FORBIDDEN.stream()
        .anyMatch(
            f ->
                f.endsWith(".")
                    ? coordinates.startsWith(f)
                    : coordinates.equals(f)
                        || coordinates.startsWith(f + ":")
                        || coordinates.startsWith(f + "."));
  }

  /** groupId:artifactId of each dependency the descriptor lists for the plugin's class path. */
  private static List<String> descriptorDependencies(Path descriptor) throws Exception {
    assertThat(descriptor).as("the plugin descriptor, generated before the tests run").exists();
    DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
    factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
    Document document;
    try (var in = Files.newInputStream(descriptor)) {
      document = factory.newDocumentBuilder().parse(in);
    }
    List<String> result = new ArrayList<>();
    // The plugin's own <dependencies>: the child of <plugin>, not the mojos' parameters.
    for (Node child = document.getDocumentElement().getFirstChild();
        child != null;
        child = child.getNextSibling()) {
      if (child instanceof Element e && e.getTagName().equals("dependencies")) {
        NodeList dependencies = e.getElementsByTagName("dependency");
        for (int i = 0; i < dependencies.getLength(); i++) {
          Element d = (Element) dependencies.item(i);
          result.add(text(d, "groupId") + ":" + text(d, "artifactId"));
        }
      }
    }
    return result;
  }

  private static String text(Element parent, String tag) {
    return parent.getElementsByTagName(tag).item(0).getTextContent().strip();
  }
}
