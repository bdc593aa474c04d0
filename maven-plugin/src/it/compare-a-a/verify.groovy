import io.github.pgperf.it.GitProject

try {
  def log = io.github.pgperf.it.BuildLog.read(basedir)
  def base12 = GitProject.git(basedir, 'rev-parse', 'HEAD~1').substring(0, 12)
  assert log.contains('pgperf compare: 2 pairs, test JVMs in the order A B B A (A the base, B the candidate)')
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
  def md = new File(basedir, 'target/pgperf/check.md').text
  assert md.readLines()[0] == "pgperf: compared with ${base12} (the merge base of HEAD and origin/main) on this runner, interleaved, 2 pairs."
} finally {
  evaluate(new File(basedir, 'cleanup.groovy'))
}
true
