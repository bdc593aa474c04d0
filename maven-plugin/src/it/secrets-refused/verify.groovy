def log = io.github.pgperf.it.BuildLog.read(basedir)  // prints as its name in a failed assert, not the whole log
def builds = log.builds()
assert builds.size() == 3
// Surefire ran the performance test (its report exists), and pgperf:test ran it in its own JVM:
// the search below cannot pass on a refusal that never happened.
def surefire = new File(basedir, 'target/surefire-reports/TEST-shop.CatalogPerfTest.xml')
assert surefire.isFile()
builds[1..2].each { assert it.contains(":test (default) @ secrets-refused") }
builds[1..2].each { assert it.find(/pgperf test: 1 test x 2 trials: 0 passed, 2 failed, 0 aborted, 0 skipped in /) }

def scan = io.github.pgperf.it.SecretScan.forBuild(basedir)
assert scan.findsAPlantedCopy()
scan.tree(basedir).tree(new File(basedir, '../../it-step-summary.md'))
assert scan.hits().isEmpty(), scan.listing()

// Each refusal shows the URL with the password masked.
builds.each { assert it.contains('****'), 'the refusal shows the URL with the password as ****' }
assert surefire.text.contains('****')
true
