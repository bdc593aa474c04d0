package io.github.pgperf.internal.provision;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The settings a started server gets: the provider's restored defaults, then the test's settings
 * over them; and what is reported: the provider's kept changes the test did not replace, and the
 * test's settings.
 */
record ServerStart(Map<String, String> commandLine, Map<String, String> reported) {

  static ServerStart of(Provider provider, ServerSettings settings) {
    Map<String, String> commandLine = new LinkedHashMap<>(provider.restoredDefaults());
    commandLine.putAll(settings.values());
    Map<String, String> reported = new LinkedHashMap<>(provider.keptChanges());
    reported.putAll(settings.values());
    return new ServerStart(Map.copyOf(commandLine), Map.copyOf(reported));
  }
}
