// A database of this build's own on the test server; verify.groovy drops it (cleanup.groovy).
io.github.pgperf.it.LiveDatabase.create(basedir)
// Build 6's test JVM reports another kernel build string of the same major.minor (the timing
// fingerprint keeps major.minor only, so fleets of one machine kind compare).
def release = System.getProperty('os.version')
def majorMinor = (release =~ /^(\d+\.\d+)/)[0][1]
def simulated = majorMinor + '.999-another-build'
assert simulated != release
new File(basedir, 'another-machine.properties').text = "pgperf.argLine=-XX:+UseSerialGC -Dos.version=${simulated}\n"
new File(basedir, 'simulated-kernel.txt').text = simulated
true
