def log = io.github.pgperf.it.BuildLog.read(basedir)
// A warning, not a failure: the base predates pgperf, so there is nothing to compare with.
assert log.find(/\[WARNING\] pgperf compare: the base revision [0-9a-f]{12} does not use pgperf \(no pgperf-harness on its test class path\): nothing to compare with/)
assert !log.contains('pgperf compare: pair 1')
assert !new File(basedir, 'target/pgperf/base').exists()
true
