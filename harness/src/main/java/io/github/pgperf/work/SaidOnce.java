package io.github.pgperf.work;

import java.io.PrintStream;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Lines about what the server cannot give, printed once per JVM: a test suite's hundred runs
 * against one server say it once. Every result records it anyway ({@link ServerWork#unavailable()}).
 */
final class SaidOnce {

  private static final Set<String> SAID = ConcurrentHashMap.newKeySet();

  private SaidOnce() {}

  static void say(PrintStream err, String line) {
    if (SAID.add(line)) {
      err.println(line);
    }
  }
}
