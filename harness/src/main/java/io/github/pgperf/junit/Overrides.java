package io.github.pgperf.junit;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The {@code pgperf.*} configuration parameters of a test run (system properties, {@code
 * junit-platform.properties}, launcher parameters), read once per run and cached in the root store,
 * since they are the same for every class.
 */
final class Overrides {

  private final Map<String, Object> values;

  private Overrides(Map<String, Object> values) {
    this.values = values;
  }

  /** Reads every option's key; a bad value fails here, naming the key and the value. */
  static Overrides read(ExtensionContext context) {
    return read(context::getConfigurationParameter);
  }

  /** As {@link #read(ExtensionContext)}, from configuration parameters by key. */
  static Overrides read(Function<String, Optional<String>> parameters) {
    Map<String, Object> values = new HashMap<>();
    for (Option<?> option : Options.ALL) {
      option.configured(parameters).ifPresent(v -> values.put(option.name(), v));
    }
    if (!values.containsKey(Options.RESULTS.name())) {
      Options.RESULTS_DIRECTORY
          .configured(parameters)
          .ifPresent(v -> values.put(Options.RESULTS.name(), v));
    }
    return new Overrides(Map.copyOf(values));
  }

  @SuppressWarnings("unchecked")
  <T> Optional<T> get(Option<T> option) {
    return Optional.ofNullable((T) values.get(option.name()));
  }
}
