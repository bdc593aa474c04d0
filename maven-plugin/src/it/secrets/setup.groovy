// A role with the build's password and a database it owns; verify.groovy drops them (cleanup.groovy).
io.github.pgperf.it.SecretDatabase.create(basedir)
true
