package io.github.pgperf.internal.provision;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Server settings a provider starts PostgreSQL with, as {@code postgres -c name=value} takes them
 * (for example {@code shared_buffers=256MB}, {@code synchronous_commit=off}), in order.
 *
 * @param values the settings by name; later entries of the same name win
 */
public record ServerSettings(Map<String, String> values) {

  /** No settings: the server's defaults. */
  public static final ServerSettings NONE = new ServerSettings(Map.of());

  private static final Pattern NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_.]*");

  public ServerSettings {
    Map<String, String> copy = new LinkedHashMap<>();
    values.forEach(
        (name, value) -> {
          if (!NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("invalid server setting name \"" + name + "\"");
          }
          if (value.indexOf('\n') >= 0 || value.indexOf('\0') >= 0) {
            throw new IllegalArgumentException("invalid value of server setting \"" + name + "\"");
          }
          copy.put(name, value);
        });
    values = Collections.unmodifiableMap(copy);
  }

  /**
   * Parses {@code name=value} entries.
   *
   * @throws IllegalArgumentException naming the entry that is not {@code name=value}
   */
  public static ServerSettings parse(List<String> entries) {
    Map<String, String> values = new LinkedHashMap<>();
    for (String entry : entries) {
      int eq = entry.indexOf('=');
      if (eq <= 0) {
        throw new IllegalArgumentException(
            "server setting \"" + entry + "\" is not of the form name=value");
      }
      values.put(entry.substring(0, eq).trim(), entry.substring(eq + 1).trim());
    }
    return new ServerSettings(values);
  }

  /** These settings with {@code others} applied over them. */
  public ServerSettings with(ServerSettings others) {
    Map<String, String> all = new LinkedHashMap<>(values);
    all.putAll(others.values);
    return new ServerSettings(all);
  }

  /** Whether no setting is given. */
  public boolean isEmpty() {
    return values.isEmpty();
  }
}
