try {
  def log = io.github.pgperf.it.BuildLog.read(basedir)  // prints as its name in a failed assert, not the whole log
  assert log.find(/pgperf test: 1 test x 3 trials: 3 passed, 0 failed, 0 aborted, 0 skipped in /)
  def slurper = new groovy.json.JsonSlurper()
  // Surefire left the performance test to pgperf:test.
  assert !new File(basedir, 'target/surefire-reports').listFiles()?.any { it.name.contains('OrdersPerfTest') }
  // Build 5, the same workload again: A/A, it passes against the 4 builds.
  assert new File(basedir, 'target/pgperf-aa/results').list().sort() ==
      ['OrdersPerfTest-lookup-trial2.json', 'OrdersPerfTest-lookup-trial3.json',
       'OrdersPerfTest-lookup.json']
  def aa = slurper.parse(new File(basedir, 'target/pgperf-aa/check.json'))
  assert aa.passed == true
  assert aa.findings*.test.unique() == ['OrdersPerfTest-lookup']
  assert !aa.findings*.verdict.contains('REGRESSION')
  aa.findings.each { println "A/A: ${it.verdict} ${it.message}" }
  // Four builds recorded the baseline, 3 trials each (the A/A build added nothing); the slower
  // build wrote its 3 results.
  def baseline = slurper.parse(new File(basedir, 'src/test/pgperf/baseline/OrdersPerfTest-lookup.json'))
  assert baseline.samples.size() == 12
  assert baseline.samples*.build.unique().size() == 4
  assert new File(basedir, 'target/pgperf/results').list().sort() ==
      ['OrdersPerfTest-lookup-trial2.json', 'OrdersPerfTest-lookup-trial3.json',
       'OrdersPerfTest-lookup.json']
  assert log.contains('pgperf check failed:')
  // The slower build ran on "another kernel build" and its results say so; the gate compared them
  // all the same (no FINGERPRINT_MISMATCH).
  def simulated = new File(basedir, 'simulated-kernel.txt').text
  def slower = slurper.parse(new File(basedir, 'target/pgperf/results/OrdersPerfTest-lookup.json'))
  assert slower.clientMachines[0].os.contains(simulated)
  assert !baseline.samples[0].fingerprint.machines[0].contains(simulated)
  assert !log.contains('FINGERPRINT_MISMATCH')
  // Which test, which metric, by how much, how sure: about three times slower.
  assert log.find(/REGRESSION: OrdersPerfTest-lookup: p50 regressed by \d{2,3}\.\d% \(baseline \d{6,7} µs from 4 builds \(12 trials\), candidate \d{6,7} µs from 3 trials, change \+\d+\.\d%\); p = [<0-9.]+, below the level 0\.0050, and more than the minimum of 20\.0%/)
  def check = slurper.parse(new File(basedir, 'target/pgperf/check.json'))
  assert check.passed == false
  def byMetric = check.findings.findAll { it.test == 'OrdersPerfTest-lookup' }.collectEntries { [(it.metric): it] }
  assert byMetric.p50.verdict == 'REGRESSION'
  // What it measured is the slowdown the profile made, whatever the machine's load: each
  // transaction waits at least orders.sleep on the server (500 ms, then 1500 ms), and load adds
  // tens of ms to both (up to 80 ms in a trial at load 30).
  def p50 = byMetric.p50.figures
  assert p50.unit == 'µs'
  assert p50.baseline >= 500_000 && p50.baseline < 1_000_000
  assert p50.candidate >= 1_500_000 && p50.candidate < 3_000_000
  assert p50.change > 1.0 && p50.change < 2.2
  // tps falls too; on a busy machine its noise between builds may leave it inconclusive.
  assert byMetric.tps.verdict != 'IMPROVEMENT'
  assert byMetric.tps.figures.change < -0.3
  assert byMetric.p50.figures.pRegression < 0.005
  check.findings.each { println "slowdown: ${it.verdict} ${it.message}" }
} finally {
  evaluate(new File(basedir, 'cleanup.groovy'))
}
true
