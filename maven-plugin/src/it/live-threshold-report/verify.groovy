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
  // The database's work of the real runs (counters are on by default): the select-only script's
  // plan, the wait events as bars whose shares add up, and the statements, or why they are not
  // measured (this server may lack pg_stat_statements: pgperf installs nothing under EXTERNAL).
  def work = html.substring(html.indexOf('<h3>Database work</h3>'))
  assert work.contains('<details class="plan"><summary>&lt;builtin: select only&gt; command 1 '
      + '<code>SELECT abalance FROM pgbench_accounts WHERE aid = :aid;</code>: Index Scan using '
      + 'pgbench_accounts_pkey on pgbench_accounts</summary>'), 'the plan in report.html'
  assert work.count('<g class="wait-bar">') == 3, 'wait bars of 2 trials and all in report.html'
  def bar = work.substring(work.indexOf('<g class="wait-bar">'), work.indexOf('</g>'))
  def shares = (bar =~ /data-share="([0-9.]+)"/).collect { new BigDecimal(it[1]) }
  assert !shares.isEmpty() && (shares.sum() - 100).abs() <= 0.5 * shares.size()
  assert work.contains('<table class="statements">') ||
      work.contains('<h4>Top statements</h4><p class="note">not measured: pg_stat_statements ')
  // Readable output: no stack trace, no line anyone would have to scroll sideways through.
  assert !log.find(/(?m)^\s+at [a-z]+\./)
  assert log.longestLine() < 400
} finally {
  evaluate(new File(basedir, 'cleanup.groovy'))
}
true
