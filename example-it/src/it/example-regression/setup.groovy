// The regression demo compares with a baseline recorded in this very run, on this machine: nothing
// depends on the machine that recorded the example's committed baseline, which is removed here.
import java.nio.file.Files

def committed = new File(basedir, 'src/test/pgperf/baseline')
committed.deleteDir()

// The regression build runs on "another machine of the same kind": its test JVM reports another
// kernel build string (same major and minor version), as machines of one fleet do. The gate must
// compare it with the baseline all the same.
def release = System.getProperty('os.version')
def majorMinor = (release =~ /^(\d+\.\d+)/)[0][1]
def simulated = majorMinor + '.999-another-build'
assert simulated != release
new File(basedir, 'another-machine.properties').text =
    "pgperf.argLine=-XX:+UseSerialGC -Dos.version=${simulated}\n"
new File(basedir, 'simulated-kernel.txt').text = simulated
true
