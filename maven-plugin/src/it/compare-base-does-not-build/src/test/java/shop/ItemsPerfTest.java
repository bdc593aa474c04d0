package shop;

import io.github.pgperf.junit.PgPerfTest;
import org.junit.jupiter.api.Test;

/** Never run here: the comparison stops at the base's build. */
@PgPerfTest
class ItemsPerfTest {

  @Test
  void lookup() {}
}
