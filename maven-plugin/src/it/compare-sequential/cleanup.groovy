// Drops the database setup.groovy made (its name is in junit-platform.properties).
io.github.pgperf.it.LiveDatabase.drop(basedir)
