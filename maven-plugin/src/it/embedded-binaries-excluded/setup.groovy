// A database of this build's own on the test server; verify.groovy drops it (cleanup.groovy).
io.github.pgperf.it.LiveDatabase.create(basedir)
true
