#!/usr/bin/env bash
# Live A/A check of pgperf:compare (issue 14): a copy of example-project made a git repository of
# two commits that differ in a comment only, then `mvn verify pgperf:compare` on the second, several
# times, every second run with a CPU hog on both cores. No comparison may fail. Prints one line per
# run (exit status, time, load, verdicts, the timing figures of the statement test) and a summary.
# Since 2026-12-07 the example compares in slices (its property pgperf.alternate) with a 20%
# minimum effect for command-line goals; PAIRS then fix the pairs of slices. The figures in
# bench/README.md from before ran whole test JVMs: MVN_ARGS="... -Dpgperf.alternate=class".
#
#   bench/aa-compare.sh                     # 5 comparisons of 3 pairs each
#   RUNS=3 PAIRS=5 bench/aa-compare.sh
#
# Needs pgperf installed in the local Maven repository (mvn -B install -DskipTests -Dpgperf.skip
# -Dinvoker.skip). Options for every run go in MVN_ARGS (default: the ledger's performance tests,
# one trial in verify's own pgperf:test, thresholds dropped). Exits 1 when any comparison failed.
set -euo pipefail
bench=$(cd "$(dirname "$0")" && pwd)
cd "$bench/.."

RUNS=${RUNS:-5}
PAIRS=${PAIRS:-3}
MVN_ARGS=${MVN_ARGS:--o -DskipTests -Dpgperf.tests=LedgerPerformanceTest -Dpgperf.trials=1 -Dpgperf.thresholds=none}
work=$(mktemp -d /tmp/pgperf-aa-compare.XXXXXX)
# shellcheck source=bench/hogs.sh
source "$bench/hogs.sh"
trap 'stop_hogs; echo "project and logs kept in $work"' EXIT

# shellcheck source=bench/example-repo.sh
source "$bench/example-repo.sh"
example_repo "$work/project"
cd "$work/project"
# The candidate differs in a comment only.
sed -i '1a -- A comment: nothing else changed.' src/main/resources/db/ledger/002-statement-index.sql
git_ commit -q -a -m 'A comment'
git_ update-ref refs/remotes/origin/main HEAD~1

load() { cut -d' ' -f1 /proc/loadavg; }

failed=0
echo "A/A comparisons in $work ($(nproc) cores, $(uname -r)), $PAIRS pairs each"
for i in $(seq 1 "$RUNS"); do
  name="compare-$i"
  if [ $((i % 2)) -eq 0 ]; then
    start_hogs
    name="$name+hog"
  fi
  before=$(load)
  start=$(date +%s)
  set +e
  # shellcheck disable=SC2086
  mvn -B $MVN_ARGS verify pgperf:compare -Dpgperf.pairs="$PAIRS" >"$work/$name.log" 2>&1
  rc=$?
  set -e
  end=$(date +%s)
  stop_hogs
  verdicts=$(python3 - "$work/project/target/pgperf/check.json" <<'PY' 2>/dev/null || echo "no check.json"
import json, sys, collections
c = json.load(open(sys.argv[1]))
counts = collections.Counter(f["verdict"] for f in c["findings"])
stmt = {f["metric"]: f for f in c["findings"] if f["test"] == "LedgerPerformanceTest-statement" and f.get("metric") in ("tps", "p50")}
fig = " ".join(f'{m} {stmt[m]["figures"]["change"]:+.1%}' for m in ("tps", "p50") if m in stmt and stmt[m].get("figures"))
print(" ".join(f"{k}={v}" for k, v in sorted(counts.items())) + (f"  statement: {fig}" if fig else ""))
PY
)
  # The resources per transaction (issue 28): each test's change of the pairs' medians, kept for
  # the spread printed at the end.
  python3 - "$work/project/target/pgperf/check.json" "$name" >>"$work/resources.tsv" <<'PY' 2>/dev/null || true
import json, sys
c = json.load(open(sys.argv[1]))
for f in c["findings"]:
    if f.get("metric") in ("cpu", "clientCpu", "alloc", "lockWait") and f.get("work"):
        print("\t".join((sys.argv[2], f["test"], f["metric"], f["work"]["change"], f["verdict"])))
PY
  confirmed=$(grep -o 'confirming with [0-9]* more pairs' "$work/$name.log" | head -1 || true)
  printf '%-14s rc=%d %4ds load %s->%s  %s %s\n' "$name" "$rc" "$((end - start))" "$before" "$(load)" \
    "$verdicts" "${confirmed:+($confirmed)}"
  [ "$rc" -eq 0 ] || failed=$((failed + 1))
done
echo "comparisons: $RUNS, failed: $failed (every second one with a CPU hog on both cores)"
if [ -s "$work/resources.tsv" ]; then
  # The spread of each resource's change per transaction (candidate's median of the pairs over the
  # base's), over every test and comparison, quiet and with the busy loops apart.
  python3 - "$work/resources.tsv" <<'PY'
import sys, statistics, collections
rows = collections.defaultdict(list)
verdicts = collections.Counter()
for line in open(sys.argv[1]):
    run, test, metric, change, verdict = line.rstrip("\n").split("\t")
    try:
        value = float(change.rstrip("%").replace(",", "")) / 100
    except ValueError:
        continue
    rows[(metric, "hog" if run.endswith("+hog") else "quiet")].append(value)
    verdicts[(metric, verdict)] += 1
print("resource per transaction, A/A change of the pairs' medians (every test):")
print(f"  {'metric':10} {'runs':6} {'n':>3} {'median':>8} {'|median|':>9} {'min':>8} {'max':>8}")
for (metric, kind), values in sorted(rows.items()):
    print(f"  {metric:10} {kind:6} {len(values):3d} {statistics.median(values):+8.1%} "
          f"{statistics.median(abs(v) for v in values):9.1%} {min(values):+8.1%} {max(values):+8.1%}")
print("  verdicts: " + ", ".join(f"{m} {v}={n}" for (m, v), n in sorted(verdicts.items())))
PY
fi
[ "$failed" -eq 0 ]
