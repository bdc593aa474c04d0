import io.github.pgperf.it.GitProject

// A database of this build's own (junit-platform.properties names it, committed with the project,
// so the base revision's tests find it too); cleanup.groovy drops it.
io.github.pgperf.it.LiveDatabase.create(basedir)
GitProject.init(basedir)
GitProject.commitAll(basedir, 'Items with an index on id')
// The second commit changes a comment only: nothing that runs differs.
def test = new File(basedir, 'src/test/java/shop/ItemsPerfTest.java')
def reworded = test.text.replace(' * Looks up one item by id.', ' * Looks up one item by its id.')
assert reworded != test.text
test.text = reworded
GitProject.commitAll(basedir, 'Reword a comment')
GitProject.git(basedir, 'update-ref', 'refs/remotes/origin/main', 'HEAD~1')
true
