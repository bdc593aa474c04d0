package io.github.pgperf.maven;

import io.github.pgperf.result.SettingKeys;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Which of the build's {@code pgperf.*} properties the test JVM gets: only the keys the JUnit
 * extension reads ({@link SettingKeys}), so that a POM property such as {@code pgperf.version}
 * never reaches it. A {@code pgperf.*} property that neither the extension nor one of this plugin's
 * parameters reads is named in a warning, once per key and Maven session, with the nearest known
 * key: a misspelt setting would otherwise be ignored without a word.
 */
final class ForwardedProperties {

  /**
   * Not settings: the conventional POM property for pgperf's own version, which a build uses in its
   * dependencies and plugins and nobody should be warned about.
   */
  private static final Set<String> NOT_SETTINGS = Set.of("pgperf.version");

  private static final Pattern PROPERTY = Pattern.compile("\\$\\{(pgperf\\.[A-Za-z0-9_.]+)}");

  /** Keys warned about in this Maven session (one plugin realm per session). */
  private static final Set<String> WARNED = ConcurrentHashMap.newKeySet();

  private ForwardedProperties() {}

  /**
   * The properties the test JVM gets out of {@code properties} (every {@code pgperf.*} property of
   * the build); each unknown key warned about through {@code warn}, once.
   */
  static Map<String, String> select(
      Map<String, String> properties, Set<String> pluginKeys, Consumer<String> warn) {
    Map<String, String> forwarded = new TreeMap<>();
    Set<String> known = new TreeSet<>(SettingKeys.global());
    known.addAll(pluginKeys);
    for (Map.Entry<String, String> e : new TreeMap<>(properties).entrySet()) {
      String key = e.getKey();
      if (SettingKeys.isExtensionKey(key)) {
        forwarded.put(key, e.getValue());
      } else if (!pluginKeys.contains(key) && !NOT_SETTINGS.contains(key) && WARNED.add(key)) {
        warn.accept("pgperf: " + SettingKeys.unknown(key, known));
      }
    }
    return forwarded;
  }

  /**
   * The properties of this plugin's parameters, as its descriptor declares them (the
   * {@code @Parameter(property = ...)} of every goal).
   */
  static Set<String> pluginKeys() {
    try (InputStream in =
        ForwardedProperties.class.getResourceAsStream("/META-INF/maven/plugin.xml")) {
      if (in == null) {
        return Set.of();
      }
      Matcher m = PROPERTY.matcher(new String(in.readAllBytes(), StandardCharsets.UTF_8));
      Set<String> keys = new TreeSet<>();
      while (m.find()) {
        keys.add(m.group(1));
      }
      return keys;
    } catch (IOException e) {
      return Set.of();
    }
  }
}
