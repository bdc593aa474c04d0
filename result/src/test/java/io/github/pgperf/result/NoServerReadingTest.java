package io.github.pgperf.result;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * pgperf-result holds values only: what reads a server (JDBC, sockets) stays in the harness, so
 * that the Maven plugin and other readers of results carry no driver.
 */
class NoServerReadingTest {

  @Test
  void noSourceOfTheModuleUsesJdbcOrSockets() throws IOException {
    List<String> offending;
    try (Stream<Path> files = Files.walk(Path.of("src", "main", "java"))) {
      offending =
          files
              .filter(f -> f.toString().endsWith(".java"))
              .filter(
                  f -> {
                    try {
                      String source = Files.readString(f);
                      return source.contains("java.sql.")
                          || source.contains("java.net.")
                          || source.contains("io.github.pgperf.internal.connect.")
                          || source.contains("io.github.pgperf.internal.script.");
                    } catch (IOException e) {
                      throw new java.io.UncheckedIOException(e);
                    }
                  })
              .map(Path::toString)
              .toList();
    }
    assertThat(offending).as("sources of pgperf-result that read a server or a script").isEmpty();
  }
}
