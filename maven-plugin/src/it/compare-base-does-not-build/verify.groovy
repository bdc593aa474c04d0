def log = io.github.pgperf.it.BuildLog.read(basedir)
def baseLog = new File(basedir, 'target/pgperf/base-build.log')
// The build fails naming the cause from the base's own log, and where that log is kept.
assert log.find(/pgperf compare: the base revision does not build \(mvn test-compile exited with 1\): .*ItemsPerfTest\.java:\[\d+,\d+\] .*; its log is kept at .*target\/pgperf\/base-build\.log/)
assert baseLog.text.contains('COMPILATION ERROR')
// The worktree is removed after the failure too.
assert !new File(basedir, 'target/pgperf/base').exists()
assert !log.contains('\tat io.github.pgperf')
true
