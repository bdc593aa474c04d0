// Real RunResult JSON written by the harness (ResultJson) through the plugin's test fixtures.
import io.github.pgperf.gate.Fixtures
import io.github.pgperf.result.ResultJson
import java.nio.file.Files
import java.time.Instant

def results = new File(basedir, 'target/pgperf/results').toPath()
def store = new File(basedir, 'src/test/pgperf/baseline').toPath()

// Results, no baseline.
Fixtures.trials(results, 'NoBaseline.query', 3, 1000d, 2000d, 0.01d, 1L)
// The baseline ran against PostgreSQL 16.4, the results against 15.
Fixtures.baseline(store, 'OtherServer.query', 1, 4, 1000d, 2000d, 0.01d, 2L, '16.4')
Fixtures.trials(results, 'OtherServer.query', 4, 1000d, 2000d, 0.01d, 3L)
// A run that processed nothing.
Fixtures.baseline(store, 'Empty.query', 1, 3, 1000d, 2000d, 0.01d, 4L, Fixtures.VERSION)
ResultJson.write(Fixtures.emptyRun(Instant.parse('2026-11-30T04:00:00Z')), results.resolve('Empty.query-trial1.json'))
// A file that is not a result.
Files.writeString(results.resolve('Broken.query-trial1.json'), '{"schemaVersion": 1, "workload": {}}')
// In the baseline, but not run now.
Fixtures.baseline(store, 'Removed.query', 1, 3, 1000d, 2000d, 0.01d, 5L, Fixtures.VERSION)
// A run whose client aborted: never a sample.
Fixtures.baseline(store, 'Aborted.query', 1, 3, 1000d, 2000d, 0.01d, 6L, Fixtures.VERSION)
ResultJson.write(Fixtures.abortedRun(Instant.parse('2026-11-30T05:00:00Z')), results.resolve('Aborted.query-trial1.json'))
// A baseline with a negative tps: unreadable, not a hole in the baseline.
Fixtures.baseline(store, 'BadBaseline.query', 1, 3, 1000d, 2000d, 0.01d, 7L, Fixtures.VERSION)
def bad = store.resolve('BadBaseline.query.json')
Files.writeString(bad, Files.readString(bad).replaceFirst(/"tps" : [0-9.E]+/, '"tps" : -5.0'))
Fixtures.trials(results, 'BadBaseline.query', 3, 1000d, 2000d, 0.01d, 8L)
