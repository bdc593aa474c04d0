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

# Runs a command with -P 1; prints "tps cpu_seconds transactions steady_cpu steady_transactions".
# cpu is user + system of the whole process tree from wait4's rusage (pgperf's JVM, its relaunched
# JVM and their threads); "steady" is the same from the WARM-th progress line to the end, so that
# JVM start-up and JIT warm-up are left out (the transactions of that window are the run's count
# minus those of the first WARM progress intervals).
measure() {
  python3 - "$@" <<'PY'
import os, re, subprocess, sys
warm = int(os.environ.get("WARM", "3"))
def tree_cpu(pid):
    total, todo = 0.0, [pid]
    while todo:
        p = todo.pop()
        try:
            s = open(f"/proc/{p}/stat").read()
            f = s[s.rindex(")") + 2:].split()
            total += (int(f[11]) + int(f[12])) / os.sysconf("SC_CLK_TCK")
            for t in os.listdir(f"/proc/{p}/task"):
                todo += open(f"/proc/{p}/task/{t}/children").read().split()
        except (OSError, ValueError):
            pass
    return total
p = subprocess.Popen(sys.argv[1:] + ["-P", "1"], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
lines, mark_cpu, warm_txn = 0, None, 0.0
for raw in p.stderr:
    m = re.match(r"progress: [0-9.]+ s, ([0-9.]+) tps", raw.decode())
    if m:
        lines += 1
        if lines <= warm:
            warm_txn += float(m.group(1))
        if lines == warm:
            mark_cpu = tree_cpu(p.pid)
out = p.stdout.read().decode()
_, status, ru = os.wait4(p.pid, 0)
tps = re.search(r"^tps = ([0-9.]+)", out, re.M)
n = re.search(r"^number of transactions actually processed: (\d+)", out, re.M)
if status != 0 or not tps or not n or mark_cpu is None:
    sys.exit("failed: " + " ".join(sys.argv[1:]) + "\n" + out)
cpu = ru.ru_utime + ru.ru_stime
print(tps.group(1), cpu, n.group(1), cpu - mark_cpu, int(n.group(1)) - warm_txn)
PY
}

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
      read -r tps cpu n scpu sn <<<"$r"
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
