package io.github.pgperf.compare;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.pgperf.launch.ForkSettings;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * How the base revision's test JVM starts, as its own build resolved it ({@code pgperf:fork-plan}
 * in the base worktree, the same code that {@code pgperf:test} runs): its compiled test classes,
 * its test class path with the launcher, its configured argLine, system properties and environment.
 * Written to a file by the base build and read by {@code pgperf:compare}. The properties that may
 * hold a password ({@link ForkSettings#UNWRITTEN_PROPERTIES}) are never written; the comparison
 * hands both sides the session's own.
 *
 * @param testClasses the compiled test classes
 * @param settings the test JVM's settings
 * @param hasPgperf whether pgperf's harness is on the test class path
 */
public record ForkPlan(Path testClasses, ForkSettings settings, boolean hasPgperf) {

  /**
   * The properties with which {@code pgperf:compare} tells {@code pgperf:fork-plan}, in the base
   * revision's build, the file to write and the module (its base directory) that writes it.
   */
  public static final String FILE_PROPERTY = "pgperf.forkPlan.file";

  public static final String MODULE_PROPERTY = "pgperf.forkPlan.module";

  private static final ObjectMapper JSON = new ObjectMapper();

  public void write(Path file) throws IOException {
    ObjectNode root = JSON.createObjectNode();
    root.put("testClasses", testClasses.toString());
    root.put("hasPgperf", hasPgperf);
    root.put("java", settings.java().toString());
    settings.jvmArguments().forEach(root.putArray("jvmArguments")::add);
    ObjectNode properties = root.putObject("systemProperties");
    settings
        .systemProperties()
        .forEach(
            (k, v) -> {
              if (!ForkSettings.UNWRITTEN_PROPERTIES.contains(k)) {
                properties.put(k, v);
              }
            });
    ObjectNode environment = root.putObject("environment");
    settings.environment().forEach(environment::put);
    root.put("workingDirectory", settings.workingDirectory().toString());
    settings.classpath().forEach(p -> root.withArray("classpath").add(p.toString()));
    root.put("timeoutSeconds", settings.timeout().toSeconds());
    root.put("outputDirectory", settings.outputDirectory().toString());
    Files.createDirectories(file.getParent());
    JSON.writerWithDefaultPrettyPrinter().writeValue(file.toFile(), root);
  }

  public static ForkPlan read(Path file) throws IOException {
    JsonNode root = JSON.readTree(file.toFile());
    ForkSettings settings =
        new ForkSettings(
            Path.of(root.path("java").asText()),
            strings(root.path("jvmArguments")),
            map(root.path("systemProperties")),
            map(root.path("environment")),
            Path.of(root.path("workingDirectory").asText()),
            strings(root.path("classpath")).stream().map(Path::of).toList(),
            Duration.ofSeconds(root.path("timeoutSeconds").asLong()),
            Path.of(root.path("outputDirectory").asText()));
    return new ForkPlan(
        Path.of(root.path("testClasses").asText()), settings, root.path("hasPgperf").asBoolean());
  }

  private static List<String> strings(JsonNode array) {
    List<String> list = new ArrayList<>();
    array.forEach(n -> list.add(n.asText()));
    return list;
  }

  private static Map<String, String> map(JsonNode object) {
    Map<String, String> map = new LinkedHashMap<>();
    object.fields().forEachRemaining(e -> map.put(e.getKey(), e.getValue().asText()));
    return map;
  }
}
