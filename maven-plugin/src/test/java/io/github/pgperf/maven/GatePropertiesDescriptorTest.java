package io.github.pgperf.maven;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.pgperf.gate.GateProperties;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * The goals' gate parameters default as {@code pgperf check} does: every parameter of the generated
 * descriptor whose property is one of {@link GateProperties}' has its default there.
 */
class GatePropertiesDescriptorTest {

  @Test
  void everyGoalsGateParameterDefaultsAsTheCommand() throws Exception {
    Path descriptor = Path.of("target", "classes", "META-INF", "maven", "plugin.xml");
    NodeList configurations =
        DocumentBuilderFactory.newInstance()
            .newDocumentBuilder()
            .parse(descriptor.toFile())
            .getElementsByTagName("configuration");
    Map<String, String> seen = new TreeMap<>();
    for (int c = 0; c < configurations.getLength(); c++) {
      NodeList parameters = configurations.item(c).getChildNodes();
      for (int i = 0; i < parameters.getLength(); i++) {
        if (parameters.item(i) instanceof Element parameter) {
          String text = parameter.getTextContent().strip();
          String property = text.startsWith("${") ? text.substring(2, text.length() - 1) : "";
          if (GateProperties.known(property)) {
            assertThat(parameter.getAttribute("default-value"))
                .as(property)
                .isEqualTo(GateProperties.defaults().get(property));
            seen.put(property, parameter.getAttribute("default-value"));
          }
        }
      }
    }
    assertThat(seen)
        .as("the gate's properties among the goals' parameters")
        .isEqualTo(new TreeMap<>(GateProperties.defaults()));
  }
}
