import io.github.pgperf.it.GitProject

// An upstream repository beside the project: main has a first commit, the branch feature a second.
def upstream = new File(basedir.parentFile, basedir.name + '-upstream')
upstream.deleteDir()
upstream.mkdirs()
GitProject.init(upstream)
def pom = new File(basedir, 'pom.xml').text
new File(upstream, 'pom.xml').text = pom.replace('<version>1.0</version>', '<version>0.9</version>')
GitProject.commitAll(upstream, 'First')
GitProject.git(upstream, 'checkout', '-q', '-b', 'feature')
new File(upstream, 'pom.xml').text = pom
GitProject.commitAll(upstream, 'Second')
// The project becomes a clone of depth 1 of the feature branch, as CI checks out a pull request.
def clone = new File(basedir.parentFile, basedir.name + '-clone')
clone.deleteDir()
GitProject.git(basedir.parentFile, 'clone', '-q', '--depth', '1', '--no-checkout', '--branch',
    'feature', '--single-branch', upstream.toURI().toString().replace('file:/', 'file:///'),
    clone.name)
assert new File(clone, '.git').renameTo(new File(basedir, '.git'))
clone.deleteDir()
GitProject.git(basedir, 'reset', '-q')
assert GitProject.git(basedir, 'rev-parse', '--is-shallow-repository') == 'true'
true
