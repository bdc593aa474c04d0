package io.github.pgperf.junit;

import io.github.pgperf.result.SettingKeys;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;

/**
 * The warnings for {@code pgperf.*} keys the extension does not read: a misspelt key would
 * otherwise be ignored without a word, and the run measure something else than asked. Deprecated
 * keys are read, with a warning naming their replacement.
 */
final class UnknownSettings {

  private UnknownSettings() {}

  /** One warning line per unknown or deprecated key among {@code keys}, sorted by key. */
  static List<String> warnings(Collection<String> keys) {
    List<String> lines = new ArrayList<>();
    Set<String> known = SettingKeys.global();
    for (String key : new TreeSet<>(keys)) {
      if (!key.startsWith(SettingKeys.PREFIX)) {
        continue;
      }
      SettingKeys.replacement(key)
          .ifPresentOrElse(
              replacement ->
                  lines.add("pgperf: warning: " + key + " is deprecated; use " + replacement),
              () -> {
                if (!SettingKeys.isExtensionKey(key)) {
                  lines.add("pgperf: warning: " + SettingKeys.unknown(key, known));
                }
              });
    }
    return lines;
  }

  /**
   * The keys the test JVM was given where the extension can list them: its system properties and
   * the class path's {@code junit-platform.properties} (launcher parameters cannot be listed from
   * an extension).
   */
  static Set<String> given() {
    Set<String> keys = new TreeSet<>(System.getProperties().stringPropertyNames());
    ClassLoader loader = Thread.currentThread().getContextClassLoader();
    try (InputStream in =
        loader == null ? null : loader.getResourceAsStream("junit-platform.properties")) {
      if (in != null) {
        Properties file = new Properties();
        file.load(in);
        keys.addAll(file.stringPropertyNames());
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return keys;
  }
}
