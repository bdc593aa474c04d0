#!/usr/bin/env bash
# Live A/A check of the regression gate: record a baseline from several builds of a small project
# (a copy of example-project), then run more builds of the same, unchanged code, half of them with a
# CPU hog on both cores. No build may fail its gate. Prints one line per build and a summary.
#
#   bench/aa-builds.sh                       # 5 baseline builds, then 10 checked builds
#   BASELINE_BUILDS=3 BUILDS=4 bench/aa-builds.sh
#
# Needs pgperf installed in the local Maven repository (mvn -B install -DskipTests -Dpgperf.skip
# -Dinvoker.skip). Options for every build go in MVN_ARGS (default: the ledger's and the TPC-B
# tests, 3 trials, 2-second runs); CHECK_ARGS are added to the checked builds only (for example
# -Dpgperf.trials=1: the work gate needs one trial). KEEP_BASELINE=dir copies the recorded
# baseline there. Exits 1 when any checked build failed.
set -euo pipefail
bench=$(cd "$(dirname "$0")" && pwd)
cd "$bench/.."

BASELINE_BUILDS=${BASELINE_BUILDS:-5}
BUILDS=${BUILDS:-10}
MVN_ARGS=${MVN_ARGS:--DskipTests -Dpgperf.tests=LedgerPerformanceTest,TpcbLikePerformanceTest -Dpgperf.trials=3 -Dperformance.trials=3 -Dpgperf.duration=2s}
work=$(mktemp -d /tmp/pgperf-aa.XXXXXX)
# shellcheck source=bench/hogs.sh
source "$bench/hogs.sh"
trap 'stop_hogs; echo "builds and logs kept in $work"' EXIT

cp -r example-project "$work/project"
rm -rf "$work/project/target" "$work/project/src/test/pgperf/baseline"
cd "$work/project"

load() { cut -d' ' -f1 /proc/loadavg; }

# One build: mvn with the given goals; prints rc, wall seconds, load before and after, verdicts.
build() {
  local name=$1; shift
  local before start end rc verdicts
  before=$(load)
  start=$(date +%s)
  set +e
  # shellcheck disable=SC2086
  mvn -B $MVN_ARGS "$@" >"$work/$name.log" 2>&1
  rc=$?
  set -e
  end=$(date +%s)
  verdicts=$(python3 - "$work/project/target/pgperf/check.json" <<'PY' 2>/dev/null || echo "no check.json"
import json, sys, collections
c = json.load(open(sys.argv[1]))
print(" ".join(f"{k}={v}" for k, v in sorted(collections.Counter(f["verdict"] for f in c["findings"]).items())))
PY
)
  printf '%-12s rc=%d %4ds load %s->%s  %s\n' "$name" "$rc" "$((end - start))" "$before" "$(load)" "$verdicts"
  return $rc
}

echo "A/A builds in $work ($(nproc) cores, $(uname -r))"
for i in $(seq 1 "$BASELINE_BUILDS"); do
  # A noisy baseline build warns instead of failing, so that every build is recorded.
  build "baseline-$i" verify pgperf:baseline -Dpgperf.onRegression=warn || true
done

if [ -n "${KEEP_BASELINE:-}" ]; then
  mkdir -p "$KEEP_BASELINE"
  cp "$work/project/src/test/pgperf/baseline/"*.json "$KEEP_BASELINE/"
fi

failed=0
for i in $(seq 1 "$BUILDS"); do
  name="check-$i"
  if [ $((i % 2)) -eq 0 ]; then
    start_hogs
    name="$name+hog"
  fi
  # shellcheck disable=SC2086
  build "$name" verify ${CHECK_ARGS:-} || failed=$((failed + 1))
  stop_hogs
done
echo "checked builds: $BUILDS, failed: $failed (half of them with a CPU hog on both cores)"
[ "$failed" -eq 0 ]
