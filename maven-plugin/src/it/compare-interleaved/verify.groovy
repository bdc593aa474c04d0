import io.github.pgperf.it.GitProject

try {
  def log = io.github.pgperf.it.BuildLog.read(basedir)
  def base = GitProject.git(basedir, 'rev-parse', 'HEAD~1')
  // The base is printed with why: the merge base of HEAD and origin/main, the first commit.
  assert log.contains("pgperf compare: compares with ${base.substring(0, 12)} \"Items with an index on id\" (the merge base of HEAD and origin/main; set pgperf.base to choose another)")
  assert log.contains('[WARNING] pgperf compare: the working tree has uncommitted changes (1 file: notes.txt): the candidate is compared as it is, with them')
  assert log.find(/pgperf compare: the base revision built in \d+\.\d s/)
  assert log.contains('pgperf compare: 3 pairs, test JVMs in the order A B B A A B (A the base, B the candidate)')
  // The test JVMs ran in that order, each trial numbered by its pair.
  def runs = log.lines().findAll { it.contains('pgperf compare: pair ') }
      .collect { (it =~ /pair (\d+), (base|candidate)/)[0][1..2].join(' ') }
  assert runs.take(6) == ['1 base', '1 candidate', '2 candidate', '2 base', '3 base', '3 candidate']
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
    // The first three pairs; a confirmation adds pairs 4 to 6 (checked below).
    def first = ['ItemsPerfTest-lookup.json', 'ItemsPerfTest-lookup-trial2.json', 'ItemsPerfTest-lookup-trial3.json']
    assert dir.list().toList().containsAll(first)
    def results = first.collect { slurper.parse(new File(dir, it)) }
    // The side and the pair are data in each result, not only its directory.
    assert results*.identity*.build.every { it.endsWith("-${side}") }
    assert results*.identity*.build.unique().size() == 1
    assert results*.identity*.trial.sort() == [1, 2, 3]
    tpsBySide[side] = results.collect { it.scripts[0].stats.counts.processed / it.benchSeconds }
    plansBySide[side] = results.collect { it.serverWork.plans[0].shape.root.label }
    assert plansBySide[side].size() == 3
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
  // The verdicts: the candidate's lookup scans the whole table where the base's used the index; the
  // POM makes a plan change fail (the server has no pg_stat_statements for work counters), a
  // verdict no load can blur, against the base commit.
  def base12 = base.substring(0, 12)
  assert log.contains('[ERROR] pgperf compare: fails the build: ')
  assert log.find(/\[ERROR\] pgperf compare: fails the build: .*PLAN_CHANGED/)
  assert log.find(/PLAN_CHANGED: ItemsPerfTest-lookup: the plan of lookup.sql command 1 \(SELECT payload FROM items WHERE id = :id;\) changed: Index Scan using items_id on items -> Seq Scan on items/)
  assert log.contains("pgperf compare failed against ${base12}:")
  assert !log.contains('\tat io.github.pgperf')
  // The timing verdicts depend on the machine's load (printed, not asserted); a timing REGRESSION
  // on the first pairs is confirmed on three more pairs of the test before the build fails.
  log.lines().findAll { it =~ /ItemsPerfTest-lookup +(tps|p50|p99) / }.each { println "compare-interleaved: ${it}" }
  if (log.contains('pgperf compare: REGRESSION on the first 3 pairs in ItemsPerfTest-lookup: confirming with 3 more pairs of ItemsPerfTest')) {
    assert runs.drop(6) == ['4 candidate', '4 base', '5 base', '5 candidate', '6 candidate', '6 base']
    assert log.find(/pgperf compare: pgperf: compared with ${base12} .* interleaved, 6 pairs; (not )?confirmed: ItemsPerfTest-lookup on all 6 pairs \(3 first, then 3 more\)/)
    println "compare-interleaved: a timing regression was confirmed or not: " + log.lines().find { it.contains('confirmed: ItemsPerfTest') }
  } else {
    assert runs.size() == 6
    println 'compare-interleaved: no timing regression on the first 3 pairs: no confirmation'
  }
  // check.md leads with the line for a pull request, and holds the table.
  def md = new File(basedir, 'target/pgperf/check.md').text
  assert md.readLines()[0] ==~ /pgperf: compared with ${base12} \(the merge base of HEAD and origin\/main\) on this runner, interleaved, [36] pairs.*\./
  assert md.contains('PLAN_CHANGED')
  assert new File(basedir, 'target/pgperf/check.json').isFile()
  assert new File(basedir, 'target/pgperf/TEST-pgperf-check.xml').isFile()
  // The comparison's report.html: check.md's line as its heading, the same verdicts, each timing
  // metric's pairs in the order they ran, the base's plan beside the candidate's; the failure
  // names it last, as pgperf:check's does.
  def page = new File(basedir, 'target/pgperf/report.html')
  def html = page.getText('UTF-8')
  def escaped = md.readLines()[0].replace('&', '&amp;').replace('<', '&lt;').replace('>', '&gt;').replace('"', '&quot;')
  assert html.contains("<h1>pgperf comparison</h1><p class=\"lead\">${escaped}</p>")
  assert html.contains('<strong>PLAN_CHANGED</strong>')
  assert html.contains('<table class="plan-diff">')
  def pairCount = runs.size() / 2
  assert html.contains("<caption>ItemsPerfTest-lookup tps by pair")
  assert (html =~ /<g class="pair"><title>pair \d+ \((A B|B A)\)/).size() == 3 * 3 + (pairCount - 3) * 3
  assert html.contains('<title>pair 1 (A B)') && html.contains('<title>pair 2 (B A)')
  assert !html.contains('<script')
  assert log.contains("  report: ${page.absolutePath}") || log.contains("  report: ${page.canonicalPath}")
} finally {
  evaluate(new File(basedir, 'cleanup.groovy'))
}
true
