import io.github.pgperf.it.GitProject

// The first commit has neither pgperf nor a test; the second (HEAD) adds both. origin/main is the first.
def pom = new File(basedir, 'pom.xml')
def withPgperf = pom.text
def test = new File(basedir, 'src/test/java/shop/ItemsPerfTest.java')
def testText = test.text
GitProject.init(basedir)
pom.text = withPgperf.replaceAll(/(?s)<dependencies>.*?<\/dependencies>/, '')
test.delete()
GitProject.commitAll(basedir, 'Before pgperf')
pom.text = withPgperf
test.text = testText
GitProject.commitAll(basedir, 'Performance tests with pgperf')
GitProject.git(basedir, 'update-ref', 'refs/remotes/origin/main', 'HEAD~1')
true
