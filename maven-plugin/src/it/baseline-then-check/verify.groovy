def log = io.github.pgperf.it.BuildLog.read(basedir)  // prints as its name in a failed assert, not the whole log
assert log.find(/pgperf baseline: recorded 16 samples of 2 tests into .*baseline \(keeping each test's last 10 builds\); commit it/)
def store = new File(basedir, 'src/test/pgperf/baseline')
assert new File(store, 'OrdersIT.insert.json').isFile()
assert new File(store, 'OrdersIT.select.json').isFile()
def stored = new groovy.json.JsonSlurper().parse(new File(store, 'OrdersIT.insert.json'))
assert stored.key == 'OrdersIT.insert'
assert stored.samples.size() == 8
assert stored.samples[0].fingerprint.serverVersion.startsWith('15.20')
assert stored.samples*.build.unique() == ['build-2']
// One recorded build is no measure of the noise between builds: compared, inconclusive, warned.
def json = new groovy.json.JsonSlurper().parse(new File(basedir, 'target/pgperf/check.json'))
assert json.findings*.verdict == ['INCONCLUSIVE'] * 6
assert json.findings[0].message.contains('the baseline holds 1 build, and at least 3 are needed')
assert log.contains('BUILD SUCCESS')
