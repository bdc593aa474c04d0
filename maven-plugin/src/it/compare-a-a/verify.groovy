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
  def md = new File(basedir, 'target/pgperf/check.md').text
  assert md.readLines()[0] == "pgperf: compared with ${base12} (the merge base of HEAD and origin/main) on this runner, interleaved, 2 pairs."
} finally {
  evaluate(new File(basedir, 'cleanup.groovy'))
}
true
