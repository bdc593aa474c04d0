#!/usr/bin/env bash
# The JUnit path against the command line and pgbench: `SELECT 1` as pgbench's script and as a
# Java transaction (bench/JavaTransactionBench.java: the runner LoadRunner calls, in a JVM of its
# own as a test JVM runs it), under the test JVM's default options (the plugin's argLine,
# -XX:+UseSerialGC) and with what the command line's relaunch adds (-Xmn16m, plain sockets on 17),
# and, as the ceiling, a bare pgjdbc loop running no pgperf code.
# ROUNDS rounds, each running every variant once in the same order; prints each run's tps, client
# CPU (user + system of the whole JVM, from wait4) per transaction and max RSS, then the medians.
# Builds nothing: run `mvn -B -q package -DskipTests -pl cli -am` first.
#
# Environment: PGHOST (127.0.0.1), PGPORT (5432), PGUSER (postgres), ROUNDS (3), RUN_SECONDS (20),
# CLIENTS (8), THREADS (2), ONLY (an extended regular expression: only the variants whose label
# matches it, pgbench always).
set -euo pipefail
cd "$(dirname "$0")/.."

. bench/scratch.sh
rounds=${ROUNDS:-3}
seconds=${RUN_SECONDS:-20}
clients=${CLIENTS:-8}
threads=${THREADS:-2}
scratch_database "pgperf_javabench_$$"
echo 'SELECT 1;' > "$work/select1.sql"
javac -nowarn -d "$work" -cp "$jar" bench/JavaTransactionBench.java 2>/dev/null
url="jdbc:postgresql://$PGHOST:$PGPORT/$db?user=$PGUSER"

fork="-XX:+UseSerialGC"
cli="-XX:+UseSerialGC -Xmn16m -Djdk.net.usePlainSocketImpl=true"
variants=(
  "pgbench|"
  "script, test JVM|$fork|script"
  "java, test JVM|$fork|java"
  "java, test JVM -Xmn16m|$fork -Xmn16m|java"
  "java, test JVM plain sockets|$fork -Djdk.net.usePlainSocketImpl=true|java"
  "script, as the CLI's JVM|$cli|script"
  "java, as the CLI's JVM|$cli|java"
  "pgjdbc alone, as the CLI's JVM|$cli|plain"
)

# Runs a command; prints "tps us_per_txn rss_mb".
measure() {
  python3 - "$@" <<'PY'
import os, re, subprocess, sys
p = subprocess.Popen(sys.argv[1:], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
out = p.stdout.read().decode()
_, status, ru = os.wait4(p.pid, 0)
if status != 0:
    sys.exit(f"failed: {' '.join(sys.argv[1:])}")
m = re.search(r"tps = ([0-9.]+)", out)
if m:
    tps, n = float(m.group(1)), int(re.search(r"actually processed: ([0-9]+)", out).group(1))
else:
    tps, n = (float(x) for x in out.split())
print(f"{tps:.1f} {1e6 * (ru.ru_utime + ru.ru_stime) / n:.2f} {ru.ru_maxrss / 1024:.0f}")
PY
}

echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
results="$work/results"
for r in $(seq 1 "$rounds"); do
  for v in "${variants[@]}"; do
    IFS='|' read -r label opts item <<<"$v"
    if [ -n "${ONLY:-}" ] && [ "$label" != pgbench ] && ! grep -Eq -- "$ONLY" <<<"$label"; then
      continue
    fi
    if [ "$label" = pgbench ]; then
      line=$(measure pgbench -n -f "$work/select1.sql" -M prepared -c "$clients" -j "$threads" \
        -T "$seconds" "$db")
    else
      # shellcheck disable=SC2086
      line=$(measure java $opts -cp "$work:$jar" JavaTransactionBench "$url" "$seconds" \
        "$clients" "$threads" "$item")
    fi
    echo "$label|$line" >>"$results"
    printf 'round %d  %-30s tps %9s  client cpu %6s us/txn  rss %4s MB\n' "$r" "$label" $line
  done
done
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
python3 - "$results" <<'PY'
import sys, statistics, collections
runs = collections.OrderedDict()
for line in open(sys.argv[1]):
    label, rest = line.rstrip("\n").split("|")
    runs.setdefault(label, []).append([float(x) for x in rest.split()])
base = statistics.median(t for t, _, _ in runs["pgbench"])
base_cpu = statistics.median(c for _, c, _ in runs["pgbench"])
for label, rs in runs.items():
    tps = statistics.median(t for t, _, _ in rs)
    cpu = statistics.median(c for _, c, _ in rs)
    rss = statistics.median(m for _, _, m in rs)
    print(f"{label:30s} median tps {tps:9.1f} ({tps / base:.3f} of pgbench's), "
          f"client cpu {cpu:6.2f} us/txn ({cpu / base_cpu:.2f}x), rss {rss:.0f} MB")
PY
