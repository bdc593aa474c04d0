import io.github.pgperf.it.GitProject

// The first commit's test does not compile; the second (HEAD) fixes it. origin/main is the first.
def test = new File(basedir, 'src/test/java/shop/ItemsPerfTest.java')
def good = test.text
GitProject.init(basedir)
test.text = good.replace('void lookup() {}', 'void lookup() { this does not compile }')
GitProject.commitAll(basedir, 'Broken')
test.text = good
GitProject.commitAll(basedir, 'Fixed')
GitProject.git(basedir, 'update-ref', 'refs/remotes/origin/main', 'HEAD~1')
true
