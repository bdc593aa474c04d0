def log = io.github.pgperf.it.BuildLog.read(basedir)  // prints as its name in a failed assert, not the whole log
assert log.contains('[INFO] pgperf check: passes: 4 PASS; table in ')
assert log.contains('BUILD SUCCESS')
def out = new File(basedir, 'target/pgperf')
assert new File(out, 'check.md').text.startsWith('## pgperf check: passes: 4 PASS\n')
def json = new groovy.json.JsonSlurper().parse(new File(out, 'check.json'))
assert json.passed == true
assert json.findings*.verdict == ['PASS', 'PASS', 'PASS', 'PASS']
assert json.findings*.metric == ['tps', 'p50', 'p99', 'mean']
assert json.findings[0].figures.candidateSamples == 8
def xml = new groovy.xml.XmlSlurper().parse(new File(out, 'TEST-pgperf-check.xml'))
assert xml.@failures == '0'
assert xml.testcase.size() == 4
