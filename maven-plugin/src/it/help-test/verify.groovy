def log = io.github.pgperf.it.BuildLog.read(basedir)  // prints as its name in a failed assert, not the whole log
assert log.contains('pgperf:test')
for (p in ['argLine', 'excludedGroups', 'failIfNoTests', 'forkTimeout', 'groups', 'jvm', 'outputDirectory',
    'results', 'skip', 'tests', 'trials', 'workingDirectory']) {
  assert log.contains(p), "help does not describe $p"
  assert log.contains("User property: pgperf.$p"), "help does not name pgperf.$p"
}
assert log.contains('systemPropertyVariables')
assert log.contains('environmentVariables')
true
