#!/usr/bin/env bash
# Times `pgperf -i` against `pgbench -i` on the same server: for each scale, PAIRS pairs of runs
# (alternating which tool goes first), then the median wall time of each and the ratio
# pgperf/pgbench. Builds nothing: run `mvn -B -q package -DskipTests` first.
#
# Environment: PGHOST (127.0.0.1), PGPORT (5432), PGUSER (postgres), SCALES ("10 50"), PAIRS (3),
# JAVA_OPTS (extra JVM options for pgperf).
set -euo pipefail
cd "$(dirname "$0")/.."

jar=cli/target/pgperf.jar
if [ ! -f "$jar" ]; then
  echo "error: $jar not found; build it with: mvn -B -q package -DskipTests" >&2
  exit 1
fi

export PGHOST=${PGHOST:-127.0.0.1} PGPORT=${PGPORT:-5432} PGUSER=${PGUSER:-postgres}
scales=${SCALES:-10 50}
pairs=${PAIRS:-3}
db="pgperf_bench_$$"

psql -q -X -d postgres -c "create database $db" >/dev/null
trap 'psql -q -X -d postgres -c "drop database if exists $db with (force)" >/dev/null' EXIT

# Runs one initialization, prints its wall time in seconds.
time_run() {
  local start end
  start=$(date +%s.%N)
  "$@" -i -q -s "$scale" "$db" >/dev/null 2>&1 || { echo "error: failed: $*" >&2; exit 1; }
  end=$(date +%s.%N)
  echo "$end - $start" | bc -l
}

median() {
  sort -g | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

printf '%-6s %-8s %-10s %-10s %s\n' scale tool run seconds ""
for scale in $scales; do
  pgbench_times=()
  pgperf_times=()
  for ((i = 1; i <= pairs; i++)); do
    # Alternate the order so that neither tool always runs on a warmer (or dirtier) server.
    if ((i % 2)); then order="pgbench pgperf"; else order="pgperf pgbench"; fi
    for tool in $order; do
      if [ "$tool" = pgbench ]; then
        t=$(time_run pgbench)
        pgbench_times+=("$t")
      else
        # shellcheck disable=SC2086
        t=$(time_run java ${JAVA_OPTS:-} -jar "$jar")
        pgperf_times+=("$t")
      fi
      printf '%-6s %-8s %-10s %.2f\n' "$scale" "$tool" "$i" "$t"
    done
  done
  mb=$(printf '%s\n' "${pgbench_times[@]}" | median)
  mp=$(printf '%s\n' "${pgperf_times[@]}" | median)
  printf 'scale %s: median pgbench %.2f s, median pgperf %.2f s, ratio pgperf/pgbench %.2f\n' \
    "$scale" "$mb" "$mp" "$(echo "$mp / $mb" | bc -l)"
done
