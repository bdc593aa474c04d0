package io.github.pgperf.maven;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

/**
 * docs/configuration.md lists every goal's parameters as the plugin's descriptor declares them: the
 * same parameters, each with its property, type, default and goals.
 */
class ConfigurationDocTest {

  private static final Path DOC = Path.of("..", "docs", "configuration.md");

  /** A parameter as the doc's row gives it. */
  record Row(String property, String type, String defaultValue, Set<String> goals) {}

  @Test
  void theDocListsEveryGoalsParametersAsTheDescriptorDeclaresThem() throws Exception {
    assertThat(documented()).isEqualTo(declared());
  }

  private static Map<String, Row> declared() throws Exception {
    Document descriptor;
    try (InputStream in =
        ConfigurationDocTest.class.getResourceAsStream("/META-INF/maven/plugin.xml")) {
      assertThat(in).as("the plugin's descriptor").isNotNull();
      descriptor = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(in);
    }
    Map<String, Row> rows = new TreeMap<>();
    NodeList mojos = descriptor.getElementsByTagName("mojo");
    for (int i = 0; i < mojos.getLength(); i++) {
      Element mojo = (Element) mojos.item(i);
      String goal = text(mojo, "goal");
      if (goal.equals("help")) {
        continue;
      }
      Element configuration = child(mojo, "configuration");
      for (Element parameter : children(child(mojo, "parameters"), "parameter")) {
        if (text(parameter, "editable").equals("false")) {
          continue;
        }
        String name = text(parameter, "name");
        String type = text(parameter, "type");
        Element value = configuration == null ? null : child(configuration, name);
        String expression = value == null ? "" : value.getTextContent().trim();
        String property =
            expression.startsWith("${pgperf.")
                ? expression.substring(2, expression.length() - 1)
                : null;
        String defaultValue =
            value == null || !value.hasAttribute("default-value")
                ? null
                : value.getAttribute("default-value");
        Row row =
            rows.computeIfAbsent(
                name,
                n ->
                    new Row(
                        property,
                        type.substring(type.lastIndexOf('.') + 1),
                        defaultValue,
                        new TreeSet<>()));
        row.goals().add(goal);
      }
    }
    return rows;
  }

  private static Map<String, Row> documented() throws Exception {
    Map<String, Row> rows = new TreeMap<>();
    boolean inSection = false;
    for (String line : Files.readAllLines(DOC)) {
      if (line.startsWith("## ")) {
        inSection = line.equals("## Maven goals");
        continue;
      }
      if (!inSection || !line.startsWith("| `")) {
        continue;
      }
      String[] cells = line.substring(2).split(" \\| ");
      rows.put(
          code(cells[0]),
          new Row(
              code(cells[1]),
              cells[2].trim(),
              code(cells[3]),
              new TreeSet<>(Set.of(cells[4].trim().split(", ")))));
    }
    return rows;
  }

  /** A cell's text inside backticks, or null for a dash. */
  private static String code(String cell) {
    String c = cell.trim();
    return c.equals("—") ? null : c.substring(1, c.length() - 1);
  }

  private static String text(Element parent, String name) {
    Element e = child(parent, name);
    return e == null ? "" : e.getTextContent().trim();
  }

  private static Element child(Element parent, String name) {
    for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
      if (n instanceof Element e && e.getTagName().equals(name)) {
        return e;
      }
    }
    return null;
  }

  private static java.util.List<Element> children(Element parent, String name) {
    java.util.List<Element> all = new java.util.ArrayList<>();
    for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
      if (n instanceof Element e && e.getTagName().equals(name)) {
        all.add(e);
      }
    }
    return all;
  }
}
