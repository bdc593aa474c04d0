#!/usr/bin/env bash
# Platform threads against virtual threads across a client sweep, through the command line as a
# user runs it (`java -jar pgperf.jar`, which relaunches itself): for each client count in CLIENTS,
# ROUNDS rounds of pgbench, pgperf on the default Java, and pgperf on JAVA21 with a platform thread
# per client (--no-virtual-threads) and with virtual threads (--virtual-threads), the order
# reversed every other round. Prints each run's tps, client CPU (user + system of the whole
# process tree, from wait4) per transaction, max RSS (the tree's largest process) and how long
# the measured run took (transactions / tps: how far past -T it ended), then per client count the
# median of the per-round tps ratios to pgbench and the medians of the rest.
# Builds nothing: run `mvn -B -q package -DskipTests -pl cli -am` first.
#
# Environment: PGHOST (127.0.0.1), PGPORT (5432), PGUSER (postgres), ROUNDS (3), RUN_SECONDS (10),
# CLIENTS ("8 32 64"), THREADS (2), MODE (prepared), WORKLOAD (-S; "-f select1" runs `SELECT 1`),
# JAVA21 (a Java 21 or later `java`; /usr/lib/jvm/temurin-25-jdk-amd64/bin/java).
set -euo pipefail
cd "$(dirname "$0")/.."

. bench/scratch.sh
rounds=${ROUNDS:-3}
seconds=${RUN_SECONDS:-10}
threads=${THREADS:-2}
java21=${JAVA21:-/usr/lib/jvm/temurin-25-jdk-amd64/bin/java}
scratch_database "pgperf_vtbench_$$"
# A copy, so that a build meanwhile does not pull the jar from under a run.
cp "$jar" "$work/pgperf.jar"
jar=$work/pgperf.jar
pgbench -i -q -s 10 "$db" >/dev/null 2>&1
echo 'SELECT 1;' > "$work/select1"
read -r -a workload <<<"${WORKLOAD:--S}"
for i in "${!workload[@]}"; do
  if [ "${workload[$i]}" = select1 ]; then workload[$i]="$work/select1"; fi
done

# Runs a command; prints "tps us_per_txn rss_mb measured_seconds".
measure() {
  python3 - "$@" <<'PY'
import os, re, subprocess, sys, tempfile
with tempfile.TemporaryFile() as err:
    p = subprocess.Popen(sys.argv[1:], stdout=subprocess.PIPE, stderr=err)
    out = p.stdout.read().decode()
    _, status, ru = os.wait4(p.pid, 0)
    m = re.search(r"^tps = ([0-9.]+)", out, re.M)
    n = re.search(r"actually processed: ([0-9]+)", out)
    if status != 0 or not m or not n:
        err.seek(0)
        sys.exit("failed: " + " ".join(sys.argv[1:]) + "\n" + out + err.read().decode())
tps, n = float(m.group(1)), int(n.group(1))
print(f"{tps:.1f} {1e6 * (ru.ru_utime + ru.ru_stime) / n:.2f} {ru.ru_maxrss / 1024:.0f} "
      f"{n / tps:.2f}")
PY
}

version() { "$1" -version 2>&1 | sed -n 's/.*version "\([0-9]*\).*/\1/p'; }
variants=("pgbench" "Java $(version java), platform threads"
  "Java $(version "$java21"), platform threads" "Java $(version "$java21"), virtual threads")

run() { # variant index, clients
  local common=(-n -T "$seconds" -M "${MODE:-prepared}" -c "$2" -j "$threads" "${workload[@]}" "$db")
  case $1 in
    0) measure pgbench "${common[@]}" ;;
    1) measure java -jar "$jar" "${common[@]}" ;;
    2) measure "$java21" -jar "$jar" --no-virtual-threads "${common[@]}" ;;
    3) measure "$java21" -jar "$jar" --virtual-threads "${common[@]}" ;;
  esac
}

echo "load before: $(cut -d' ' -f1-3 /proc/loadavg); workload ${WORKLOAD:--S} -M ${MODE:-prepared}," \
  "-j $threads, $seconds s"
results="$work/results"
for c in ${CLIENTS:-8 32 64}; do
  for r in $(seq 1 "$rounds"); do
    order="0 1 2 3"
    if ((r % 2 == 0)); then order="3 2 1 0"; fi
    for v in $order; do
      line=$(run "$v" "$c")
      echo "$c|$r|$v|$line" >>"$results"
      printf '%3d clients round %d  %-26s tps %9s  client cpu %7s us/txn  rss %4s MB  %6s s\n' \
        "$c" "$r" "${variants[$v]}" $line
    done
  done
done
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
python3 - "$results" "${variants[@]}" <<'PY'
import sys, statistics, collections
names = sys.argv[2:]
runs = collections.defaultdict(dict)
for line in open(sys.argv[1]):
    c, r, v, rest = line.rstrip("\n").split("|")
    runs[(int(c), int(v))][int(r)] = [float(x) for x in rest.split()]
for c in sorted({c for c, _ in runs}):
    base = runs[(c, 0)]
    for v, name in enumerate(names):
        rs = runs[(c, v)]
        ratio = statistics.median(rs[r][0] / base[r][0] for r in rs)
        print(f"{c:3d} clients {name:26s} median tps "
              f"{statistics.median(x[0] for x in rs.values()):9.1f} ({ratio:.3f} of pgbench's), "
              f"client cpu {statistics.median(x[1] for x in rs.values()):7.2f} us/txn, "
              f"rss {statistics.median(x[2] for x in rs.values()):.0f} MB, measured "
              f"{min(x[3] for x in rs.values()):.2f}-{max(x[3] for x in rs.values()):.2f} s")
PY
