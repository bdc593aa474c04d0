// Twelve builds added to one history: the statement index dropped at build 8 must be reported once,
// naming build 8 and its commit range, for both tests that run the statement, from the work they
// cost (shared blocks per transaction, exact on any machine); the transfer, which does not use the
// index, never. The statement tests' timing change points depend on the load each build met:
// printed, not asserted (docs/history.md, "A demonstration").
def slurper = new groovy.json.JsonSlurper()
def commits = new File(basedir, 'commits.txt').readLines()*.trim().findAll { it }
assert commits.size() == 12
def log = new File(basedir, 'build.log').text
assert !log.contains('\tat io.github.pgperf')
assert !log.contains('127.0.0.1:1')

// Every build recorded its three tests, once each, with its own commit.
def lines = new File(basedir, 'history/history.jsonl').readLines().collect { slurper.parseText(it) }
def points = lines.findAll { it.kind == 'point' }
def tests = ['LedgerPerformanceTest-statement', 'LedgerPerformanceTest-statementAtFixedRate',
             'LedgerPerformanceTest-transfer']
(1..12).each { n ->
  def id = String.format('build-%02d', n)
  def mine = points.findAll { it.build == id }
  assert mine*.test.sort() == tests: "${id}: ${mine*.test}"
  assert mine.every { it.commit == commits[n - 1] && it.trials == 1 }
}

// Each build's findings, as its check.json has them.
def changePoints = (1..12).collectMany { n ->
  def id = String.format('build-%02d', n)
  def json = slurper.parse(new File(basedir, "builds/${id}/target/pgperf/history/check.json"))
  assert json.passed: "${id} failed: change points warn by default"
  // A timing finding names its metric; a work finding its figure (metric null).
  json.findings.findAll { it.verdict == 'CHANGE_POINT' }
      .collect { it + [reportedIn: n, what: it.metric ?: it.work.what] }
}
changePoints.each { println "example-history: build ${it.reportedIn}: ${it.message}" }

// The index: reported once per test that runs the statement, from build 9 on (build 8 alone is one
// build at the new level), naming build 8 and the range from build 7's commit to build 8's.
def range = "${commits[6].substring(0, 12)}..${commits[7].substring(0, 12)}"
tests.take(2).each { test ->
  def work = changePoints.findAll { it.test == test && it.what == 'shared blocks per transaction' }
  assert work.size() == 1: "${test}: ${work*.message}"
  assert work[0].message.contains("at build build-08 (commits ${range},")
  assert work[0].reportedIn >= 9
}
// No other work change point. The transfer, which does not use the index, is never reported, its
// timing included: a false alert there is what the history must not raise (its timing depends on
// the load, so this one assertion can fail on noise; three runs at load 5-10 never did).
assert changePoints.findAll { it.metric == null }.size() == 2
assert changePoints.findAll { it.test == tests[2] }.isEmpty()
// A change is reported once: no test and metric twice.
assert changePoints.collect { [it.test, it.what] }.unique().size() == changePoints.size()
true
