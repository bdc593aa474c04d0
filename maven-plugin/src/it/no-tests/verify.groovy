// build.log holds the three builds of invoker.properties, in order.
def builds = new File(basedir, 'build.log').text.split(/\[INFO\] Scanning for projects/).drop(1)
assert builds.size() == 3
// 1. No performance test: a warning, never a silent pass; the unit test ran in Surefire.
assert builds[0].contains('Running shop.CartTest')
assert builds[0] =~ /\[WARNING\] pgperf test: no performance test ran: no test matches in .*test-classes \(tag performance\)\. Tag the tests @PgPerfTest or set pgperf\.groups\./
assert builds[0].contains('BUILD SUCCESS')
// 2. pgperf.failIfNoTests: the same message fails the build.
assert builds[1] =~ /\[ERROR\] Failed to execute goal .*:test \(default\) on project no-tests: pgperf test: no performance test ran: /
// 3. pgperf.skip: nothing runs.
assert builds[2].contains('pgperf test skipped')
assert !builds[2].contains('no performance test ran')
assert builds[2].contains('BUILD SUCCESS')
true
