// The example as a user's clone with two commits: the application as it is, then a change that
// drops the statement index from migration 002 (the regression profile's file, committed). A project
// gated by pgperf:compare alone has no committed baseline: it is removed, so verify's pgperf:check
// only warns (MISSING_BASELINE) and the comparison decides.
def git = { String... args ->
  def command = ['git', '-c', 'user.name=pgperf example-it', '-c', 'user.email=it@pgperf.invalid',
      '-c', 'init.defaultBranch=main', '-c', 'commit.gpgsign=false'] + args.toList()
  def p = new ProcessBuilder(command).directory(basedir).redirectErrorStream(true).start()
  def out = p.inputStream.text.trim()
  assert p.waitFor() == 0: "git ${args.join(' ')}: ${out}"
  out
}
new File(basedir, 'src/test/pgperf/baseline').deleteDir()
// A repository left by an earlier run of this build in the same target directory starts over.
new File(basedir, '.git').deleteDir()
git('init', '-q')
new File(basedir, '.gitignore').text = 'target/\nbuild.log\n'
git('add', '-A')
git('commit', '-q', '-m', 'Ledger with the statement index')
def migration = new File(basedir, 'src/main/resources/db/ledger/002-statement-index.sql')
migration.text = new File(basedir, 'src/regression/db/ledger/002-statement-index.sql').text
git('commit', '-q', '-a', '-m', 'Drop the statement index')
// What a clone whose main branch is at the first commit has: compare's default base is the merge
// base of HEAD and origin/main.
git('update-ref', 'refs/remotes/origin/main', 'HEAD~1')
new File(basedir, 'base-commit.txt').text = git('rev-parse', 'HEAD~1')
true
