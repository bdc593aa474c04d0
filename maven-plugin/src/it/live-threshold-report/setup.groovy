// A database of this build's own on the test server (PGPERF_TEST_URL, else the local one); the
// tests find it through junit-platform.properties. verify.groovy drops it.
def admin = System.getenv('PGPERF_TEST_URL') ?: 'jdbc:postgresql://127.0.0.1:5432/postgres?user=postgres'
def name = 'pgperf_it_' + basedir.name.replace('-', '_') + '_' + UUID.randomUUID().toString().replace('-', '').substring(0, 8)
def c = new org.postgresql.Driver().connect(admin, new Properties())
try {
  c.createStatement().execute('create database ' + name)
} finally {
  c.close()
}
def url = admin.replaceFirst('/[^/?]*(\\?|$)', '/' + name + '$1')
new File(basedir, 'src/test/resources').mkdirs()
new File(basedir, 'src/test/resources/junit-platform.properties').text =
    "# written by setup.groovy\npgperf.url=" + url + "\npgperf.it.database=" + name + "\npgperf.it.admin=" + admin + "\n"
true
