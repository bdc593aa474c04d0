def log = io.github.pgperf.it.BuildLog.read(basedir)  // prints as its name in a failed assert, not the whole log
assert log.contains('pgperf:check')
for (p in ['baselineDirectory', 'baselineResults', 'level', 'metrics', 'minimumEffect', 'onEmptyResults',
    'onFingerprintMismatch', 'onInconclusive', 'onMissingBaseline', 'onMissingResults',
    'onRegression', 'onUnreadableResults', 'outputDirectory', 'results', 'skip']) {
  assert log.contains(p), "help does not describe $p"
  assert log.contains("User property: pgperf.$p"), "help does not name pgperf.$p"
}
