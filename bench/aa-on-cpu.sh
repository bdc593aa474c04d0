#!/usr/bin/env bash
# A/A spread of the on-CPU metrics (server CPU/tx, client CPU/tx, alloc/tx) beside tps: RUNS
# identical short runs quiet, then RUNS with a busy loop on both cores (bench/hogs.sh), and the
# spread of each figure (coefficient of variation and max/min) in each condition, with the load
# average. Scratch database pgperf_bench_<pid> on PGHOST/PGPORT (default 127.0.0.1:5432),
# dropped at exit. Build first: mvn -B -q package -DskipTests
#   RUNS=8 SECONDS_PER_RUN=4 CLIENTS=2 bench/aa-on-cpu.sh
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/hogs.sh
RUNS=${RUNS:-8}
SECONDS_PER_RUN=${SECONDS_PER_RUN:-4}
CLIENTS=${CLIENTS:-2}
export PGHOST=${PGHOST:-127.0.0.1} PGPORT=${PGPORT:-5432} PGUSER=${PGUSER:-postgres}
db=pgperf_bench_$$
out=$(mktemp -d)
cleanup() {
  stop_hogs
  psql -q -d postgres -c "DROP DATABASE IF EXISTS $db" >/dev/null 2>&1 || true
  rm -rf "$out"
}
trap cleanup EXIT
psql -q -d postgres -c "CREATE DATABASE $db" >/dev/null
pgperf() { java ${JAVA_OPTS:-} -jar cli/target/pgperf.jar "$@"; }
pgperf -i -q -s 1 "$db" >/dev/null 2>&1

runs() { # condition
  for i in $(seq 1 "$RUNS"); do
    pgperf -c "$CLIENTS" -j "$CLIENTS" -T "$SECONDS_PER_RUN" -n --server-counters \
      --result-json "$out/$1-$i.json" "$db" >/dev/null 2>&1
  done
  echo "$1: load average $(cut -d' ' -f1-3 /proc/loadavg)"
}
echo "before: load average $(cut -d' ' -f1-3 /proc/loadavg)"
runs quiet
start_hogs
runs hog
stop_hogs

python3 - "$out" <<'PY'
import glob, json, statistics, sys
out = sys.argv[1]
def figures(f):
    r = json.load(open(f))
    tx = sum(s["stats"]["counts"]["processed"] for s in r["scripts"])
    cpu = r.get("cpu") or {}
    per = lambda v, d: v / d / tx if v is not None and tx else float("nan")
    return {"tps": tx / r["benchSeconds"],
            "server CPU/tx µs": per(cpu.get("serverNanos"), 1e3),
            "client CPU/tx µs": per(cpu.get("clientNanos"), 1e3),
            "alloc/tx bytes": per(cpu.get("clientAllocatedBytes"), 1)}
print("| condition | figure | median | CV | max/min |")
print("| --- | --- | --- | --- | --- |")
for cond in ("quiet", "hog"):
    rows = [figures(f) for f in sorted(glob.glob(f"{out}/{cond}-*.json"))]
    for k in rows[0]:
        v = [r[k] for r in rows if r[k] == r[k]]
        if len(v) < 2:
            print(f"| {cond} | {k} | not measured | | |"); continue
        m = statistics.median(v)
        cv = statistics.stdev(v) / statistics.mean(v)
        print(f"| {cond} | {k} | {m:,.1f} | {100*cv:.1f}% | {max(v)/min(v):.2f} |")
PY
