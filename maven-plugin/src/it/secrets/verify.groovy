try {
  def log = io.github.pgperf.it.BuildLog.read(basedir)  // prints as its name in a failed assert, not the whole log
  def builds = log.builds()
  assert builds.size() == 2
  // Every goal ran with the password, so the search below cannot pass on files never written.
  builds.each { assert it.find(/pgperf test: 1 test x 2 trials: 2 passed, 0 failed, 0 aborted, 0 skipped in /) }
  assert builds[0].contains(':baseline (default-cli) @ secrets')
  builds.each { assert it.contains(':report (default) @ secrets') && it.contains(':check (default) @ secrets') }
  assert new File(basedir, 'target/pgperf/results').list().sort() ==
      ['CatalogPerfTest-browse-trial2.json', 'CatalogPerfTest-browse.json']
  assert new File(basedir, 'src/test/pgperf/baseline/CatalogPerfTest-browse.json').isFile()
  assert new File(basedir, 'target/pgperf/report.html').isFile()
  assert new File(basedir, 'target/pgperf/check.json').isFile()

  def scan = io.github.pgperf.it.SecretScan.forBuild(basedir)
  assert scan.findsAPlantedCopy()
  // The whole project (build.log, target/, surefire-reports, target/pgperf/**, the baseline) and
  // the GitHub job summary the invoker points pgperf:check to.
  scan.tree(basedir).tree(new File(basedir, '../../it-step-summary.md'))
  assert scan.hits().isEmpty(), scan.listing()
} finally {
  evaluate(new File(basedir, 'cleanup.groovy'))
}
true
