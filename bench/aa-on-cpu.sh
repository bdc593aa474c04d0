#!/usr/bin/env bash
# A/A spread of the resources per transaction (server CPU, client CPU, allocated bytes, lock
# waits) beside tps: for select-only and tpcb-like (scale 1: 2 clients contend on a branch row),
# RUNS identical short runs quiet, then RUNS with a busy loop on both cores (bench/hogs.sh). Per
# series: median, coefficient of variation, and the runs read as interleaved pairs (A B, B A ...):
# pair noise (standard deviation of the pairs' log ratios over sqrt 2), the largest pair's ratio
# and the ratio of the pairs' medians, what the gate's resource rule judges (docs/gate.md). The
# load average before and after each series. Scratch database pgperf_bench_<pid> on PGHOST/PGPORT
# (default 127.0.0.1:5432) with synchronous_commit off (fsync would set tps), dropped at exit.
# Build first: mvn -B -q package -DskipTests
#   RUNS=10 SECONDS_PER_RUN=3 CLIENTS=2 bench/aa-on-cpu.sh
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/hogs.sh
RUNS=${RUNS:-10}
SECONDS_PER_RUN=${SECONDS_PER_RUN:-3}
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
psql -q -d postgres -c "ALTER DATABASE $db SET synchronous_commit = off" >/dev/null
pgperf() { java ${JAVA_OPTS:-} -jar cli/target/pgperf.jar "$@"; }
pgperf -i -q -s 1 "$db" >/dev/null 2>&1

series() { # name, pgperf options
  local name=$1
  shift
  echo "$name: load average before $(cut -d' ' -f1-3 /proc/loadavg)"
  for i in $(seq 1 "$RUNS"); do
    pgperf -c "$CLIENTS" -j "$CLIENTS" -T "$SECONDS_PER_RUN" -n --server-counters "$@" \
      --result-json "$out/$name-$i.json" "$db" >/dev/null 2>&1
  done
  echo "$name: load average after $(cut -d' ' -f1-3 /proc/loadavg)"
}
series quiet-select -S
series quiet-tpcb
start_hogs
series hog-select -S
series hog-tpcb
stop_hogs

python3 - "$out" "$RUNS" <<'PY'
import json, math, statistics, sys
out, runs = sys.argv[1], int(sys.argv[2])
def figures(f):
    r = json.load(open(f))
    tx = sum(s["stats"]["counts"]["processed"] for s in r["scripts"])
    cpu = r.get("cpu") or {}
    w = r.get("serverWork") or {}
    waits = w.get("waits") or {}
    per = lambda v, d: v / d / tx if v is not None and tx else float("nan")
    lock = sum(c["count"] for c in waits.get("counts", []) if c["event"].startswith("Lock:"))
    return {"tps": tx / r["benchSeconds"],
            "cpu µs": per(cpu.get("serverNanos"), 1e3),
            "clientCpu µs": per(cpu.get("clientNanos"), 1e3),
            "alloc bytes": per(cpu.get("clientAllocatedBytes"), 1),
            "lockWait µs": lock * w["windowSeconds"] * 1e6 / waits["samples"] / tx
                if waits.get("samples") and tx else float("nan")}
print("| series | figure | median | CV | pair noise | largest pair | median ratio of the pairs |")
print("| --- | --- | --- | --- | --- | --- | --- |")
for name in ("quiet-select", "quiet-tpcb", "hog-select", "hog-tpcb"):
    rows = [figures(f"{out}/{name}-{i}.json") for i in range(1, runs + 1)]
    for k in rows[0]:
        v = [r[k] for r in rows]
        if any(x != x for x in v) or min(v) <= 0:
            print(f"| {name} | {k} | {'0' if v and all(x == 0 for x in v) else 'not measured'} | | | | |")
            continue
        # Runs 1 2 are pair 1 (base first), 3 4 pair 2 (candidate first) ...: A B B A.
        base, cand = [], []
        for p in range(len(v) // 2):
            a, b = v[2 * p], v[2 * p + 1]
            base.append(a if p % 2 == 0 else b)
            cand.append(b if p % 2 == 0 else a)
        d = [math.log(c / b) for b, c in zip(base, cand)]
        noise = statistics.stdev(d) / math.sqrt(2) if len(d) > 1 else float("nan")
        largest = max(abs(math.exp(x) - 1) for x in d)
        ratio = statistics.median(cand) / statistics.median(base) - 1
        print(f"| {name} | {k} | {statistics.median(v):,.1f} | "
              f"{100 * statistics.stdev(v) / statistics.mean(v):.1f}% | {100 * noise:.1f}% | "
              f"+{100 * largest:.0f}% | {100 * ratio:+.1f}% |")
PY
