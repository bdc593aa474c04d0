def log = new File(basedir, 'build.log').text
def report = new File(basedir, 'target/pgperf/report.html')
assert report.isFile()
def html = report.text
// The report was written before check failed the build.
assert log.indexOf('pgperf report: ') >= 0
assert log.indexOf('pgperf report: ') < log.indexOf('pgperf check failed:')
// Its verdicts are the check's.
def json = new groovy.json.JsonSlurper().parse(new File(basedir, 'target/pgperf/check.json'))
assert json.findings*.verdict == ['REGRESSION', 'REGRESSION', 'REGRESSION']
assert html.contains('<p class="outcome verdict FAIL">pgperf:check with these settings fails the build: 3 REGRESSION</p>')
assert html.count('<td>REGRESSION</td>') == 3
assert html.count('class="strip-chart"') == 3
assert html.contains('http-equiv="Content-Security-Policy"')

// Missing results: a warning naming the directory, a page saying so, no failure.
assert log =~ /\[WARNING\] pgperf report: the results directory .*no-such-dir does not exist \(run the performance tests first\); the report says so/
def missing = new File(basedir, 'target/missing/report.html').text
assert missing.contains('the directory does not exist: run the performance tests first')
// No stack trace anywhere.
assert !(log =~ /(?m)^\s+at [a-z]+\./)

// Help.
assert log.contains('pgperf:report')
for (p in ['baselineResults', 'level', 'metrics', 'minimumEffect', 'outputDirectory', 'results', 'skip']) {
  assert log.contains("User property: pgperf.$p"), "help does not name pgperf.$p"
}

// Skipped: said in the log, nothing written.
assert log.contains('pgperf report skipped')
assert !new File(basedir, 'target/skipped').exists()
