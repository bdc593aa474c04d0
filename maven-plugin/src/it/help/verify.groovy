def log = new File(basedir, 'build.log').text
assert log.contains('pgperf:check')
for (p in ['baselineDirectory', 'baselineResults', 'level', 'metrics', 'minimumEffect', 'onEmptyResults',
    'onFingerprintMismatch', 'onInconclusive', 'onMissingBaseline', 'onMissingResults',
    'onRegression', 'onUnreadableResults', 'outputDirectory', 'results', 'skip']) {
  assert log.contains(p), "help does not describe $p"
  assert log.contains("User property: pgperf.$p"), "help does not name pgperf.$p"
}
