package io.github.pgperf.junit;

import io.github.pgperf.result.DurationText;
import java.util.Optional;
import java.util.function.Function;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * One option of {@link PgPerfTest}: the attribute's name, which is also the configuration key
 * {@code pgperf.<name>}, and how its text is read. Annotation values are read by the same parser
 * from their text, so both places accept and refuse the same values with the same words.
 *
 * @param name the attribute's name
 * @param parser reads a value; throws {@link IllegalArgumentException} saying what is expected
 */
record Option<T>(String name, Function<String, T> parser) {

  static final String PREFIX = "pgperf.";

  String key() {
    return PREFIX + name;
  }

  /**
   * The value of the configuration parameter {@code pgperf.<name>}, if set.
   *
   * @throws ExtensionConfigurationException naming the key and the value when it cannot be read
   */
  Optional<T> configured(ExtensionContext context) {
    return configured(context::getConfigurationParameter);
  }

  /**
   * The value of the configuration parameter {@code pgperf.<name>} as {@code parameters} give it
   * (outside a JUnit run: {@link CompareServer} reads them as JUnit would).
   *
   * @throws ExtensionConfigurationException naming the key and the value when it cannot be read
   */
  Optional<T> configured(Function<String, Optional<String>> parameters) {
    Optional<String> text = parameters.apply(key());
    if (text.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(parse(text.get(), "configuration parameter " + key()));
  }

  /**
   * The value of the annotation attribute, given as text.
   *
   * @throws ExtensionConfigurationException naming the attribute and the value
   */
  T annotated(String text) {
    return annotated("PgPerfTest", text);
  }

  /**
   * The value of attribute {@code name} of annotation {@code @annotation}, given as text.
   *
   * @throws ExtensionConfigurationException naming the annotation, the attribute and the value
   */
  T annotated(String annotation, String text) {
    return parse(text, "@" + annotation + "(" + name + ")");
  }

  /**
   * This option under a narrower key, {@code pgperf.<scope>.<name>}: a test method's own setting
   * (scope {@code <TestClass>.<method>}).
   */
  Option<T> scoped(String scope) {
    return new Option<>(scope + "." + name, parser);
  }

  private T parse(String text, String where) {
    try {
      return parser.apply(text.trim());
    } catch (DurationText.InvalidDuration e) {
      // The duration grammar's own words, as the plugin and the CLI give them.
      throw new ExtensionConfigurationException(where + ": " + e.getMessage());
    } catch (IllegalArgumentException e) {
      throw new ExtensionConfigurationException(
          where + " has invalid value \"" + text + "\": " + e.getMessage());
    }
  }
}
