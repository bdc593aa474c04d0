def log = io.github.pgperf.it.BuildLog.read(basedir)  // prints as its name in a failed assert, not the whole log
assert log.contains('pgperf check failed:')
// Which test, which metric, by how much, how sure.
assert log.find(/REGRESSION: OrdersIT\.insert: tps regressed by 2\d\.\d% \(baseline 1\d{3}\.\d tps from 4 builds \(8 trials\), candidate \d+\.\d tps from 8 trials, change -2\d\.\d%\); p = <0\.0001, below the level 0\.0050/)
assert log.find(/REGRESSION: OrdersIT\.insert: p50 regressed by 3\d\.\d%/)
assert log.find(/REGRESSION: OrdersIT\.insert: p99 regressed by 3\d\.\d%/)
def json = new groovy.json.JsonSlurper().parse(new File(basedir, 'target/pgperf/check.json'))
assert json.passed == false
assert json.findings*.verdict == ['REGRESSION', 'REGRESSION', 'REGRESSION']

// GITHUB_ACTIONS=true: workflow commands start their line (the runner reads them from stdout).
def errors = log.lines().findAll { it.startsWith('::error title=pgperf REGRESSION%3A OrdersIT.insert ') }
assert errors.size() == 3
assert errors[0] =~ /^::error title=pgperf REGRESSION%3A OrdersIT\.insert tps::OrdersIT\.insert: tps regressed by 2\d\.\d%25 /
def summary = new File(basedir, 'step-summary.md')
assert summary.isFile()
assert summary.text.startsWith('## pgperf check: fails the build: 3 REGRESSION'), 'in the job summary'
assert summary.text.contains('| **OrdersIT.insert** | **p99** | **REGRESSION** |'), 'in the job summary'
