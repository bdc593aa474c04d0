#!/usr/bin/env bash
# Runs pgperf and the real pgbench side by side on one database (scale 10, initialized once):
# for each workload, PAIRS pairs of SECONDS-second runs in the order B A A B (pgbench, pgperf,
# pgperf, pgbench, ...), then the median tps of each tool, the median of the pairwise ratios
# pgperf/pgbench, and the client CPU seconds (user + system, from wait4's rusage of the tool's
# process and its threads) per 1000 transactions. Builds nothing: run
# `mvn -B -q package -DskipTests -pl harness` first.
#
# Environment: PGHOST (127.0.0.1), PGPORT (5432), PGUSER (postgres), PAIRS (3), RUN_SECONDS (10),
# JAVA_OPTS (extra JVM options for pgperf; `java -jar pgperf.jar` relaunches itself with
# -XX:+UseSerialGC unless a collector is chosen, see bench/README.md).
set -euo pipefail
cd "$(dirname "$0")/.."

jar=$PWD/harness/target/pgperf.jar
if [ ! -f "$jar" ]; then
  echo "error: $jar not found; build it with: mvn -B -q package -DskipTests -pl harness" >&2
  exit 1
fi

export PGHOST=${PGHOST:-127.0.0.1} PGPORT=${PGPORT:-5432} PGUSER=${PGUSER:-postgres}
pairs=${PAIRS:-3}
seconds=${RUN_SECONDS:-10}
db="pgperf_runbench_$$"
work=$(mktemp -d)

psql -q -X -d postgres -c "create database $db" >/dev/null
trap 'psql -q -X -d postgres -c "drop database if exists $db with (force)" >/dev/null; rm -rf "$work"' EXIT
pgbench -i -q -s 10 "$db" >/dev/null 2>&1
echo 'SELECT 1;' > "$work/select1.sql"

# Runs a command; prints "tps cpu_seconds transactions" from its report and its rusage.
measure() {
  python3 - "$@" <<'PY'
import os, re, subprocess, sys
p = subprocess.Popen(sys.argv[1:], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
out = p.stdout.read().decode()
_, status, ru = os.wait4(p.pid, 0)
tps = re.search(r"^tps = ([0-9.]+)", out, re.M)
n = re.search(r"^number of transactions actually processed: (\d+)", out, re.M)
if status != 0 or not tps or not n:
    sys.exit("failed: " + " ".join(sys.argv[1:]) + "\n" + out)
print(tps.group(1), ru.ru_utime + ru.ru_stime, n.group(1))
PY
}

median() {
  sort -g | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

run_workload() {
  local name=$1; shift
  local b_tps=() p_tps=() ratios=() b_cpu=() p_cpu=()
  local i tool r tps cpu n last_b
  for ((i = 1; i <= pairs; i++)); do
    if ((i % 2)); then order="pgbench pgperf"; else order="pgperf pgbench"; fi
    for tool in $order; do
      if [ "$tool" = pgbench ]; then
        r=$(measure pgbench -n -T "$seconds" "$@" "$db")
      else
        # shellcheck disable=SC2086
        r=$(measure java ${JAVA_OPTS:-} -jar "$jar" -n -T "$seconds" "$@" "$db")
      fi
      read -r tps cpu n <<<"$r"
      printf '%-14s %-8s pair %d: tps %10.1f  cpu %6.2f s  %.3f cpu-s/1000 txn\n' \
        "$name" "$tool" "$i" "$tps" "$cpu" "$(echo "$cpu * 1000 / $n" | bc -l)"
      if [ "$tool" = pgbench ]; then
        b_tps+=("$tps"); b_cpu+=("$(echo "$cpu * 1000 / $n" | bc -l)")
      else
        p_tps+=("$tps"); p_cpu+=("$(echo "$cpu * 1000 / $n" | bc -l)")
      fi
    done
    ratios+=("$(echo "${p_tps[-1]} / ${b_tps[-1]}" | bc -l)")
  done
  printf '%s: median tps pgbench %.1f, pgperf %.1f; median ratio pgperf/pgbench %.3f;' \
    "$name" "$(printf '%s\n' "${b_tps[@]}" | median)" "$(printf '%s\n' "${p_tps[@]}" | median)" \
    "$(printf '%s\n' "${ratios[@]}" | median)"
  local mb mp
  mb=$(printf '%s\n' "${b_cpu[@]}" | median)
  mp=$(printf '%s\n' "${p_cpu[@]}" | median)
  printf ' client cpu-s/1000 txn pgbench %.3f, pgperf %.3f (x%.2f)\n' "$mb" "$mp" \
    "$(echo "$mp / $mb" | bc -l)"
}

echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
run_workload select-only -S -M prepared -c 8 -j 2
run_workload select-1 -f "$work/select1.sql" -M prepared -c 8 -j 2
run_workload tpcb-like -M prepared -c 8 -j 2
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
