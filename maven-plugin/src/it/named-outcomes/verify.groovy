def log = io.github.pgperf.it.BuildLog.read(basedir)  // prints as its name in a failed assert, not the whole log
assert log.contains('pgperf check failed:')
assert log.find(/UNREADABLE_RESULTS: cannot read result file ".*Broken\.query-trial1\.json": at workload\.scripts: missing field "scripts"/)
assert log.find(/EMPTY_RESULTS: result file ".*Empty\.query-trial1\.json" holds no processed transaction/)
assert log.find(/ABORTED_RESULTS: result file ".*Aborted\.query-trial1\.json" is of an aborted run/)
assert log.find(/UNREADABLE_BASELINE: baseline: cannot read baseline file ".*BadBaseline\.query\.json": sample 1: tps is -5\.0, not a positive number/)
assert log.contains('MISSING_BASELINE: NoBaseline.query: no baseline to compare 3 results with (record one with mvn verify pgperf:baseline)')
assert log.contains('FINGERPRINT_MISMATCH: OtherServer.query: none of the 4 baseline samples ran on the same setup (baseline vs now: PostgreSQL 16.4 vs 15.20 (Debian 15.20-0+deb12u1))')
assert log.contains('MISSING_RESULTS: Removed.query: the baseline has 3 samples but there are no results now')
def json = new groovy.json.JsonSlurper().parse(new File(basedir, 'target/pgperf/check.json'))
assert json.findings.collect { it.test + ' ' + it.verdict } == [
    'Aborted.query ABORTED_RESULTS', 'BadBaseline.query UNREADABLE_BASELINE',
    'Broken.query UNREADABLE_RESULTS', 'Empty.query EMPTY_RESULTS', 'NoBaseline.query MISSING_BASELINE',
    'OtherServer.query FINGERPRINT_MISMATCH', 'Removed.query MISSING_RESULTS']
assert json.findings.every { it.action == 'FAIL' }
def xml = new groovy.xml.XmlSlurper().parse(new File(basedir, 'target/pgperf/TEST-pgperf-check.xml'))
assert xml.@failures == '7'
