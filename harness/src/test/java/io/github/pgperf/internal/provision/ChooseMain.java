package io.github.pgperf.internal.provision;

import io.github.pgperf.provision.ProviderKind;
import java.time.Duration;

/**
 * Chooses a provider in a JVM of its own, whose environment (Testcontainers' settings are read from
 * it once per JVM) a test sets. Arguments: the kind and the image. Prints {@code chose KIND:
 * reason} or {@code refused: message}, then {@code after N ms}.
 */
public final class ChooseMain {

  private ChooseMain() {}

  public static void main(String[] args) {
    ServerRequest request =
        new ServerRequest(
            ProviderKind.valueOf(args[0]),
            null,
            null,
            null,
            Duration.ofSeconds(10),
            null,
            args[1],
            ServerSettings.NONE);
    long start = System.nanoTime();
    try {
      ProviderChoice choice = ProviderChoice.choose(request);
      System.out.println("chose " + choice.provider().kind() + ": " + choice.reason());
    } catch (ProvisionException e) {
      System.out.println("refused: " + e.getMessage());
    }
    System.out.println("after " + (System.nanoTime() - start) / 1_000_000 + " ms");
    // Testcontainers' threads (a pull given up on) must not keep the JVM.
    System.exit(0);
  }
}
