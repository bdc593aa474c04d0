#!/usr/bin/env bash
# What the gate can see (issue 28): a copy of example-project made a git repository whose main
# branch is the ledger as it is, and one branch per kind of regression, each one commit on main:
#
#   unchanged      a comment only: must pass
#   n-plus-one     the transfer reads the sender's 5 latest entries, then each one by id
#   autocommit     the transfer's transaction lost: every statement commits on its own
#   trigger        a trigger on account writes every balance change to a second table
#   hot-row        every transfer counts itself in one row of a totals table (8 clients)
#   server-cpu     the transfer's account query computes an expensive expression per row (an md5
#                  of the row's text repeated SERVER_CPU_REPEAT times, default 16000)
#   client-cpu     the transfer signs itself in Java: about 1 ms of CPU per transaction
#   rows-10x       the statement query returns 200 entries instead of 20
#   index-dropped  the statement index is gone
#   savepoint      the transfer's entries are written under a JDBC savepoint (pgjdbc names each
#                  savepoint anew: the statements are grouped by shape, and check.md stays small)
#
# On each branch `mvn verify pgperf:compare -Dpgperf.base=HEAD~1` runs as a user would, on the
# embedded default: every kind but "unchanged" must fail, naming its test and its cause. With
# CHECK=1, the deterministic kinds (n-plus-one, autocommit, trigger, rows-10x, index-dropped) are
# also judged by `mvn verify` (pgperf:check) against a baseline recorded on main by a test JVM that
# reports another kernel (another machine string): they must fail on the database's work alone.
# Since 2026-12-07 the example compares in slices (its property pgperf.alternate) with a 20%
# minimum effect for command-line goals; this script's PAIRS then fix the pairs of slices. The
# figures in bench/README.md from before ran whole test JVMs: MVN_ARGS="... -Dpgperf.alternate=class".
#
#   bench/regression-kinds.sh                    # every kind, compare only
#   KINDS="unchanged trigger" PAIRS=5 bench/regression-kinds.sh
#   CHECK=1 bench/regression-kinds.sh
#   CHECK=1 COMPARE=0 bench/regression-kinds.sh  # pgperf:check only
#
# Needs pgperf installed in the local Maven repository (mvn -B install -DskipTests -Dpgperf.skip
# -Dinvoker.skip). Prints one line per build (kind, expected, outcome, time, load, verdicts and the
# first failing finding) and exits 1 when any outcome was not the expected one.
set -euo pipefail
bench=$(cd "$(dirname "$0")" && pwd)
cd "$bench/.."

KINDS=${KINDS:-unchanged n-plus-one autocommit trigger hot-row server-cpu client-cpu rows-10x index-dropped savepoint}
PAIRS=${PAIRS:-3}
CHECK=${CHECK:-0}
COMPARE=${COMPARE:-1}
SERVER_CPU_REPEAT=${SERVER_CPU_REPEAT:-16000}
MVN_ARGS=${MVN_ARGS:--o -DskipTests -Dpgperf.tests=LedgerPerformanceTest -Dpgperf.trials=1 -Dpgperf.thresholds=none}
work=$(mktemp -d /tmp/pgperf-kinds.XXXXXX)
echo "project and logs in $work"

# shellcheck source=bench/example-repo.sh
source "$bench/example-repo.sh"
example_repo "$work/project"
cd "$work/project"

ledger=src/main/java/io/github/pgperf/example/ledger/Ledger.java
schema=src/main/java/io/github/pgperf/example/ledger/LedgerSchema.java

# Replaces one exact piece of text in a file; fails when it is not there once.
replace() {
  python3 - "$@" <<'PY'
import sys
path, old, new = sys.argv[1:4]
text = open(path).read()
if text.count(old) != 1:
    sys.exit(f"regression-kinds: {path} holds {text.count(old)} copies of {old!r}, not 1")
open(path, "w").write(text.replace(old, new))
PY
}

# Adds migration 003 with the given SQL.
migration() {
  printf '%s\n' "$1" > src/main/resources/db/ledger/003-change.sql
  replace "$schema" '"002-statement-index.sql")' '"002-statement-index.sql", "003-change.sql")'
}

# The transfer's last step before its commit, where the kinds add their work.
last_step='      addEntry(c, to, transferId, amountCents, toBalance + amountCents, memo);
'

change() {
  case "$1" in
    unchanged)
      sed -i '1a -- A comment: nothing else changed.' src/main/resources/db/ledger/002-statement-index.sql ;;
    n-plus-one)
      replace "$ledger" "$last_step" "$last_step"'      // The sender'"'"'s latest entries, for a daily limit: their ids, then each one.
      List<Long> recent = new ArrayList<>();
      try (PreparedStatement p = c.prepareStatement(
          "SELECT id FROM entry WHERE account_id = ? ORDER BY id DESC LIMIT 5")) {
        p.setLong(1, from);
        try (ResultSet r = p.executeQuery()) {
          while (r.next()) {
            recent.add(r.getLong(1));
          }
        }
      }
      long movedToday = 0;
      for (long entry : recent) {
        try (PreparedStatement p = c.prepareStatement("SELECT amount FROM entry WHERE id = ?")) {
          p.setLong(1, entry);
          movedToday += Math.abs(single(p));
        }
      }
      if (movedToday < 0) {
        throw new LedgerException("impossible");
      }
' ;;
    autocommit)
      replace "$ledger" '    c.setAutoCommit(false);
    try {
      T result = work.run();
      c.commit();
      return result;' '    try {
      T result = work.run();
      return result;' ;;
    trigger)
      migration "CREATE TABLE balance_audit (account_id bigint NOT NULL, old_balance bigint NOT NULL,
  new_balance bigint NOT NULL, changed_at timestamptz NOT NULL DEFAULT now());
CREATE FUNCTION audit_balance() RETURNS trigger LANGUAGE plpgsql AS \$\$
BEGIN
  INSERT INTO balance_audit (account_id, old_balance, new_balance)
    VALUES (NEW.id, OLD.balance, NEW.balance);
  RETURN NEW;
END \$\$;
CREATE TRIGGER account_balance_audit AFTER UPDATE OF balance ON account
  FOR EACH ROW EXECUTE FUNCTION audit_balance();" ;;
    hot-row)
      migration "CREATE TABLE ledger_total (id int PRIMARY KEY, transfers bigint NOT NULL);
INSERT INTO ledger_total VALUES (1, 0);"
      replace "$ledger" "$last_step" "$last_step"'      try (PreparedStatement p = c.prepareStatement(
          "UPDATE ledger_total SET transfers = transfers + 1 WHERE id = 1")) {
        p.executeUpdate();
      }
' ;;
    server-cpu)
      replace "$ledger" '"SELECT id, balance FROM account WHERE id IN (?, ?) ORDER BY id FOR UPDATE"' \
        '"SELECT id, balance FROM account WHERE id IN (?, ?)"
          + " AND length(md5(repeat(owner || balance::text, '"$SERVER_CPU_REPEAT"'))) = 32 ORDER BY id FOR UPDATE"' ;;
    client-cpu)
      replace "$ledger" "$last_step" "$last_step"'      // A signature of the transfer, chained: about 1 ms of CPU.
      try {
        java.security.MessageDigest sha = java.security.MessageDigest.getInstance("SHA-256");
        byte[] signature = (from + ":" + to + ":" + amountCents + ":" + memo).getBytes();
        for (int i = 0; i < 3000; i++) {
          signature = sha.digest(signature);
        }
        if (signature.length != 32) {
          throw new LedgerException("impossible");
        }
      } catch (java.security.NoSuchAlgorithmException e) {
        throw new IllegalStateException(e);
      }
' ;;
    rows-10x)
      sed -i 's/ORDER BY id DESC LIMIT 20;/ORDER BY id DESC LIMIT 200;/' src/test/resources/queries/statement.sql
      grep -q 'LIMIT 200;' src/test/resources/queries/statement.sql ;;
    savepoint)
      replace "$ledger" "$last_step" '      java.sql.Savepoint beforeEntries = c.setSavepoint();
'"$last_step"'      c.releaseSavepoint(beforeEntries);
' ;;
    index-dropped)
      cp src/regression/db/ledger/002-statement-index.sql src/main/resources/db/ledger/ ;;
    *)
      echo "regression-kinds: no kind $1" >&2
      exit 2 ;;
  esac
}

deterministic=" n-plus-one autocommit trigger rows-10x index-dropped "
load() { cut -d' ' -f1 /proc/loadavg; }

# One line of the check.json: verdict counts and the first failing finding's test and message.
summary() {
  python3 - "$1" <<'PY' 2>/dev/null || echo "no check.json"
import json, sys, collections
c = json.load(open(sys.argv[1]))
counts = collections.Counter(f["verdict"] for f in c["findings"])
failing = [f for f in c["findings"] if f.get("action") == "FAIL"]
first = ""
if failing:
    f = failing[0]
    first = f' | {f["test"]} {f["verdict"]}: {f.get("message", "")[:160]}'
print(" ".join(f"{k}={v}" for k, v in sorted(counts.items())) + first)
PY
}

unexpected=0
report() { # kind goal expected rc seconds before log
  local outcome=pass
  [ "$4" -eq 0 ] || outcome=fail
  local mark=ok
  if [ "$outcome" != "$3" ]; then mark=UNEXPECTED; unexpected=$((unexpected + 1)); fi
  local md=0
  [ -f target/pgperf/check.md ] && md=$(wc -c < target/pgperf/check.md)
  printf '%-14s %-8s expect %-4s got %-4s %-10s %4ds load %s->%s check.md %6d B  %s\n' "$1" "$2" \
    "$3" "$outcome" "$mark" "$5" "$6" "$(load)" "$md" "$(summary target/pgperf/check.json)"
}

if [ "$CHECK" = 1 ]; then
  # A baseline of main recorded by a test JVM that reports another kernel: another machine string.
  release=$(uname -r)
  simulated="$(( ${release%%.*} + 1 )).0.0-another-kind"
  git_ checkout -q main
  # shellcheck disable=SC2086
  mvn -B $MVN_ARGS verify pgperf:baseline "-Dpgperf.argLine=-Dos.version=$simulated" \
    >"$work/baseline.log" 2>&1 || { echo "recording the baseline failed: $work/baseline.log" >&2; exit 1; }
  cp -r src/test/pgperf/baseline "$work/baseline"
fi

echo "kinds in $work/project ($(nproc) cores, $(uname -r)), $PAIRS pairs per compare"
for kind in $KINDS; do
  git_ checkout -q -B "$kind" main
  rm -rf src/test/pgperf/baseline
  change "$kind"
  git_ add -A
  git_ commit -q -m "$kind"
  expected=fail
  [ "$kind" = unchanged ] && expected=pass
  if [ "$COMPARE" = 1 ]; then
    before=$(load); start=$(date +%s)
    set +e
    # shellcheck disable=SC2086
    mvn -B $MVN_ARGS verify pgperf:compare -Dpgperf.base=HEAD~1 -Dpgperf.pairs="$PAIRS" \
      >"$work/$kind-compare.log" 2>&1
    rc=$?
    set -e
    report "$kind" compare "$expected" "$rc" "$(( $(date +%s) - start ))" "$before"
    cp target/pgperf/check.json "$work/$kind-compare.json" 2>/dev/null || true
  fi
  if [ "$CHECK" = 1 ] && { [ "$kind" = unchanged ] || [[ "$deterministic" == *" $kind "* ]]; }; then
    cp -r "$work/baseline" src/test/pgperf/baseline
    before=$(load); start=$(date +%s)
    set +e
    # shellcheck disable=SC2086
    mvn -B $MVN_ARGS verify >"$work/$kind-check.log" 2>&1
    rc=$?
    set -e
    report "$kind" check "$expected" "$rc" "$(( $(date +%s) - start ))" "$before"
    cp target/pgperf/check.json "$work/$kind-check.json" 2>/dev/null || true
    rm -rf src/test/pgperf/baseline
  fi
  git_ checkout -q -- . 2>/dev/null || true
done
echo "unexpected outcomes: $unexpected"
[ "$unexpected" -eq 0 ]
