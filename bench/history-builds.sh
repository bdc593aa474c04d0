#!/usr/bin/env bash
# Twelve builds recorded with pgperf on a PostgreSQL cluster of its own (pg_stat_statements
# preloaded, so each result has its work per transaction), a regression from build 8 on (the
# accounts' primary key dropped: select-only reads the whole table for each account), each build
# added to a directory history with `pgperf history`. Prints each build's CHANGE_POINT lines and
# keeps history.jsonl: gate's RecordedHistoryTest judges the committed copy
# (gate/src/test/resources/io/github/pgperf/history/recorded-12-builds.jsonl).
#
#   bench/history-builds.sh                  # port 5445, 3 trials of 2 s per test and build
#   PORT=5446 TRIALS=2 KEEP=/tmp/h bench/history-builds.sh
#
# Needs cli/target/pgperf.jar and PostgreSQL 15's binaries in /usr/lib/postgresql/15/bin.
set -euo pipefail
bench=$(cd "$(dirname "$0")" && pwd)
cd "$bench/.."
jar=$PWD/cli/target/pgperf.jar
if [ ! -f "$jar" ]; then
  echo "error: $jar not found; build it with: mvn -B -q package -DskipTests -pl cli -am" >&2
  exit 1
fi
bin=${PGBIN:-/usr/lib/postgresql/15/bin}
PORT=${PORT:-5445}
BUILDS=${BUILDS:-12}
REGRESSION_AT=${REGRESSION_AT:-8}
TRIALS=${TRIALS:-3}
work=$(mktemp -d /tmp/pgperf-history.XXXXXX)
# The server refuses to run as root: as root, it runs as the postgres user.
as=()
if [ "$(id -u)" = 0 ]; then
  as=(runuser -u postgres --)
  chown postgres "$work"
fi
stop() {
  "${as[@]}" "$bin/pg_ctl" -D "$work/data" -m fast stop >/dev/null 2>&1 || true
  if [ -n "${KEEP:-}" ]; then
    mkdir -p "$KEEP" && cp -r "$work/history" "$work"/out-* "$work"/results-* "$KEEP"/ 2>/dev/null || true
    echo "history and outputs kept in $KEEP"
  fi
  rm -rf "$work"
}
trap stop EXIT

"${as[@]}" "$bin/initdb" -D "$work/data" -U postgres --auth=trust -E UTF8 >/dev/null
options="-p $PORT -k $work -c listen_addresses='' -c shared_preload_libraries=pg_stat_statements"
"${as[@]}" "$bin/pg_ctl" -D "$work/data" -l "$work/server.log" -w -o "$options" start >/dev/null
export PGHOST=$work PGPORT=$PORT PGUSER=postgres PGDATABASE=bench
"$bin/createdb" bench
"$bin/psql" -q -X -c "create extension pg_stat_statements"
java -jar "$jar" -i -s 1 -q bench 2>/dev/null
cat >"$work/tellers.sql" <<'SQL'
\set tid random(1, 10)
SELECT tbalance FROM pgbench_tellers WHERE tid = :tid;
SQL
cat >"$work/branches.sql" <<'SQL'
SELECT bbalance FROM pgbench_branches WHERE bid = 1;
SQL

for n in $(seq 1 "$BUILDS"); do
  id=$(printf 'build-%02d' "$n")
  if [ "$n" -eq "$REGRESSION_AT" ]; then
    "$bin/psql" -q -X -c "alter table pgbench_accounts drop constraint pgbench_accounts_pkey"
  fi
  results=$work/results-$n
  mkdir -p "$results"
  for t in $(seq 1 "$TRIALS"); do
    java -jar "$jar" -b select-only -c 2 -T 2 --server-counters \
      --result-json "$results/select-only-trial$t.json" bench >/dev/null 2>&1
    java -jar "$jar" -f "$work/tellers.sql" -c 2 -T 2 --server-counters \
      --result-json "$results/tellers-trial$t.json" bench >/dev/null 2>&1
    java -jar "$jar" -f "$work/branches.sql" -c 2 -T 2 --server-counters \
      --result-json "$results/branches-trial$t.json" bench >/dev/null 2>&1
  done
  echo "== $id (load $(cut -d' ' -f1 /proc/loadavg))"
  java -jar "$jar" history --results "$results" --store "$work/history" --output "$work/out-$n" \
    --build "$id" --commit "$(printf 'c%02d' "$n")" --branch main 2>&1 \
    | grep -E '^(warning: CHANGE_POINT|pgperf history: (passes|fails|compared))' || true
done
