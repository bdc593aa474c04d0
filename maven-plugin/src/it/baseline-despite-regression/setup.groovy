// Real RunResult JSON written by the harness (ResultJson) through the plugin's test fixtures.
import io.github.pgperf.gate.Fixtures

Fixtures.baseline(new File(basedir, "src/test/pgperf/baseline").toPath(), "OrdersIT.insert", 4, 2, 1000d, 2000d, 0.01d, 1L, Fixtures.VERSION)
// 30% slower: each transaction takes 1.3 times as long, so tps drop to 1/1.3.
Fixtures.trials(new File(basedir, "target/pgperf/results").toPath(), "OrdersIT.insert", 8, 1000d / 1.3d, 2600d, 0.01d, 20L)
