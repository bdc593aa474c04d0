// The baseline is recorded in this very run (build 1): the example's committed one is removed.
def committed = new File(basedir, 'src/test/pgperf/baseline')
committed.deleteDir()

// Builds 2 and 3 run on "another machine kind": their test JVM reports a kernel of another major
// version, which the timing fingerprint counts and the work fingerprint does not.
def release = System.getProperty('os.version')
def major = (release =~ /^(\d+)/)[0][1] as int
def simulated = "${major + 1}.0.0-another-kind"
new File(basedir, 'another-machine.properties').text =
    "pgperf.argLine=-XX:+UseSerialGC -Dos.version=${simulated}\n"
new File(basedir, 'simulated-kernel.txt').text = simulated
true
