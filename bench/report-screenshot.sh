#!/usr/bin/env bash
# Regenerates docs/report-screenshot.png from real runs: pgperf (the CLI) against the local
# server, in a database of its own (dropped at the end), writing result JSON with timelines:
#   - TpcbIT-tpcb: the built-in TPC-B-like script, 3 baseline and 3 candidate trials (A/A);
#   - OrdersIT-lookup: a custom script, 3 baseline trials, then 3 candidate trials of the same
#     script name with one extra 2 ms query (a real slowdown the gate should call a regression);
#   - SweepIT-select-clients-N: select-only at 1, 2, 4 and 8 clients.
# Then the report of the candidate results against the baseline results (bench/RenderReport.java,
# the gate's default settings) and a Chromium screenshot of its top. Builds nothing: run
# `mvn -B -q -pl cli,gate -am package -DskipTests` first.
#
# Environment: PGHOST (127.0.0.1), PGPORT (5432), PGUSER (postgres), RUN_SECONDS (5),
# OUT (target/report-screenshot: results, baseline and report.html), SHOT (docs/report-screenshot.png).
set -euo pipefail
cd "$(dirname "$0")/.."

jar=$PWD/cli/target/pgperf.jar
classes=$PWD/gate/target/classes
if [ ! -f "$jar" ] || [ ! -d "$classes/io/github/pgperf/report" ]; then
  echo "error: build first: mvn -B -q -pl cli,gate -am package -DskipTests" >&2
  exit 1
fi
command -v chromium >/dev/null || { echo "error: chromium not installed (apt-get install chromium)" >&2; exit 1; }

export PGHOST=${PGHOST:-127.0.0.1} PGPORT=${PGPORT:-5432} PGUSER=${PGUSER:-postgres}
seconds=${RUN_SECONDS:-5}
out=${OUT:-$PWD/target/report-screenshot}
shot=${SHOT:-$PWD/docs/report-screenshot.png}
db="pgperf_report_$$"

rm -rf "$out"
mkdir -p "$out/results" "$out/baseline" "$out/scripts"
psql -q -X -d postgres -c "create database $db" >/dev/null
trap 'psql -q -X -d postgres -c "drop database if exists $db with (force)" >/dev/null' EXIT

pgperf() { java -jar "$jar" "$@"; }
pgperf -i -q -s 5 "$db" >/dev/null 2>&1

cat > "$out/scripts/lookup.sql" <<'SQL'
\set aid random(1, 100000 * :scale)
SELECT abalance FROM pgbench_accounts WHERE aid = :aid;
SQL
mkdir -p "$out/scripts/slower"
cat > "$out/scripts/slower/lookup.sql" <<'SQL'
\set aid random(1, 100000 * :scale)
SELECT abalance FROM pgbench_accounts WHERE aid = :aid;
SELECT pg_sleep(0.002);
SQL

run() { # dir key [options]
  local dir=$1 key=$2
  shift 2
  pgperf -T "$seconds" --timeline-interval 250 --result-json "$dir/$key.json" "$@" "$db" \
    | grep -E '^(tps|latency average)' | sed "s|^|$key: |"
}

for i in 1 2 3; do
  run "$out/baseline" "TpcbIT-tpcb-trial$i" -c 4 -j 2
  run "$out/results" "TpcbIT-tpcb-trial$i" -c 4 -j 2
done
# The script is named by its file name; both versions are lookup.sql.
(cd "$out/scripts" && for i in 1 2 3; do run "$out/baseline" "OrdersIT-lookup-trial$i" -c 4 -j 2 -f lookup.sql; done)
(cd "$out/scripts/slower" && for i in 1 2 3; do run "$out/results" "OrdersIT-lookup-trial$i" -c 4 -j 2 -f lookup.sql; done)
for c in 1 2 4 8; do
  run "$out/results" "SweepIT-select-clients-$c" -S -c "$c" -j "$(( c < 2 ? c : 2 ))"
done

java -cp "$classes:$jar" bench/RenderReport.java "$out/results" "$out/baseline" "$out"
chromium --headless --no-sandbox --disable-gpu --disable-background-networking \
  --disable-component-update --disable-sync --no-first-run --hide-scrollbars \
  --user-data-dir="$out/chromium-profile" --window-size=1360,2300 \
  --screenshot="$shot" "file://$out/report.html" >/dev/null 2>&1
echo "report: $out/report.html"
echo "screenshot: $shot"
