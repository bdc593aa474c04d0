def log = io.github.pgperf.it.BuildLog.read(basedir)  // prints as its name in a failed assert, not the whole log
assert log.find(/MISSING_RESULTS: no result files in .*target.pgperf.results \(the directory does not exist\): did the performance tests run\?/)
def json = new groovy.json.JsonSlurper().parse(new File(basedir, 'target/pgperf/check.json'))
assert json.findings*.verdict == ['MISSING_RESULTS']
assert log.find(/pgperf baseline: no result files in .*target.pgperf.results: run the performance tests first/)
assert !new File(basedir, 'src/test/pgperf/baseline').exists()
