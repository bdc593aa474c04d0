import io.github.pgperf.it.GitProject

try {
  def log = io.github.pgperf.it.BuildLog.read(basedir)
  def base12 = GitProject.git(basedir, 'rev-parse', 'HEAD~1').substring(0, 12)
  // A pair of test JVMs per test class (pgperf.alternate=class, the default), found by a discovery
  // JVM per side: each class's pair alternates from pair to pair, and from class to class.
  assert log.contains('pgperf compare: 2 pairs, test JVMs in the order A B B A B A A B (A the base, B the candidate), a pair of test JVMs per test class in each pair (ItemsPerfTest, PingPerfTest;')
  def runs = log.lines().findAll { it.contains('pgperf compare: pair ') }
      .collect { (it =~ /pair (\d+), (base|candidate) \([^)]*\): (\w+)/)[0][1..3].join(' ') }
  assert runs == ['1 base ItemsPerfTest', '1 candidate ItemsPerfTest', '1 candidate PingPerfTest', '1 base PingPerfTest',
      '2 candidate ItemsPerfTest', '2 base ItemsPerfTest', '2 base PingPerfTest', '2 candidate PingPerfTest']
  // Nothing changed: the work and the plan compare equal, nothing fails, nothing is confirmed.
  assert log.contains("pgperf compare: pgperf: compared with ${base12} (the merge base of HEAD and origin/main) on this runner, interleaved, 2 pairs.")
  assert !log.contains('[ERROR]')
  assert !log.contains('REGRESSION')
  assert !log.contains('PLAN_CHANGED')
  assert !log.contains('confirming with')
  assert log.find(/\[(INFO|WARNING)\] pgperf compare: (passes|compared \d+ of \d+, passes with warnings): .*PASS/)
  // Timing on two pairs is inconclusive by design (three are the fewest it decides on): a warning.
  log.lines().findAll { it =~ /ItemsPerfTest-lookup +(tps|p50|p99) / }.each { println "compare-a-a: ${it}" }
  // One server for both sides (pgperf.compareServer=shared, the default): the tests' EXTERNAL server,
  // a database per side that the server JVM made and dropped again.
  assert log.find(/pgperf compare: both sides run on one server, EXTERNAL PostgreSQL .+ at jdbc:postgresql:/)
  assert log.contains('[server] pgperf: shared server for pgperf:compare: EXTERNAL PostgreSQL')
  def slurper = new groovy.json.JsonSlurper()
  def bySide = ['base', 'candidate'].collectEntries { side ->
    [side, slurper.parse(new File(basedir, "target/pgperf/results/${side}/ItemsPerfTest-lookup.json"))]
  }
  def id = bySide.base.identity.build - '-base'
  ['base', 'candidate'].each { side ->
    def database = bySide[side].target.database
    assert database ==~ /pgperf_compare_.*_${side}/
    assert database.contains(id.toLowerCase().replace('-', '_'))
    assert !io.github.pgperf.it.LiveDatabase.exists(database)
  }
  // The results name the same server: host, port, provider and the shared server's line.
  assert bySide.base.target.host == bySide.candidate.target.host
  assert bySide.base.target.port == bySide.candidate.target.port
  assert bySide.base.server.provider == 'EXTERNAL' && bySide.candidate.server.provider == 'EXTERNAL'
  assert bySide.base.server.providerReason.startsWith("pgperf:compare's shared server at ")
  assert bySide.base.server.providerReason == bySide.candidate.server.providerReason
  // Each class's results, numbered by pair on both sides; a pair's two runs of a class ran one
  // after the other, in the order logged (their start times say so, whatever the log says).
  def started = { side, key -> slurper.parse(new File(basedir, "target/pgperf/results/${side}/${key}.json")) }
  ['ItemsPerfTest-lookup', 'PingPerfTest-ping'].each { test ->
    ['base', 'candidate'].each { side ->
      assert [test, "${test}-trial2"].collect { started(side, it).identity.trial } == [1, 2]
    }
  }
  def at = { side, key -> java.time.Instant.parse(started(side, key).startedAt) }
  assert at('base', 'ItemsPerfTest-lookup') < at('candidate', 'ItemsPerfTest-lookup')
  assert at('candidate', 'ItemsPerfTest-lookup') < at('candidate', 'PingPerfTest-ping')
  assert at('candidate', 'PingPerfTest-ping') < at('base', 'PingPerfTest-ping')
  assert at('base', 'PingPerfTest-ping') < at('candidate', 'ItemsPerfTest-lookup-trial2')
  def md = new File(basedir, 'target/pgperf/check.md').text
  assert md.readLines()[0] == "pgperf: compared with ${base12} (the merge base of HEAD and origin/main) on this runner, interleaved, 2 pairs."
} finally {
  evaluate(new File(basedir, 'cleanup.groovy'))
}
true
