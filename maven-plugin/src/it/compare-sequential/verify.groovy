import io.github.pgperf.it.GitProject

try {
  def log = io.github.pgperf.it.BuildLog.read(basedir)
  def base12 = GitProject.git(basedir, 'rev-parse', 'HEAD~1').substring(0, 12)
  // Slices without pgperf.pairs: sequential, within 20 s of 1-s slices a class (10 pairs).
  assert log.contains('pgperf compare: each test class gets 4 pairs, then 2 more at a time until its timing verdicts settle, at most 20 s of slices (pgperf.compareTime; pgperf.pairs=N runs N pairs instead)')
  assert log.contains('pgperf compare: 4 pairs of 1-s slices, test JVMs in the order ')
  // How each class ended, in the pull request line: its pairs, at most its cap.
  def line = log.lines().find { it.contains('pgperf compare: pgperf: compared with') }
  def ended = java.util.regex.Pattern.compile("pgperf compare: pgperf: compared with ${base12} \\(the merge base of HEAD and origin/main\\) on this runner, interleaved, \\d+ pairs; each class's pairs until its timing verdicts settled or it reached its cap, at most 20 s of slices \\(pgperf.compareTime\\): ItemsPerfTest (\\d+) of 10, PingPerfTest (\\d+) of 10\\.").matcher(line ?: '')
  assert ended.find() : "not the sequential line: ${line}"
  def pairs = ['ItemsPerfTest-lookup': ended.group(1) as int, 'PingPerfTest-ping': ended.group(2) as int]
  println "compare-sequential: ${pairs}"
  pairs.each { key, n ->
    assert n >= 4 && n <= 10 && n % 2 == 0
    // Every pair's results, on both sides, and none past the class's last pair.
    ['base', 'candidate'].each { side ->
      def dir = new File(basedir, "target/pgperf/results/${side}")
      assert new File(dir, "${key}.json").isFile()
      (2..n).each { assert new File(dir, "${key}-trial${it}.json").isFile() }
      assert !new File(dir, "${key}-trial${n + 1}.json").exists()
    }
  }
  // A class that ran past its first 4 pairs said why after each look.
  if (pairs.values().any { it > 4 }) {
    assert log.find(/pgperf compare: after 4 pairs, not settled: .+; 2 more pairs of \w+/)
  }
  // Nothing changed: nothing fails, nothing is confirmed.
  assert !log.contains('[ERROR]')
  // (A SMALL_REGRESSION may be: what the two sides differ by is the same in every pair.)
  assert !log.find(/(^|[^A-Z_])REGRESSION/)
  assert !log.contains('pgperf compare: the minimum effect is')
  assert !log.contains('confirming with')
  assert log.find(/\[(INFO|WARNING)\] pgperf compare: (passes|compared \d+ of \d+, passes with warnings)/)
  def md = new File(basedir, 'target/pgperf/check.md').text
  assert md.readLines()[0].contains("each class's pairs until its timing verdicts settled or it reached its cap")
} finally {
  evaluate(new File(basedir, 'cleanup.groovy'))
}
true
