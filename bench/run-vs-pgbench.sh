#!/usr/bin/env bash
# Runs pgperf and the real pgbench side by side on one database (scale 10, initialized once):
# for each workload, PAIRS pairs of SECONDS-second runs in the order B A A B (pgbench, pgperf,
# pgperf, pgbench, ...), then the median tps of each tool, the median of the pairwise ratios
# pgperf/pgbench, and the client CPU seconds (user + system, from wait4's rusage of the tool's
# process and its threads) per 1000 transactions. Builds nothing: run
# `mvn -B -q package -DskipTests -pl cli -am` first.
#
# Environment: PGHOST (127.0.0.1), PGPORT (5432), PGUSER (postgres), PAIRS (3), RUN_SECONDS (10),
# WARM (3: progress intervals left out of the "after warm-up" CPU figure),
# JAVA_OPTS (extra JVM options for pgperf; `java -jar pgperf.jar` relaunches itself with
# -XX:+UseSerialGC unless a collector is chosen, see bench/README.md).
set -euo pipefail
cd "$(dirname "$0")/.."

. bench/scratch.sh
pairs=${PAIRS:-3}
seconds=${RUN_SECONDS:-10}
scratch_database "pgperf_runbench_$$"
pgbench -i -q -s 10 "$db" >/dev/null 2>&1
echo 'SELECT 1;' > "$work/select1.sql"

# Runs a command with -P 1; prints "tps cpu_seconds transactions steady_cpu steady_transactions
# max_rss_mb" (bench/measure.py: the whole process tree, "steady" after WARM progress lines).
measure() { python3 bench/measure.py "$@"; }

median() {
  sort -g | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

run_workload() {
  local name=$1; shift
  local b_tps=() p_tps=() ratios=() b_cpu=() p_cpu=() b_steady=() p_steady=()
  local i tool r tps cpu n scpu sn steady
  for ((i = 1; i <= pairs; i++)); do
    if ((i % 2)); then order="pgbench pgperf"; else order="pgperf pgbench"; fi
    for tool in $order; do
      if [ "$tool" = pgbench ]; then
        r=$(measure pgbench -n -T "$seconds" "$@" "$db")
      else
        # shellcheck disable=SC2086
        r=$(measure java ${JAVA_OPTS:-} -jar "$jar" -n -T "$seconds" "$@" "$db")
      fi
      read -r tps cpu n scpu sn _ <<<"$r"
      steady=$(echo "$scpu * 1000 / $sn" | bc -l)
      printf '%-12s %-8s pair %d: tps %9.1f  cpu %5.2f s  %.4f cpu-s/1000 txn  (steady %.4f)\n' \
        "$name" "$tool" "$i" "$tps" "$cpu" "$(echo "$cpu * 1000 / $n" | bc -l)" "$steady"
      if [ "$tool" = pgbench ]; then
        b_tps+=("$tps"); b_cpu+=("$(echo "$cpu * 1000 / $n" | bc -l)"); b_steady+=("$steady")
      else
        p_tps+=("$tps"); p_cpu+=("$(echo "$cpu * 1000 / $n" | bc -l)"); p_steady+=("$steady")
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
  printf ' client cpu-s/1000 txn pgbench %.4f, pgperf %.4f (x%.2f)' "$mb" "$mp" \
    "$(echo "$mp / $mb" | bc -l)"
  mb=$(printf '%s\n' "${b_steady[@]}" | median)
  mp=$(printf '%s\n' "${p_steady[@]}" | median)
  printf '; after warm-up pgbench %.4f, pgperf %.4f (x%.2f)\n' "$mb" "$mp" \
    "$(echo "$mp / $mb" | bc -l)"
}

echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
run_workload select-only -S -M prepared -c 8 -j 2
run_workload select-1 -f "$work/select1.sql" -M prepared -c 8 -j 2
run_workload tpcb-like -M prepared -c 8 -j 2
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
