def log = new File(basedir, 'build.log').text
assert log =~ /MISSING_RESULTS: no result files in .*target.pgperf.results \(the directory does not exist\): did the performance tests run\?/
def json = new groovy.json.JsonSlurper().parse(new File(basedir, 'target/pgperf/check.json'))
assert json.findings*.verdict == ['MISSING_RESULTS']
assert log =~ /pgperf baseline: no result files in .*target.pgperf.results: run the performance tests first/
assert !new File(basedir, 'src/test/pgperf/baseline').exists()
