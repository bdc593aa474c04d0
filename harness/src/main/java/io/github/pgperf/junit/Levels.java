package io.github.pgperf.junit;

import java.util.Optional;
import java.util.function.Supplier;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Where a test method's own settings come from, most specific first: the configuration parameter
 * {@code pgperf.<TestClass>.<method>.<name>}, then {@code pgperf.<name>}, then the annotation.
 *
 * @param scope {@code <TestClass>.<method>}: the class's simple name, as in result file names
 */
record Levels(ExtensionContext context, String scope) {

  /** The places a setting can come from, most specific first. */
  enum Source { METHOD, GLOBAL, ANNOTATION }

  static Levels of(ExtensionContext context) {
    return new Levels(context, context.getRequiredTestClass().getSimpleName() + "."
        + context.getRequiredTestMethod().getName());
  }

  /** The method's own configuration parameter, if set. */
  <T> Optional<T> method(Option<T> option) {
    return option.scoped(scope).configured(context);
  }

  /** The configuration parameter for every method, if set. */
  <T> Optional<T> global(Option<T> option) {
    return option.configured(context);
  }

  /** The most specific value: method key, global key, else what the annotation gives. */
  <T> T value(Option<T> option, Supplier<T> annotation) {
    return method(option).or(() -> global(option)).orElseGet(annotation);
  }

  /**
   * The place that decides a group of settings that must be taken together (a run's length, its
   * scripts): the most specific one that sets any member.
   */
  Source decides(Option<?>... group) {
    for (Option<?> option : group) {
      if (method(option).isPresent()) {
        return Source.METHOD;
      }
    }
    for (Option<?> option : group) {
      if (global(option).isPresent()) {
        return Source.GLOBAL;
      }
    }
    return Source.ANNOTATION;
  }

  /** A member of a group, from the place that decides the group; {@code unset} when not there. */
  <T> T from(Source source, Option<T> option, Supplier<T> annotation, T unset) {
    return switch (source) {
      case METHOD -> method(option).orElse(unset);
      case GLOBAL -> global(option).orElse(unset);
      case ANNOTATION -> annotation.get();
    };
  }

  /** The key a setting of this method is overridden by, for messages and documentation. */
  String methodKey(String name) {
    return Option.PREFIX + scope + "." + name;
  }
}
