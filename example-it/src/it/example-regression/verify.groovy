// mvn verify -Pregression on the example must fail at pgperf:check against the baseline that
// builds 1-6 recorded, saying which test, which metric, by how much and how sure; the performance
// tests themselves pass. build.log holds every build's output, the regression build's last.
// The log prints as its name in a failed assertion: a String would print whole, escaped onto one
// line of some 60,000 characters in the build's console.
class BuildLog {
  String text
  boolean contains(String s) { text.contains(s) }
  boolean find(String regex) { java.util.regex.Pattern.compile(regex, java.util.regex.Pattern.MULTILINE).matcher(text).find() }
  String toString() { "build.log (${text.readLines().size()} lines)" }
}
def log = new BuildLog(text: new File(basedir, 'build.log').text)
def baseline = new File(basedir, 'src/test/pgperf/baseline/LedgerPerformanceTest-statement.json')
def stored = new groovy.json.JsonSlurper().parse(baseline)
assert stored.samples*.build.unique().size() == 6
// The regression build ran on "another kernel build", and its results say so; the gate compared
// them all the same (no FINGERPRINT_MISMATCH).
def simulated = new File(basedir, 'simulated-kernel.txt').text
def result = new groovy.json.JsonSlurper().parse(new File(basedir,
    'target/pgperf/results/LedgerPerformanceTest-statement.json'))
assert result.clientMachines[0].os.contains(simulated)
assert !stored.samples[0].fingerprint.machines[0].contains(simulated)
assert !log.contains('FINGERPRINT_MISMATCH')
assert log.contains('pgperf: EMBEDDED PostgreSQL')
assert !log.contains('127.0.0.1:1')
assert log.find(/Failed to execute goal io\.github\.pgperf:pgperf-maven-plugin:[^:]+:check /)
assert log.contains('pgperf check failed:')
// -Dpgperf.trials wins over the example's POM property, and the build says where the number came from.
assert log.contains('[INFO] pgperf test: 2 trials of every test (-Dpgperf.trials)')
// The failure's last line points to the report pgperf:report wrote before the check.
assert log.find('(?m)^\\[ERROR\\]   report: .*target.pgperf.report\\.html$')
// Which test, which metric, by how much, how sure: without its index the statement's median latency
// is several times the baseline's and its tps a fraction; each metric is judged on its own, and
// at least one of them must be a clear regression.
assert log.find(/REGRESSION: LedgerPerformanceTest-statement: (tps|p50|p99) regressed by \d+\.\d% \(baseline \d+(\.\d)? \S+ from 6 builds \(\d+ trials\), candidate \d+(\.\d)? \S+ from \d+ trials, change [-+]\d+\.\d%\); p = [<0-9.]+, below the level 0\.0050, and more than the minimum of 30\.0%/)
def json = new groovy.json.JsonSlurper().parse(new File(basedir, 'target/pgperf/check.json'))
assert json.passed == false
def regressed = json.findings.findAll { it.verdict == 'REGRESSION' }*.test.unique()
assert regressed.contains('LedgerPerformanceTest-statement')
// The performance tests ran (their thresholds are dropped here): only the gate failed.
assert log.find(/pgperf test: \d+ tests x \d+ trials: \d+ passed, 0 failed/)
assert !log.find(/Tests run: \d+, Failures: [1-9]/)
assert !log.find(/Tests run: \d+, Failures: \d+, Errors: [1-9]/)
