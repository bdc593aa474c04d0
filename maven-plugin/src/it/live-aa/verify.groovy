try {
  def log = io.github.pgperf.it.BuildLog.read(basedir)  // prints as its name in a failed assert, not the whole log
  // Surefire left the performance test to pgperf:test.
  assert !new File(basedir, 'target/surefire-reports').listFiles()?.any { it.name.contains('OrdersPerfTest') }
  assert log.find(/pgperf test: 1 test x 3 trials: 3 passed, 0 failed, 0 aborted, 0 skipped in /)
  def results = new File(basedir, 'target/pgperf/results').list().sort()
  assert results == ['OrdersPerfTest-lookup-trial2.json', 'OrdersPerfTest-lookup-trial3.json',
                     'OrdersPerfTest-lookup.json']
  def baseline = new groovy.json.JsonSlurper().parse(new File(basedir, 'src/test/pgperf/baseline/OrdersPerfTest-lookup.json'))
  assert baseline.samples.size() == 9
  assert baseline.samples*.build.unique().size() == 3
  def check = new groovy.json.JsonSlurper().parse(new File(basedir, 'target/pgperf/check.json'))
  assert check.passed == true
  assert check.findings*.test.unique() == ['OrdersPerfTest-lookup']
  assert !check.findings*.verdict.contains('REGRESSION')
  check.findings.each { println "A/A: ${it.verdict} ${it.message}" }
} finally {
  evaluate(new File(basedir, 'cleanup.groovy'))
}
true
