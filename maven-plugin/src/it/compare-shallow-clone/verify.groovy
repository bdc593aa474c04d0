def log = io.github.pgperf.it.BuildLog.read(basedir)
// No origin/main in a shallow clone of the feature branch: the cause and the fix, for both CIs.
assert log.contains('pgperf compare: no base to compare with: neither origin/main nor origin/master exists in')
assert log.contains('the clone is shallow (it holds only the latest commits). fetch the whole history: with actions/checkout set `fetch-depth: 0`; on GitLab CI set the variable `GIT_DEPTH: 0`; elsewhere run `git fetch --unshallow`')
// Named once, as the build's failure, without a stack trace.
assert !log.contains('CompareException')
assert !log.contains('\tat io.github.pgperf')
assert !new File(basedir, 'target/pgperf/base').exists()
true
