// Drops the database setup.groovy made (its name is in junit-platform.properties).
def props = new Properties()
new File(basedir, 'src/test/resources/junit-platform.properties').withInputStream { props.load(it) }
def c = new org.postgresql.Driver().connect(props['pgperf.it.admin'], new Properties())
try {
  c.createStatement().execute('drop database if exists ' + props['pgperf.it.database'] + ' with (force)')
} finally {
  c.close()
}
