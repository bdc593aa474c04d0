package io.github.pgperf.history;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The history in one file of JSON lines, {@value #FILE} in a directory, only ever appended to: a
 * build's lines are written at once, under a lock, so builds on one machine do not interleave. A
 * killed build can leave its last line cut short; reading skips it with a warning, and the next
 * append starts on a new line, so one broken line never spoils another.
 */
public final class DirectoryStore implements HistoryStore {

  /** The file's name. */
  public static final String FILE = "history.jsonl";

  private static final Map<Path, Object> WRITERS = new ConcurrentHashMap<>();

  private final Path directory;

  /** The store in {@code directory} (which need not exist yet). */
  public DirectoryStore(Path directory) {
    this.directory = directory;
  }

  /** The file the history is kept in. */
  public Path file() {
    return directory.resolve(FILE);
  }

  @Override
  public String description() {
    return file().toString();
  }

  @Override
  public History load() throws IOException {
    Path file = file();
    if (!Files.exists(file)) {
      return new History(List.of(), List.of(), List.of());
    }
    // Not Files.readString: a line cut short inside a character must not make the file unreadable.
    String text = new String(Files.readAllBytes(file), StandardCharsets.UTF_8);
    String[] lines = text.split("\n", -1);
    List<HistoryRecord> records = new ArrayList<>();
    List<ReportedChange> reported = new ArrayList<>();
    List<String> warnings = new ArrayList<>();
    for (int i = 0; i < lines.length; i++) {
      String line = lines[i].strip();
      if (line.isEmpty()) {
        continue;
      }
      boolean last = i == lines.length - 1; // no newline after it: a write cut short
      try {
        HistoryJson.Line read = HistoryJson.read(line);
        if (read instanceof HistoryJson.Line.Point p) {
          records.add(p.record());
        } else if (read instanceof HistoryJson.Line.Reported r) {
          reported.add(r.change());
        }
      } catch (IllegalArgumentException e) {
        warnings.add(
            last
                ? "the last line of "
                    + file
                    + " is incomplete (a build killed while writing it?)"
                    + " and is skipped: "
                    + e.getMessage()
                : "line "
                    + (i + 1)
                    + " of "
                    + file
                    + " cannot be read and is skipped: "
                    + e.getMessage());
      }
    }
    return new History(records, reported, warnings);
  }

  @Override
  public void append(List<HistoryRecord> points, List<ReportedChange> reported) throws IOException {
    Files.createDirectories(directory);
    // A file lock is the process's: threads of one JVM (parallel Maven modules) queue here first.
    synchronized (WRITERS.computeIfAbsent(file().toAbsolutePath().normalize(), f -> new Object())) {
      appendLocked(points, reported);
    }
  }

  private void appendLocked(List<HistoryRecord> points, List<ReportedChange> reported)
      throws IOException {
    try (FileChannel channel =
            FileChannel.open(
                file(),
                StandardOpenOption.CREATE,
                StandardOpenOption.READ,
                StandardOpenOption.WRITE);
        FileLock lock = channel.lock()) {
      Set<String> stored = new HashSet<>();
      for (HistoryRecord r : load().records()) {
        stored.add(r.build().build() + "\n" + r.test());
      }
      StringBuilder out = new StringBuilder();
      long size = channel.size();
      if (size > 0 && !endsWithNewline(channel, size)) {
        out.append('\n'); // after a cut-short line: keep it apart from ours
      }
      for (HistoryRecord r : points) {
        if (stored.add(r.build().build() + "\n" + r.test())) {
          out.append(HistoryJson.line(r)).append('\n');
        }
      }
      for (ReportedChange c : reported) {
        out.append(HistoryJson.line(c)).append('\n');
      }
      ByteBuffer bytes = ByteBuffer.wrap(out.toString().getBytes(StandardCharsets.UTF_8));
      long at = size;
      while (bytes.hasRemaining()) {
        at += channel.write(bytes, at);
      }
    }
  }

  private static boolean endsWithNewline(FileChannel channel, long size) throws IOException {
    ByteBuffer last = ByteBuffer.allocate(1);
    channel.read(last, size - 1);
    return last.get(0) == '\n';
  }
}
