# Sourced by the benchmark scripts from the project's root: pgperf's jar (built beforehand),
# libpq's connection variables with this machine's defaults, and scratch_database.
jar=$PWD/cli/target/pgperf.jar
if [ ! -f "$jar" ]; then
  echo "error: $jar not found; build it with: mvn -B -q package -DskipTests -pl cli -am" >&2
  exit 1
fi
export PGHOST=${PGHOST:-127.0.0.1} PGPORT=${PGPORT:-5432} PGUSER=${PGUSER:-postgres}

# scratch_database NAME: creates database NAME ($db) and a work directory ($work); both go when
# the script exits.
scratch_database() {
  db=$1
  work=$(mktemp -d)
  psql -q -X -d postgres -c "create database $db" >/dev/null
  trap 'psql -q -X -d postgres -c "drop database if exists $db with (force)" >/dev/null; rm -rf "$work"' EXIT
}
