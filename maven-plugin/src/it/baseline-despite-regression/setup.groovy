// Real RunResult JSON written by the harness (ResultJson) through the plugin's test fixtures.
import io.github.pgperf.gate.Fixtures

// The same 4-build baseline twice: each build records into a store of its own, since a store that
// holds the first build's regressed samples no longer calls them a regression.
for (store in ["src/test/pgperf/baseline", "src/test/pgperf/baseline2"]) {
  Fixtures.baseline(new File(basedir, store).toPath(), "OrdersIT.insert", 4, 2, 1000d, 2000d, 0.01d, 1L, Fixtures.VERSION)
}
// 30% slower: each transaction takes 1.3 times as long, so tps drop to 1/1.3.
Fixtures.trials(new File(basedir, "target/pgperf/results").toPath(), "OrdersIT.insert", 8, 1000d / 1.3d, 2600d, 0.01d, 20L)
