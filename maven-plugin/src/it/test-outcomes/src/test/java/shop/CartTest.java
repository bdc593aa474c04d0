package shop;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** A unit test: Surefire runs it; pgperf:test must not, it has no performance tag. */
class CartTest {
  @Test
  void addsUp() {
    assertEquals(4, 2 + 2);
  }
}
