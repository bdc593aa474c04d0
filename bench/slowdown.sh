#!/usr/bin/env bash
# Does pgperf:compare catch a known slowdown in one job (issue 29)? A copy of example-project made a
# git repository (bench/example-repo.sh) with two branches on main:
#
#   slower      the ledger's transfer spins SLOW_MICROS µs of client CPU per transaction (the
#               statement tests are unchanged): by default what costs SLOWDOWN (0.2) of the
#               transfer's tps measured on main, SLOWDOWN/(1-SLOWDOWN) of a transaction's client
#               thread time (a quarter for 20%, a ninth for 10%). With SLOW_IN=server the server
#               spends it instead: the transfer's account query computes an md5 of its rows' text
#               repeated SERVER_REPEAT times (default 2000: two rows a transfer, here 911 -> 1,169
#               µs of server CPU per transaction, +28%, and -17% to -18% tps; 5000: +73%, -39%); with
#               SLOW_IN=wait the client waits SLOW_MICROS µs instead (parked: no CPU), where a
#               wait on a machine whose cores are busy may cost less tps than it adds latency
#   unchanged   a comment only
#
# Then RUNS compares, slower and unchanged in turn, every second pair of them with a busy loop on
# each core (bench/hogs.sh), each `mvn verify pgperf:compare -Dpgperf.base=main` with
# COMPARE_ARGS (for example -Dpgperf.alternate=slice). One line per compare: the kind, the exit
# status, the wall time, the load average, the transfer's pairs (and each test's), its tps change
# (candidate's over base's, the pairs' medians) and verdict, what it could detect, and the failing
# findings' metrics with their change. Then the tally: slower caught (the build failed on the transfer), unchanged
# failed (a false alarm), apart for quiet and busy compares, and the median wall time beside one
# plain `mvn verify` of the same tests (PLAIN=1, the default, times one first).
#
#   bench/slowdown.sh                                      # 4 compares, default alternation
#   RUNS=20 COMPARE_ARGS=-Dpgperf.alternate=slice bench/slowdown.sh
#   SLOW_MICROS=400 RUNS=6 bench/slowdown.sh
#   SLOWDOWN=0.1 RUNS=10 COMPARE_ARGS=-Dpgperf.alternate=slice bench/slowdown.sh   # 10% slower
#   KINDS=slower SLOW_MICROS=86 PLAIN=0 RUNS=2 COMPARE_ARGS=-Dpgperf.alternate=slice bench/slowdown.sh
#   SLOW_IN=server PLAIN=0 RUNS=6 COMPARE_ARGS=-Dpgperf.alternate=slice bench/slowdown.sh
#
# The plain build's tps is a cold test JVM's: a warm slice of the same transfer ran 1,534 tps where
# the plain build said 1,120 on one machine, so the computed spin costs more than SLOWDOWN there
# (420 µs gave -30%); set SLOW_MICROS from a compare's base tps (2e6 x s/(1-s) / tps) instead.
#
# Needs pgperf installed in the local Maven repository (mvn -B install -DskipTests -Dpgperf.skip
# -Dinvoker.skip). MVN_ARGS replaces the options of every build (default: the ledger's performance
# tests, one trial in verify's own pgperf:test, thresholds dropped). Exits 1 when an unchanged
# compare failed.
set -euo pipefail
bench=$(cd "$(dirname "$0")" && pwd)
cd "$bench/.."

RUNS=${RUNS:-4}
SLOWDOWN=${SLOWDOWN:-0.2}
SLOW_IN=${SLOW_IN:-client}
SERVER_REPEAT=${SERVER_REPEAT:-2000}
if [ "$SLOW_IN" = wait ] && [ -z "${SLOW_MICROS:-}" ]; then
  echo "SLOW_IN=wait needs SLOW_MICROS, the µs the slower transfer waits" >&2
  exit 2
fi
PLAIN=${PLAIN:-1}
COMPARE_ARGS=${COMPARE_ARGS:-}
MVN_ARGS=${MVN_ARGS:--o -DskipTests -Dpgperf.tests=LedgerPerformanceTest -Dpgperf.trials=1 -Dpgperf.thresholds=none}
TEST=LedgerPerformanceTest-transfer
work=$(mktemp -d /tmp/pgperf-slowdown.XXXXXX)
# shellcheck source=bench/hogs.sh
source "$bench/hogs.sh"
# shellcheck source=bench/example-repo.sh
source "$bench/example-repo.sh"
trap 'stop_hogs; echo "project and logs kept in $work"' EXIT

example_repo "$work/project"
cd "$work/project"
load() { cut -d' ' -f1 /proc/loadavg; }

# The transfer's tps in a result file: processed over benchmark seconds.
tps_of() {
  python3 - "$1" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
processed = sum(s["stats"]["counts"]["processed"] for s in r["scripts"])
print(f'{processed / r["benchSeconds"]:.1f}')
PY
}

if [ "$PLAIN" = 1 ] || { [ "$SLOW_IN" = client ] && [ -z "${SLOW_MICROS:-}" ]; }; then
  # A plain build of the same tests: its wall time is the yardstick, its transfer the calibration.
  start=$(date +%s)
  # shellcheck disable=SC2086
  mvn -B $MVN_ARGS verify >"$work/plain.log" 2>&1 || { echo "the plain build failed: $work/plain.log" >&2; exit 1; }
  plain_seconds=$(( $(date +%s) - start ))
  tps=$(tps_of "target/pgperf/results/$TEST.json")
  echo "plain mvn verify: ${plain_seconds}s at load $(load); transfer $tps tps"
  # 2 client threads: each spends 2/tps seconds per transaction; adding s/(1-s) of it costs s of tps.
  SLOW_MICROS=${SLOW_MICROS:-$(python3 -c "print(round($SLOWDOWN / (1 - $SLOWDOWN) * 2e6 / $tps))")}
fi
if [ "$SLOW_IN" = server ]; then
  echo "the slower transfer's account query computes an md5 of its rows' text x ${SERVER_REPEAT}"
elif [ "$SLOW_IN" = wait ]; then
  echo "the slower transfer waits ${SLOW_MICROS} µs per transaction"
else
  echo "the slower transfer spins ${SLOW_MICROS} µs of client CPU per transaction"
fi

ledger=src/main/java/io/github/pgperf/example/ledger/Ledger.java
last_step='      addEntry(c, to, transferId, amountCents, toBalance + amountCents, memo);
'
account_query='"SELECT id, balance FROM account WHERE id IN (?, ?) ORDER BY id FOR UPDATE"'
git_ checkout -q -b slower main
python3 - "$ledger" "$last_step" "${SLOW_MICROS:-0}" "$SLOW_IN" "$account_query" "$SERVER_REPEAT" <<'PY'
import sys
path, step, micros, where, query, repeat = sys.argv[1:7]
text = open(path).read()
if where == "server":
    # Server work the candidate added: an expression per locked row (the statement's text
    # changes, a STATEMENT_CHANGED warning; its calls, rows and blocks do not).
    assert text.count(query) == 1, "the transfer's account query is not in Ledger.java once"
    text = text.replace(query, query[:-len(' ORDER BY id FOR UPDATE"')]
        + f'"\n          + " AND length(md5(repeat(owner || balance::text, {repeat}))) = 32'
        + ' ORDER BY id FOR UPDATE"')
elif where == "wait":
    assert text.count(step) == 1, "the transfer's last step is not in Ledger.java once"
    text = text.replace(step, step + (
        "      // A wait the candidate added: parked, no CPU.\n"
        f"      java.util.concurrent.locks.LockSupport.parkNanos({micros}_000L);\n"))
else:
    assert text.count(step) == 1, "the transfer's last step is not in Ledger.java once"
    text = text.replace(step, step + (
        "      // Client work the candidate added: CPU, not a wait.\n"
        f"      long until = System.nanoTime() + {micros}_000L;\n"
        "      while (System.nanoTime() < until) {\n"
        "        Thread.onSpinWait();\n"
        "      }\n"))
open(path, "w").write(text)
PY
git_ commit -q -a -m "A slower transfer: more ${SLOW_IN} CPU"
git_ checkout -q -b unchanged main
sed -i '1a -- A comment: nothing else changed.' src/main/resources/db/ledger/002-statement-index.sql
git_ commit -q -a -m 'A comment'

# label rc seconds loads check.json test -> one line; with "caught" first: 1 when the build failed
# on the test, else 0.
line() {
  python3 - "$@" <<'PY'
import json, sys
caught = sys.argv[1] == "caught"
kind, rc, seconds, loads, path, test = sys.argv[2:8] if caught else sys.argv[1:7]
try:
    c = json.load(open(path))
except (OSError, ValueError):
    print(0 if caught else f"{kind} rc={rc} {seconds}s load {loads} no check.json")
    sys.exit()
mine = [f for f in c["findings"] if f["test"] == test]
if caught:
    print(1 if rc != "0" and any(f["action"] == "FAIL" for f in mine) else 0)
    sys.exit()
tps = next((f for f in mine if f.get("metric") == "tps"), None)
def named(f):
    change = (f.get("figures") or {}).get("change")
    return (f.get("metric") or f["verdict"]) + ("" if change is None else f" {change:+.1%}")
failing = sorted({named(f) for f in mine if f["action"] == "FAIL"})
others = sorted({f["test"] for f in c["findings"] if f["action"] == "FAIL" and f["test"] != test})
fig = (tps.get("figures") or {}) if tps else {}
pairs = fig.get("candidateSamples")
text = (f'tps {fig["change"]:+.1%} {tps["verdict"]}, could detect {fig["detectable"]:.0%}'
        if fig.get("detectable") is not None else "tps: no figures")
# Each test's pairs: a sequential compare runs on only the tests not yet settled.
by_test = {f["test"].split("-", 1)[-1]: (f.get("figures") or {}).get("candidateSamples")
           for f in c["findings"] if f.get("metric") == "tps"}
each = " (" + ", ".join(f"{t} {n}" for t, n in sorted(by_test.items())) + ")" if by_test else ""
print(f"{kind:13} rc={rc} {int(seconds):4d}s load {loads}  {pairs or '?'} pairs{each}, {text}; fails on "
      f"{','.join(failing) or 'nothing'}" + (f"; other tests failing: {','.join(others)}" if others else ""))
PY
}

tally=()
# KINDS=slower runs only the slower branch (a detection rate without the A/A between).
read -r -a kinds <<<"${KINDS:-slower unchanged}"
echo "compares in $work ($(nproc) cores, $(uname -r)) with ${COMPARE_ARGS:-the default alternation}"
for i in $(seq 1 "$RUNS"); do
  kind=${kinds[$(( (i - 1) % ${#kinds[@]} ))]}
  busy=quiet
  if [ $(( (i - 1) / 2 % 2 )) -eq 1 ]; then
    busy=busy
    start_hogs
  fi
  git_ checkout -q "$kind"
  before=$(load)
  start=$(date +%s)
  set +e
  # shellcheck disable=SC2086
  mvn -B $MVN_ARGS $COMPARE_ARGS verify pgperf:compare -Dpgperf.base=main >"$work/compare-$i-$kind.log" 2>&1
  rc=$?
  set -e
  seconds=$(( $(date +%s) - start ))
  stop_hogs
  cp target/pgperf/check.json "$work/compare-$i-$kind.json" 2>/dev/null || true
  label=$kind
  [ "$busy" = busy ] && label="$kind+hog"
  line "$label" "$rc" "$seconds" "$before->$(load)" "$work/compare-$i-$kind.json" "$TEST"
  caught=$(line caught "$label" "$rc" "$seconds" - "$work/compare-$i-$kind.json" "$TEST")
  tally+=("$kind $busy $caught $rc $seconds")
done

printf '%s\n' "${tally[@]}" | python3 -c "
import sys, statistics
rows = [l.split() for l in sys.stdin if l.strip()]
for kind in ('slower', 'unchanged'):
    for busy in ('quiet', 'busy'):
        r = [x for x in rows if x[0] == kind and x[1] == busy]
        if not r:
            continue
        failed = sum(1 for x in r if x[3] != '0')
        print(f'{kind:9} {busy:5}: {len(r)} compares, {failed} failed the build'
              + (f', {sum(int(x[2]) for x in r)} on the transfer' if kind == 'slower' else ''))
secs = [int(x[4]) for x in rows] or [0]
print(f'compare wall time: median {statistics.median(secs):.0f}s' + (' against plain mvn verify ${plain_seconds:-?}s' if '${PLAIN}' == '1' else ''))
"
! printf '%s\n' "${tally[@]}" | grep -q '^unchanged [a-z]* [01] [1-9]'
