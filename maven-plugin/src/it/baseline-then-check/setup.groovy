// Real RunResult JSON written by the harness (ResultJson) through the plugin's test fixtures.
import io.github.pgperf.gate.Fixtures

Fixtures.trials(new File(basedir, "target/pgperf/results").toPath(), "OrdersIT.insert", 8, 1000d, 2000d, 0.01d, 2L)
Fixtures.trials(new File(basedir, "target/pgperf/results").toPath(), "OrdersIT.select", 8, 5000d, 400d, 0.01d, 3L)
