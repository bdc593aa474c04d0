import io.github.pgperf.it.GitProject

// A database of this build's own (junit-platform.properties names it, committed with the project,
// so the base revision's tests find it too); cleanup.groovy drops it.
io.github.pgperf.it.LiveDatabase.create(basedir)
// The project as a user's clone: the first commit has the index, the second (HEAD) drops it.
GitProject.init(basedir)
GitProject.commitAll(basedir, 'Items with an index on id')
def schema = new File(basedir, 'src/test/resources/shop/schema.sql')
schema.text = schema.text.readLines().findAll { !it.startsWith('CREATE INDEX') }.join('\n') + '\n'
def pom = new File(basedir, 'pom.xml')
pom.text = pom.text.replace('<items.revision>with-index</items.revision>',
    '<items.revision>without-index</items.revision>')
GitProject.commitAll(basedir, 'Items without the index')
// A file not committed: the candidate is the working tree as it is, and the log says so.
new File(basedir, 'notes.txt').text = 'not committed\n'
// What a clone of a repository whose main branch is at the first commit has.
GitProject.git(basedir, 'update-ref', 'refs/remotes/origin/main', 'HEAD~1')
true
