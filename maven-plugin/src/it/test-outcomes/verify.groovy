// build.log holds the builds of invoker.properties, in order.
def builds = io.github.pgperf.it.BuildLog.read(basedir).builds()
assert builds.size() == 4
// 1. No performance test: a warning, never a silent pass; the unit test ran in Surefire.
assert builds[0].contains('Running shop.CartTest')
assert !builds[0].contains('Running shop.BrokenPerfTest')
assert builds[0].find(/\[WARNING\] pgperf test: no performance test ran: no test matches in .*test-classes \(tag performance\)\. Tag the tests @PgPerfTest or set pgperf\.groups\./)
assert builds[0].contains('BUILD SUCCESS')
// The trials and where their number came from, once, at the start.
assert builds[0].count('[INFO] pgperf test: 5 trials of every test (the default; set pgperf.trials to change it)') == 1
// 2. pgperf.failIfNoTests: the same message fails the build.
assert builds[1].find(/\[ERROR\] Failed to execute goal .*:test \(default\) on project test-outcomes: pgperf test: no performance test ran: /)
// 3. pgperf.skip: nothing runs.
assert builds[2].contains('pgperf test skipped')
assert !builds[2].contains('no performance test ran')
assert builds[2].contains('BUILD SUCCESS')
// 4. A failing test: its name, trials and own message; the stack trace only in the file.
def failed = builds[3]
assert failed.contains('[INFO] pgperf test: 2 trials of every test (-Dpgperf.trials)')
assert failed.count('[WARNING] pgperf: unknown property pgperf.duraton; did you mean pgperf.duration?') == 1
assert !failed.contains('pgperf.version')
// The test JVM gets the extension's keys only: not the misspelt one, nor the plugin's own.
def args = new File(basedir, 'target/pgperf/test-jvm.args').text
assert args.contains('pgperf.results') && args.contains('pgperf.build')
assert args.contains('pgperf.BrokenPerfTest.checkout.clients=1')
assert !args.contains('pgperf.duraton') && !args.contains('pgperf.trials') && !args.contains('pgperf.version')
// pgperf:report will not run after this failure: pgperf:test wrote the report and names it.
assert failed.contains('[ERROR]   report of the runs that finished: ' + new File(basedir, 'target/pgperf/report.html').absolutePath)
assert new File(basedir, 'target/pgperf/report.html').isFile()
assert failed.contains('pgperf test: 1 test x 2 trials: 0 passed, 2 failed, 0 aborted, 0 skipped in ')
assert failed.contains('on project test-outcomes: pgperf test: 2 runs of the performance tests failed:')
assert failed.contains('[ERROR]   BrokenPerfTest.checkout (trials 1, 2):')
assert failed.contains('[ERROR]       tps>=500 failed: tps 81.3, expected at least 500.0 tps')
assert !failed.contains('\tat shop.BrokenPerfTest')
def traces = new File(basedir, 'target/pgperf/test-failures.txt').text
assert traces.contains('== BrokenPerfTest.checkout (trial 2) ==')
assert traces.contains('at shop.BrokenPerfTest.checkout(BrokenPerfTest.java:')
true
