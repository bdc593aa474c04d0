#!/usr/bin/env bash
# What capturing the server's work costs a run (--server-counters: the snapshots at the measured
# window's edges and the wait sampler reading pg_stat_activity every 10 ms on its own
# connection): select-only, -M prepared, 8 clients, 2 threads, RUN_SECONDS-second runs, with and
# without --server-counters in the order A B B A (off, on, on, off, ...) over PAIRS pairs. Prints
# every run's tps, then the median tps of each and the median of the pairwise ratios on/off.
# Then what the capture adds to a run's length: FIXED_PAIRS pairs of one-transaction runs
# (-c 8 -t 1) with and without it, the median difference of their wall times (JVM start included
# in both, so only the difference means anything). Last, the wait sampler's own CPU, which is what
# it takes from the clients on a saturated machine: during one run with the capture, over
# SAMPLE_SECONDS (5), the CPU time of the sampler's JVM thread and of its server backend (from
# /proc), as a share of one core. Builds nothing: run
# `mvn -B -q package -DskipTests -pl cli -am` first.
#
# Environment: PGHOST (127.0.0.1), PGPORT (5432), PGUSER (postgres), PAIRS (5), RUN_SECONDS (10),
# FIXED_PAIRS (10),
# SCALE (10), STATEMENTS (0; 1 creates pg_stat_statements in the scratch database, for a server
# that loads it, so that the per-statement snapshots are part of what is measured).
set -euo pipefail
cd "$(dirname "$0")/.."

. bench/scratch.sh
pairs=${PAIRS:-5}
seconds=${RUN_SECONDS:-10}
scratch_database "pgperf_countersbench_$$"
pgbench -i -q -s "${SCALE:-10}" "$db" >/dev/null 2>&1
if [ "${STATEMENTS:-0}" = 1 ]; then
  psql -q -X -d "$db" -c "create extension if not exists pg_stat_statements" >/dev/null
fi

# One run of the given length options; prints "tps wall_seconds".
run() {
  local start end out
  start=$(date +%s.%N)
  out=$(java -jar "$jar" -n -S -M prepared -c 8 -j 2 "$@" "$db" 2>/dev/null)
  end=$(date +%s.%N)
  echo "$(grep '^tps = ' <<<"$out" | awk '{ print $3 }') $(echo "$end - $start" | bc -l)"
}

median() {
  sort -g | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

echo "load before: $(cat /proc/loadavg)"
offs=() ons=() ratios=()
for ((i = 1; i <= pairs; i++)); do
  if ((i % 2)); then
    read -r off_tps _ < <(run -T "$seconds")
    read -r on_tps _ < <(run -T "$seconds" --server-counters)
  else
    read -r on_tps _ < <(run -T "$seconds" --server-counters)
    read -r off_tps _ < <(run -T "$seconds")
  fi
  printf 'pair %d: off %s tps, on %s tps\n' "$i" "$off_tps" "$on_tps"
  offs+=("$off_tps") ons+=("$on_tps")
  ratios+=("$(echo "$on_tps / $off_tps" | bc -l)")
done
echo "load after the throughput pairs: $(cat /proc/loadavg)"
printf 'median tps off %.1f, on %.1f; median ratio on/off %.4f\n' \
  "$(printf '%s\n' "${offs[@]}" | median)" "$(printf '%s\n' "${ons[@]}" | median)" \
  "$(printf '%s\n' "${ratios[@]}" | median)"

extras=()
for ((i = 1; i <= ${FIXED_PAIRS:-10}; i++)); do
  if ((i % 2)); then
    read -r _ off_wall < <(run -t 1)
    read -r _ on_wall < <(run -t 1 --server-counters)
  else
    read -r _ on_wall < <(run -t 1 --server-counters)
    read -r _ off_wall < <(run -t 1)
  fi
  extras+=("$(echo "$on_wall - $off_wall" | bc -l)")
done
echo "load after the one-transaction pairs: $(cat /proc/loadavg)"
printf 'one-transaction runs: extra wall time with the capture, median %.3f s (pairs: %s)\n' \
  "$(printf '%s\n' "${extras[@]}" | median)" "$(printf '%.3f ' "${extras[@]}")"

# The sampler's CPU: its JVM thread is named pgperf-wait-sampler (comm keeps 15 characters), its
# backend runs pgperf's pg_stat_activity query.
java -jar "$jar" -n -S -M prepared -c 8 -j 2 -T $((${SAMPLE_SECONDS:-5} + 10)) --server-counters "$db" \
  >/dev/null 2>&1 &
run_pid=$!
sleep 2
python3 - "${SAMPLE_SECONDS:-5}" "$db" <<'PY'
import glob, os, subprocess, sys, time
seconds, db = float(sys.argv[1]), sys.argv[2]
tick = os.sysconf("SC_CLK_TCK")
def ticks(path):
    try:
        s = open(path).read()
        f = s[s.rindex(")") + 2:].split()
        return int(f[11]) + int(f[12])
    except OSError:
        return None
threads = [os.path.dirname(p) + "/stat" for p in glob.glob("/proc/[0-9]*/task/[0-9]*/comm")
           if open(p).read().strip() == "pgperf-wait-sam"]
backend = subprocess.run(["psql", "-X", "-At", "-d", "postgres", "-c",
    "select pid from pg_stat_activity where datname = '%s'"
    " and query like '/* pgperf */ select wait_event_type%%'" % db],
    capture_output=True, text=True).stdout.split()
paths = threads + ["/proc/%s/stat" % p for p in backend]
if len(threads) != 1 or len(backend) != 1:
    sys.exit("sampler not found: threads %s, backends %s" % (threads, backend))
before = [ticks(p) for p in paths]
time.sleep(seconds)
after = [ticks(p) for p in paths]
if None in before or None in after:
    sys.exit("the sampler ended before %.0f s had passed: its run starts too late on this machine"
             " (raise the run's length in this script)" % seconds)
jvm = (after[0] - before[0]) / tick / seconds
server = (after[1] - before[1]) / tick / seconds
print("wait sampler CPU over %.0f s: JVM thread %.2f%% of a core, server backend %.2f%% of a core"
      % (seconds, 100 * jvm, 100 * server))
PY
wait "$run_pid"
echo "load at the end: $(cat /proc/loadavg)"
