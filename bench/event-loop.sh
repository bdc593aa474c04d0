#!/usr/bin/env bash
# Issue 33's calibration: the real pgbench, pgperf's runner (`java -jar pgperf.jar`, a platform
# thread per client and pgjdbc) and an event loop on the Vert.x PostgreSQL client
# (bench/EventLoopBench.java: -j event loops, each owning its connections), side by side on one
# database (scale 10). For each workload, ROUNDS rounds of the three, the order reversed every
# other round; per run: tps, client CPU per transaction (user + system of the whole process tree,
# from wait4's rusage) over the whole run and after the first WARM progress seconds (JVM start-up
# and JIT left out), max RSS (the tree's largest process); then per workload the medians and the
# median of the per-round tps ratios to pgbench. Builds pgperf's jar no more than the other
# scripts do: run `mvn -B -q package -DskipTests -pl cli -am` first.
#
# Environment: PGHOST (127.0.0.1), PGPORT (5432), PGUSER (postgres), ROUNDS (3), RUN_SECONDS (10),
# WARM (3), CLIENTS (8), THREADS (2), WORKLOADS ("select-only select-1 tpcb-like"),
# VERTX_CP (the class path of vertx-pg-client, netty-transport-native-epoll:linux-x86_64 and
# HdrHistogram: see bench/README.md), VERTX_JAVA_OPTS (more JVM options for the event loop),
# VARIANTS ("0 1 2": pgbench, pgperf, the event loop).
set -euo pipefail
cd "$(dirname "$0")/.."

. bench/scratch.sh
rounds=${ROUNDS:-3}
seconds=${RUN_SECONDS:-10}
clients=${CLIENTS:-8}
threads=${THREADS:-2}
: "${VERTX_CP:?set VERTX_CP to the class path of the Vert.x client, see bench/README.md}"
scratch_database "pgperf_elbench_$$"
cp "$jar" "$work/pgperf.jar" # a build meanwhile must not pull the jar from under a run
jar=$work/pgperf.jar
mkdir "$work/classes"
javac -d "$work/classes" -cp "$VERTX_CP" bench/EventLoopBench.java
pgbench -i -q -s 10 "$db" >/dev/null 2>&1
echo 'SELECT 1;' >"$work/select-1"

# Runs a command with -P 1; prints "tps cpu_us_per_txn steady_cpu_us_per_txn max_rss_mb" from
# bench/measure.py's figures (the whole process tree; "steady" after WARM progress lines).
measure() {
  python3 bench/measure.py "$@" | awk '{ printf "%.1f %.2f %.2f %s\n", $1, 1e6 * $2 / $3, 1e6 * $4 / $5, $6 }'
}

names=("pgbench" "pgperf (pgjdbc, a thread per client)" "event loop (Vert.x)")
run() { # variant, workload
  local common=(-n -T "$seconds" -M prepared -c "$clients" -j "$threads")
  local shape=()
  case $2 in
    select-only) shape=(-S) ;;
    select-1) shape=(-f "$work/select-1") ;;
    tpcb-like) shape=() ;;
  esac
  case $1 in
    0) measure pgbench "${common[@]}" "${shape[@]}" "$db" ;;
    1) measure java -jar "$jar" "${common[@]}" "${shape[@]}" "$db" ;;
    2) measure java -XX:+UseSerialGC ${VERTX_JAVA_OPTS:-} -cp "$work/classes:$VERTX_CP" EventLoopBench \
      -c "$clients" -j "$threads" -T "$seconds" -s 10 --workload "$2" "$db" ;;
  esac
}

echo "load before: $(cut -d' ' -f1-3 /proc/loadavg); -M prepared -c $clients -j $threads, $seconds s"
results="$work/results"
for w in ${WORKLOADS:-select-only select-1 tpcb-like}; do
  for r in $(seq 1 "$rounds"); do
    order=${VARIANTS:-0 1 2}
    if ((r % 2 == 0)); then order=$(echo "$order" | tr ' ' '\n' | tac | tr '\n' ' '); fi
    for v in $order; do
      line=$(run "$v" "$w")
      echo "$w|$r|$v|$line" >>"$results"
      printf '%-11s round %d  %-37s tps %9s  cpu %6s us/txn (after warm-up %6s)  rss %4s MB\n' \
        "$w" "$r" "${names[$v]}" $line
    done
  done
done
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
python3 - "$results" "${names[@]}" <<'PY'
import sys, statistics, collections
names = sys.argv[2:]
runs = collections.defaultdict(dict)
for line in open(sys.argv[1]):
    w, r, v, rest = line.rstrip("\n").split("|")
    runs[(w, int(v))][int(r)] = [float(x) for x in rest.split()]
for w in dict.fromkeys(w for w, _ in runs):
    base = runs.get((w, 0))
    for v, name in enumerate(names):
        rs = runs.get((w, v))
        if not rs:
            continue
        med = lambda k: statistics.median(x[k] for x in rs.values())
        ratio = ""
        if base:
            ratio = " (%.3f of pgbench's; cpu %.2fx, after warm-up %.2fx)" % (
                statistics.median(rs[r][0] / base[r][0] for r in rs if r in base),
                med(1) / statistics.median(x[1] for x in base.values()),
                med(2) / statistics.median(x[2] for x in base.values()))
        print(f"{w:11s} {name:37s} median tps {med(0):9.1f}{ratio}, cpu {med(1):.2f} us/txn, "
              f"after warm-up {med(2):.2f}, rss {med(3):.0f} MB")
PY
