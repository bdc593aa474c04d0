package io.github.pgperf.launch;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The line file the test JVM writes as it goes and {@code pgperf:test} reads afterwards (also after
 * a killed fork, so it names the test that hung). One event a line, fields separated by tabs, tab,
 * newline and backslash escaped:
 *
 * <pre>
 * jvm        uptime-ms                      the fork's main began, this long after JVM start
 * discovered count  ms                      tests found by the launcher, and how long it took
 * test       name   class                   one found test and its top-level class (empty if none)
 * started    trial  name
 * finished   trial  name  status  ms  message
 * trial      trial  ms                      a trial's launcher execution ended (in serve mode: a slice's)
 * done       ms                             every trial ran (in serve mode: it was told to end)
 * </pre>
 */
final class Events implements AutoCloseable {

  static final String JVM = "jvm";
  static final String DISCOVERED = "discovered";
  static final String TEST = "test";
  static final String STARTED = "started";
  static final String FINISHED = "finished";
  static final String TRIAL = "trial";
  static final String DONE = "done";

  private final BufferedWriter out;

  private Events(BufferedWriter out) {
    this.out = out;
  }

  static Events create(Path file) throws IOException {
    Path parent = file.toAbsolutePath().getParent();
    Files.createDirectories(parent);
    return new Events(Files.newBufferedWriter(file, StandardCharsets.UTF_8));
  }

  /** Writes one event and flushes, so a killed JVM leaves every event before the kill. */
  synchronized void write(String kind, Object... fields) {
    try {
      out.write(kind);
      for (Object f : fields) {
        out.write('\t');
        out.write(escape(String.valueOf(f)));
      }
      out.write('\n');
      out.flush();
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  @Override
  public void close() throws IOException {
    out.close();
  }

  /** The events of a file, each as its fields (the kind first); none if the file is missing. */
  static List<List<String>> read(Path file) throws IOException {
    List<List<String>> events = new ArrayList<>();
    if (!Files.isRegularFile(file)) {
      return events;
    }
    for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
      if (!line.isEmpty()) {
        List<String> fields = new ArrayList<>();
        for (String f : line.split("\t", -1)) {
          fields.add(unescape(f));
        }
        events.add(fields);
      }
    }
    return events;
  }

  static String escape(String s) {
    StringBuilder b = new StringBuilder(s.length());
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '\\' -> b.append("\\\\");
        case '\t' -> b.append("\\t");
        case '\n' -> b.append("\\n");
        case '\r' -> b.append("\\r");
        default -> b.append(c);
      }
    }
    return b.toString();
  }

  static String unescape(String s) {
    StringBuilder b = new StringBuilder(s.length());
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '\\' && i + 1 < s.length()) {
        char n = s.charAt(++i);
        b.append(
            switch (n) {
              case 't' -> '\t';
              case 'n' -> '\n';
              case 'r' -> '\r';
              default -> n;
            });
      } else {
        b.append(c);
      }
    }
    return b.toString();
  }
}
