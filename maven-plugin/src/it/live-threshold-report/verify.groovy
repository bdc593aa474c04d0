try {
  def log = io.github.pgperf.it.BuildLog.read(basedir)  // prints as its name in a failed assert, not the whole log
  assert log.contains('[INFO] pgperf test: 2 trials of every test (<trials> in the plugin\'s configuration)')
  assert log.contains('pgperf test: 1 test x 2 trials: 0 passed, 2 failed, 0 aborted, 0 skipped in ')
  assert log.contains('[ERROR]   CatalogPerfTest.browse (trial 1):')
  assert log.contains('[ERROR]   CatalogPerfTest.browse (trial 2):')
  // The report of the runs, written by pgperf:test itself, and named in the failure.
  def report = new File(basedir, 'target/pgperf/report.html')
  assert report.isFile()
  assert log.find('(?m)^' + java.util.regex.Pattern.quote('[ERROR]   report of the runs that finished: ' + report.absolutePath) + '$')
  // pgperf:report itself never ran: the build had failed.
  assert !log.contains(':report (default) @ live-threshold-report')
  def html = report.text
  assert html.contains('<h2>CatalogPerfTest-browse</h2>'), 'in report.html'
  assert html.contains('CatalogPerfTest-browse-trial2.json'), 'in report.html'
  // Readable output: no stack trace, no line anyone would have to scroll sideways through.
  assert !log.find(/(?m)^\s+at [a-z]+\./)
  assert log.longestLine() < 400
} finally {
  evaluate(new File(basedir, 'cleanup.groovy'))
}
true
