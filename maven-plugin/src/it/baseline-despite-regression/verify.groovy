// build.log holds both builds, in order.
def builds = io.github.pgperf.it.BuildLog.read(basedir).builds()
assert builds.size() == 2
builds.each { log ->
  // What would fail the build is said, as a warning, with the reason in one line.
  assert log.find(/\[WARNING\] REGRESSION: OrdersIT\.insert: tps regressed by \d+\.\d%/)
  assert log.contains('[WARNING] pgperf check: fails the build: 3 REGRESSION; table in ')
  assert log.contains('[WARNING] pgperf check: not failing the build: pgperf:baseline is among its goals and records these results as the baseline')
  assert !log.contains('pgperf check failed')
  assert log.contains('BUILD SUCCESS')
  // The check's last line names the report this build wrote.
  assert log.find('(?m)^\\[INFO\\] pgperf check: report: .*target.pgperf.report\\.html$')
}
// Each build recorded the 8 regressed samples beside the 8 of its store's baseline.
builds.each { assert it.find(/pgperf baseline: recorded 8 samples of 1 tests into /) }
for (store in ['baseline', 'baseline2']) {
  def stored = new groovy.json.JsonSlurper().parse(new File(basedir, "src/test/pgperf/$store/OrdersIT.insert.json"))
  assert stored.samples.size() == 16
  assert stored.samples*.build.unique().size() == 5
}
true
