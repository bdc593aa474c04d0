package io.github.pgperf.junit;

import java.util.List;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.Extension;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.TestTemplateInvocationContext;

/**
 * One invocation of a {@link ClientSweep} method: its client count, named {@code clients=N}. It
 * leaves the count in the invocation's store before the test runs, where the extension finds it
 * when it runs the declared load.
 */
record SweepPoint(int clients) implements TestTemplateInvocationContext {

  @Override
  public String getDisplayName(int invocationIndex) {
    return "clients=" + clients;
  }

  @Override
  public List<Extension> getAdditionalExtensions() {
    return List.of(
        (BeforeEachCallback)
            context -> context.getStore(PgPerfExtension.NAMESPACE).put(SweepPoint.class, this));
  }

  /** The point the test of {@code context} runs, or {@code null} outside a sweep. */
  static SweepPoint of(ExtensionContext context) {
    return context.getStore(PgPerfExtension.NAMESPACE).get(SweepPoint.class, SweepPoint.class);
  }
}
