package shop;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** Misses its floor every time; its own tag keeps it out of the other builds. */
@Tag("broken")
class BrokenPerfTest {
  @Test
  void checkout() {
    throw new AssertionError("tps>=500 failed: tps 81.3, expected at least 500.0 tps");
  }
}
