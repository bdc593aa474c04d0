// Drops the database and role setup.groovy made (named in junit-platform.properties).
io.github.pgperf.it.SecretDatabase.drop(basedir)
