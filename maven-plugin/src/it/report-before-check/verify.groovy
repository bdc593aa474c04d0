def log = io.github.pgperf.it.BuildLog.read(basedir)  // prints as its name in a failed assert, not the whole log
def report = new File(basedir, 'target/pgperf/report.html')
assert report.isFile()
def html = report.text
// The report was written before check failed the build.
assert log.indexOf('pgperf report: ') >= 0
assert log.indexOf('pgperf report: ') < log.indexOf('pgperf check failed:')
// The failure ends by naming the report.
assert log.find('(?m)^\\[ERROR\\]   report: .*target.pgperf.report\\.html$')
// Its verdicts are the check's.
def json = new groovy.json.JsonSlurper().parse(new File(basedir, 'target/pgperf/check.json'))
assert json.findings*.verdict == ['REGRESSION', 'REGRESSION', 'REGRESSION']
assert html.contains('<p class="outcome verdict FAIL">pgperf:check with these settings fails the build: 3 REGRESSION</p>'), 'in report.html'
assert html.count('<td>REGRESSION</td>') == 3, 'in report.html'
assert html.count('class="strip-chart"') == 3, 'in report.html'
assert html.contains('http-equiv="Content-Security-Policy"'), 'in report.html'

// Missing results: a warning naming the directory, a page saying so, no failure.
assert log.find(/\[WARNING\] pgperf report: the results directory .*no-such-dir does not exist \(run the performance tests first\); the report says so/)
def missing = new File(basedir, 'target/missing/report.html').text
assert missing.contains('the directory does not exist: run the performance tests first'), 'in report.html'
// No stack trace anywhere.
assert !log.find(/(?m)^\s+at [a-z]+\./)

// Help.
assert log.contains('pgperf:report')
for (p in ['baselineResults', 'level', 'metrics', 'minimumEffect', 'outputDirectory', 'results', 'skip']) {
  assert log.contains("User property: pgperf.$p"), "help does not name pgperf.$p"
}

// Skipped: said in the log, nothing written.
assert log.contains('pgperf report skipped')
assert !new File(basedir, 'target/skipped').exists()
