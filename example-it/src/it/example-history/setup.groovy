// The example as a user's repository with twelve commits on main, one build each: commit 8 drops
// the statement index from migration 002 (the regression profile's file); the others change a
// line of the change log, as commits that leave the database's work alone do. Each build gets a
// git worktree at its commit (builds/build-NN) and a properties file: the history shared by all
// twelve (history/, beside them) and the build's id.
def git = { File dir, String... args ->
  def command = ['git', '-c', 'user.name=pgperf example-it', '-c', 'user.email=it@pgperf.invalid',
      '-c', 'init.defaultBranch=main', '-c', 'commit.gpgsign=false'] + args.toList()
  def p = new ProcessBuilder(command).directory(dir).redirectErrorStream(true).start()
  def out = p.inputStream.text.trim()
  assert p.waitFor() == 0: "git ${args.join(' ')}: ${out}"
  out
}
// A history judges its own builds: the committed baseline is not part of this demo (pgperf:check
// warns MISSING_BASELINE).
new File(basedir, 'src/test/pgperf/baseline').deleteDir()
// What an earlier run of this build left in the same target directory starts over.
['.git', 'builds', 'history'].each { new File(basedir, it).deleteDir() }
git(basedir, 'init', '-q')
new File(basedir, '.gitignore').text = 'target/\nbuild.log\nbuilds/\nhistory/\n'
def changes = new File(basedir, 'CHANGES.md')
def commits = []
(1..12).each { n ->
  if (n == 8) {
    new File(basedir, 'src/main/resources/db/ledger/002-statement-index.sql').text =
        new File(basedir, 'src/regression/db/ledger/002-statement-index.sql').text
    git(basedir, 'add', '-A')
    git(basedir, 'commit', '-q', '-m', 'Drop the statement index')
  } else {
    changes << "- change ${n}\n"
    git(basedir, 'add', '-A')
    git(basedir, 'commit', '-q', '-m', "Change ${n}")
  }
  commits << git(basedir, 'rev-parse', 'HEAD')
}
def history = new File(basedir, 'history')
commits.eachWithIndex { commit, i ->
  def id = String.format('build-%02d', i + 1)
  git(basedir, 'worktree', 'add', '-q', '--detach', "builds/${id}", commit)
  new File(basedir, "builds/${id}.properties").text =
      "pgperf.history=${history.absolutePath.replace('\\', '/')}\npgperf.history.build=${id}\n"
}
new File(basedir, 'commits.txt').text = commits.join('\n') + '\n'
true
