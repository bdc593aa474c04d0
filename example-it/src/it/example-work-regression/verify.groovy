// Build 3 (the statement index missing, on another machine kind, one trial) must fail at
// pgperf:check on the statement test's work, with timing compared with nothing. Build 2 (no change,
// same other machine) passed, or the invoker would have stopped there. build.log holds every
// build's output: only build 3's, from its pgperf:test on, is read.
class BuildLog {
  String text
  boolean contains(String s) { text.contains(s) }
  boolean find(String regex) { java.util.regex.Pattern.compile(regex, java.util.regex.Pattern.MULTILINE).matcher(text).find() }
  String toString() { "build.log (${text.readLines().size()} lines)" }
}
def all = new File(basedir, 'build.log').text
def log = new BuildLog(text: all.substring(all.lastIndexOf('pgperf test: 1 trial of every test')))
def simulated = new File(basedir, 'simulated-kernel.txt').text
def result = new groovy.json.JsonSlurper().parse(new File(basedir,
    'target/pgperf/results/LedgerPerformanceTest-statement.json'))
assert result.clientMachines[0].os.contains(simulated)
def baseline = new groovy.json.JsonSlurper().parse(new File(basedir,
    'src/test/pgperf/baseline/LedgerPerformanceTest-statement.json'))
assert baseline.samples.size() == 1
assert !baseline.samples[0].fingerprint.machines[0].contains(simulated)

assert log.find(/Failed to execute goal io\.github\.pgperf:pgperf-maven-plugin:[^:]+:check /)
def json = new groovy.json.JsonSlurper().parse(new File(basedir, 'target/pgperf/check.json'))
assert json.passed == false
def statement = json.findings.findAll { it.test == 'LedgerPerformanceTest-statement' }
// Timing compared nothing: another machine kind.
assert statement.any { it.verdict == 'FINGERPRINT_MISMATCH' }
assert !json.findings.any { it.verdict == 'REGRESSION' }
// The work failed the build: more shared blocks per call or per transaction, several times over.
def work = statement.findAll { it.verdict == 'WORK_REGRESSION' }
assert !work.isEmpty()
assert work.every { it.action == 'FAIL' }
// check.json gives the figures as the table prints them ("1,912").
def number = { String text -> new BigDecimal(text.replace(',', '')) }
assert work.any { it.work.what.contains('shared blocks')
    && number(it.work.candidate) > 3 * number(it.work.baseline) }
// The statement's plan changed, printed side by side: the baseline's used the index.
def plan = statement.find { it.verdict == 'PLAN_CHANGED' }
assert plan != null
assert plan.detail.any { it.contains('entry_account_statement') }
assert log.contains('PLAN_CHANGED LedgerPerformanceTest-statement')
assert log.find(/WORK_REGRESSION.*LedgerPerformanceTest-statement/)
// Only the gate failed: the performance tests ran and passed.
assert log.find(/pgperf test: \d+ tests x 1 trial: \d+ passed, 0 failed/)

// pgperf:report (written before the check failed) shows the database's work of this real run: the
// statement test's changed plan beside the baseline's with the differing lines marked, its top
// statements with the baseline's per-call figures and the regression marked, the wait events as
// bars of shares, and the work strips beside the timing ones.
def html = new File(basedir, 'target/pgperf/report.html').text
def section = html.substring(html.indexOf('<h2>LedgerPerformanceTest-statement</h2>'))
section = section.substring(0, section.indexOf('</section>'))
assert section.contains('<h3>Database work</h3>'), 'in report.html'
def diff = section.substring(section.indexOf('<table class="plan-diff">'))
diff = diff.substring(0, diff.indexOf('</table>'))
def differing = (diff =~ /<tr class="differs"><td class="mark">\*<\/td><td><pre>(.*?)<\/pre><\/td><td><pre>(.*?)<\/pre><\/td><\/tr>/).collect { [it[1], it[2]] }
assert !differing.isEmpty(), 'marked plan lines in report.html'
assert differing.any { it[0].contains('entry_account_statement') && !it[1].contains('entry_account_statement') }
def statements = section.substring(section.indexOf('<table class="statements">'))
statements = statements.substring(0, statements.indexOf('</table>'))
assert statements.count('<tr><td class="sql">') >= 1
assert statements.contains('<span class="was">baseline ')
assert statements.contains('<span class="worse"'), 'a marked per-call regression in report.html'
// Each trial's wait bar adds up to the whole.
def bar = section.substring(section.indexOf('<g class="wait-bar">'))
bar = bar.substring(0, bar.indexOf('</g>'))
def shares = (bar =~ /data-share="([0-9.]+)"/).collect { new BigDecimal(it[1]) }
assert !shares.isEmpty(), 'wait event bars in report.html'
assert (shares.sum() - 100).abs() <= 0.5 * shares.size()
assert section.contains('aria-label="LedgerPerformanceTest-statement: shared blocks per transaction"')
// And beside the timing strips of the verdicts, the figure the gate failed on.
def verdicts = html.substring(html.indexOf('<section id="baseline">'), html.indexOf('<section id="sweeps">'))
assert verdicts =~ /aria-label="LedgerPerformanceTest-statement shared blocks per (transaction|call, [^"]*): WORK_REGRESSION"/
assert !section.contains('not measured: the result files carry no server work')
