package shop;

import io.github.pgperf.junit.PgPerfTest;
import org.junit.jupiter.api.Test;

/** Never run here: the base has no pgperf, so nothing is compared. */
@PgPerfTest
class ItemsPerfTest {

  @Test
  void lookup() {}
}
