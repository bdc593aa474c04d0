def log = io.github.pgperf.it.BuildLog.read(basedir)  // prints as its name in a failed assert, not the whole log
assert log.find(/pgperf baseline: recorded 16 samples of 2 tests into .*baseline \(keeping the last 30 per test\); commit it/)
def store = new File(basedir, 'src/test/pgperf/baseline')
assert new File(store, 'OrdersIT.insert.json').isFile()
assert new File(store, 'OrdersIT.select.json').isFile()
def stored = new groovy.json.JsonSlurper().parse(new File(store, 'OrdersIT.insert.json'))
assert stored.key == 'OrdersIT.insert'
assert stored.samples.size() == 8
assert stored.samples[0].fingerprint.serverVersion.startsWith('15.20')
assert log.contains('pgperf check: passes: 6 PASS;')
