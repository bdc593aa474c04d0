try {
  def log = io.github.pgperf.it.BuildLog.read(basedir)  // prints as its name in a failed assert, not the whole log
  assert log.find(/pgperf test: 1 test x 3 trials: 3 passed, 0 failed, 0 aborted, 0 skipped in /)
  assert log.contains('pgperf check failed:')
  // Which test, which metric, by how much, how sure: about three times slower.
  assert log.find(/REGRESSION: OrdersPerfTest-lookup: p50 regressed by \d{2,3}\.\d% \(baseline \d{5,6} µs from 4 builds \(12 trials\), candidate \d{5,6} µs from 3 trials, change \+\d+\.\d%\); p = [<0-9.]+, below the level 0\.0050, and more than the minimum of 20\.0%/)
  def check = new groovy.json.JsonSlurper().parse(new File(basedir, 'target/pgperf/check.json'))
  assert check.passed == false
  def byMetric = check.findings.collectEntries { [(it.metric): it] }
  assert byMetric.p50.verdict == 'REGRESSION'
  // tps falls too; on a busy machine its noise between builds may leave it inconclusive.
  assert byMetric.tps.verdict != 'IMPROVEMENT'
  assert byMetric.tps.figures.change < -0.3
  assert byMetric.p50.figures.regression > 0.5
  assert byMetric.p50.figures.pRegression < 0.005
  check.findings.each { println "slowdown: ${it.verdict} ${it.message}" }
} finally {
  evaluate(new File(basedir, 'cleanup.groovy'))
}
true
