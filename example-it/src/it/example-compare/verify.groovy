// mvn verify pgperf:compare on the commit that dropped the statement index must fail naming the
// statement test's regression against the first commit; the performance tests themselves pass.
// The log prints as its name in a failed assertion: a String would print whole, escaped onto one
// line of some 60,000 characters in the build's console.
class BuildLog {
  String text
  boolean contains(String s) { text.contains(s) }
  boolean find(String regex) { java.util.regex.Pattern.compile(regex, java.util.regex.Pattern.MULTILINE).matcher(text).find() }
  List<String> lines() { text.readLines() }
  String toString() { "build.log (${text.readLines().size()} lines)" }
}
def log = new BuildLog(text: new File(basedir, 'build.log').text)
def base = new File(basedir, 'base-commit.txt').text.trim()
def base12 = base.substring(0, 12)
def slurper = new groovy.json.JsonSlurper()

// verify's own pgperf:test ran one trial (-Dpgperf.trials wins over the POM's 3, and says so), and
// its check had no baseline to compare with: a warning, not a failure.
assert log.contains('[INFO] pgperf test: 1 trial of every test (-Dpgperf.trials)')
assert log.contains('MISSING_BASELINE')
assert log.contains('pgperf: EMBEDDED PostgreSQL')
assert !log.contains('127.0.0.1:1')

// The comparison: the base printed with why, built in a worktree, 3 pairs interleaved.
assert log.contains("pgperf compare: compares with ${base12} \"Ledger with the statement index\" (the merge base of HEAD and origin/main; set pgperf.base to choose another)")
assert log.find(/pgperf compare: the base revision built in \d+\.\d s/)
assert log.contains('pgperf compare: 3 pairs, test JVMs in the order A B B A A B (A the base, B the candidate)')
def runs = log.lines().findAll { it.contains('pgperf compare: pair ') }
    .collect { (it =~ /pair (\d+), (base|candidate)/)[0][1..2].join(' ') }
assert runs.take(6) == ['1 base', '1 candidate', '2 candidate', '2 base', '3 base', '3 candidate']

// Each side measured its own commit: the statement's plan used the index on the base only.
def plans = ['base', 'candidate'].collectEntries { side ->
  def result = slurper.parse(new File(basedir, "target/pgperf/results/${side}/LedgerPerformanceTest-statement.json"))
  assert result.identity.build.endsWith("-${side}")
  [(side): result.serverWork.plans*.shape*.toString().join(' ')]
}
assert plans.base.contains('entry_account_statement')
assert !plans.candidate.contains('entry_account_statement')

// The verdict: the statement test's work regressed against the base commit, and that fails the
// build, whatever the machine's load did to the timing.
assert log.find(/\[ERROR\] pgperf compare: fails the build: .*WORK_REGRESSION/)
assert log.find(/WORK_REGRESSION.*LedgerPerformanceTest-statement/)
assert log.contains("pgperf compare failed against ${base12}:")
def json = slurper.parse(new File(basedir, 'target/pgperf/check.json'))
assert json.passed == false
def work = json.findings.findAll { it.test == 'LedgerPerformanceTest-statement' && it.verdict == 'WORK_REGRESSION' }
assert !work.isEmpty()
assert work.every { it.action == 'FAIL' }
def number = { String text -> new BigDecimal(text.replace(',', '')) }
assert work.any { it.work.what.contains('shared blocks') && number(it.work.candidate) > 3 * number(it.work.baseline) }
// The test at a fixed rate runs the same statement and regressed with it; the transfer, which does
// not use the index, did not.
assert json.findings.any { it.test == 'LedgerPerformanceTest-statementAtFixedRate' && it.verdict == 'WORK_REGRESSION' }
assert !json.findings.any { it.test == 'LedgerPerformanceTest-transfer' && it.verdict == 'WORK_REGRESSION' }
def md = new File(basedir, 'target/pgperf/check.md').text
assert md.readLines()[0] ==~ /pgperf: compared with ${base12} \(the merge base of HEAD and origin\/main\) on this runner, interleaved, \d+ pairs.*\./

// The comparison's report: both sides per test, led by the same line.
def html = new File(basedir, 'target/pgperf/report.html').text
assert html.contains("compared with ${base12}")
assert html.contains('LedgerPerformanceTest-statement')
assert log.find(/\[ERROR\]   report: .*target.pgperf.report\.html/)

// The timing verdicts depend on the load (printed, not asserted); with pgperf.confirmationPairs=0
// a timing REGRESSION on the first pairs is not confirmed on more, and the line says so.
log.lines().findAll { it =~ /LedgerPerformanceTest-statement +(tps|p50|p99) / }.each { println "example-compare: ${it}" }
assert runs.size() == 6
assert !log.contains('confirming with')
if (log.find(/REGRESSION: LedgerPerformanceTest-statement: (tps|p50|p99) /)) {
  assert md.readLines()[0].endsWith('; not confirmed: pgperf.confirmationPairs is 0, so the first 3 pairs decide.')
}
// Only the comparison failed: the performance tests ran and passed on both sides.
assert log.find(/pgperf compare: candidate: \d+ tests x 3 pairs, 0 failed runs/)
assert !log.contains('\tat io.github.pgperf')
true
