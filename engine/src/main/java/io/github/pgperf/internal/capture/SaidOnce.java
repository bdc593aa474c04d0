package io.github.pgperf.internal.capture;

import io.github.pgperf.work.ServerWork;
import java.io.PrintStream;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The lines about what the server cannot give that were printed already: a test suite's hundred
 * runs against one server say each once (the JUnit extension keeps one per launcher session, the
 * command line one per run). Every result records them anyway ({@link ServerWork#unavailable()}).
 */
public final class SaidOnce {

  private final Set<String> said = ConcurrentHashMap.newKeySet();

  /** Prints {@code line} on {@code err} unless it was printed through this object before. */
  void say(PrintStream err, String line) {
    if (said.add(line)) {
      err.println(line);
    }
  }
}
