import io.github.pgperf.it.GitProject

try {
  def log = io.github.pgperf.it.BuildLog.read(basedir)
  def base = GitProject.git(basedir, 'rev-parse', 'HEAD~1')
  // The base is printed with why: the merge base of HEAD and origin/main, the first commit.
  assert log.contains("pgperf compare: compares with ${base.substring(0, 12)} \"Items with an index on id\" (the merge base of HEAD and origin/main; set pgperf.base to choose another)")
  assert log.contains('[WARNING] pgperf compare: the working tree has uncommitted changes (1 file: notes.txt): the candidate is compared as it is, with them')
  assert log.find(/pgperf compare: the base revision built in \d+\.\d s/)
  assert log.contains('pgperf compare: 2 pairs, test JVMs in the order A B B A (A the base, B the candidate)')
  // The test JVMs ran in that order, each trial numbered by its pair.
  def runs = log.lines().findAll { it.contains('pgperf compare: pair ') }
      .collect { (it =~ /pair (\d), (base|candidate)/)[0][1..2].join(' ') }
  assert runs == ['1 base', '1 candidate', '2 candidate', '2 base']
  // Each side ran its own revision's configuration (the POM property the second commit changed).
  assert log.contains('[base] items revision: with-index')
  assert log.contains('[candidate] items revision: without-index')
  // The worktree of the base is gone; its build's log is kept.
  assert !new File(basedir, 'target/pgperf/base').exists()
  assert new File(basedir, 'target/pgperf/base-build.log').text.contains('BUILD SUCCESS')
  def slurper = new groovy.json.JsonSlurper()
  def tpsBySide = [:]
  def plansBySide = [:]
  ['base', 'candidate'].each { side ->
    def dir = new File(basedir, "target/pgperf/results/${side}")
    assert dir.list().sort() == ['ItemsPerfTest-lookup-trial2.json', 'ItemsPerfTest-lookup.json']
    def results = dir.listFiles().sort { it.name }.collect { slurper.parse(it) }
    // The side and the pair are data in each result, not only its directory.
    assert results*.identity*.build.every { it.endsWith("-${side}") }
    assert results*.identity*.build.unique().size() == 1
    assert results*.identity*.trial.sort() == [1, 2]
    tpsBySide[side] = results.collect { it.scripts[0].stats.counts.processed / it.benchSeconds }
    plansBySide[side] = results.collect { it.serverWork.plans[0].shape.root.label }
    assert plansBySide[side].size() == 2
  }
  // Both sides' builds belong to one comparison: the same id before the side.
  def ids = ['base', 'candidate'].collect { side ->
    slurper.parse(new File(basedir, "target/pgperf/results/${side}/ItemsPerfTest-lookup.json")).identity.build - "-${side}"
  }
  assert ids[0] == ids[1]
  // Each side measured its own revision's schema: the plans the runs recorded (machine-independent;
  // tps is printed only: at load 22 the index's advantage fell from 7x to 1.4x).
  println "compare-interleaved: tps base ${tpsBySide.base}, candidate ${tpsBySide.candidate}"
  assert plansBySide.base.every { it == 'Index Scan using items_id on items' }
  assert plansBySide.candidate.every { it == 'Seq Scan on items' }
  // No statistics yet: the comparison says so rather than claim a verdict.
  assert log.contains('pgperf compare: no verdict: the paired statistics are not part of this pgperf yet')
} finally {
  evaluate(new File(basedir, 'cleanup.groovy'))
}
true
