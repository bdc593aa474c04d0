package io.github.pgperf.junit;

import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The one resolver of the extension's settings. A setting comes from the most specific place that
 * sets it: the configuration parameter {@code pgperf.<TestClass>.<method>.<name>}, then {@code
 * pgperf.<TestClass>.<name>}, then {@code pgperf.<name>}, then the annotation, whose own default
 * applies when it does not set the attribute. A class's settings have no method level.
 *
 * @param parameters the configuration parameters by key
 * @param scopes the narrower key scopes, most specific first: {@code <TestClass>.<method>}, {@code
 *     <TestClass>} (the class's simple name, as in result file names); none for run-wide settings
 */
record Levels(Function<String, Optional<String>> parameters, List<String> scopes) {

  /** The level of the annotation, below every configuration parameter. */
  static final int ANNOTATION = -1;

  /** A test method's settings. */
  static Levels of(ExtensionContext context) {
    String testClass = context.getRequiredTestClass().getSimpleName();
    return new Levels(
        context::getConfigurationParameter,
        List.of(testClass + "." + context.getRequiredTestMethod().getName(), testClass));
  }

  /** A test class's settings. */
  static Levels ofClass(Function<String, Optional<String>> parameters, Class<?> testClass) {
    return new Levels(parameters, List.of(testClass.getSimpleName()));
  }

  /** Run-wide settings: the global key only. */
  static Levels global(Function<String, Optional<String>> parameters) {
    return new Levels(parameters, List.of());
  }

  /** The narrowest scope: {@code <TestClass>.<method>} for a method's settings. */
  String scope() {
    return scopes.get(0);
  }

  /** The configuration parameter at {@code level}: a scope's index, or the global key after. */
  <T> Optional<T> at(int level, Option<T> option) {
    if (level == ANNOTATION) {
      return Optional.empty();
    }
    Option<T> keyed = level < scopes.size() ? option.scoped(scopes.get(level)) : option;
    return keyed.configured(parameters);
  }

  /** The configuration parameter for every method and class, if set. */
  <T> Optional<T> global(Option<T> option) {
    return at(scopes.size(), option);
  }

  /** The most specific configuration parameter that is set. */
  <T> Optional<T> configured(Option<T> option) {
    for (int level = 0; level <= scopes.size(); level++) {
      Optional<T> value = at(level, option);
      if (value.isPresent()) {
        return value;
      }
    }
    return Optional.empty();
  }

  /** The most specific value: a configuration parameter, else what the annotation gives. */
  <T> T value(Option<T> option, Supplier<T> annotation) {
    return configured(option).orElseGet(annotation);
  }

  /**
   * The level that decides a group of settings that must be taken together (a run's length, its
   * scripts): the most specific one that sets any member, else {@link #ANNOTATION}.
   */
  int decides(Option<?>... group) {
    for (int level = 0; level <= scopes.size(); level++) {
      for (Option<?> option : group) {
        if (at(level, option).isPresent()) {
          return level;
        }
      }
    }
    return ANNOTATION;
  }

  /** A member of a group, from the level that decides the group; {@code unset} when not there. */
  <T> T from(int level, Option<T> option, Supplier<T> annotation, T unset) {
    return level == ANNOTATION ? annotation.get() : at(level, option).orElse(unset);
  }

  /** The key a setting of this method is overridden by, for messages and documentation. */
  String methodKey(String name) {
    return Option.PREFIX + scope() + "." + name;
  }
}
