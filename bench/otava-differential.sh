#!/usr/bin/env bash
# pgperf's change-point detection against Apache Otava's, afresh: installs Otava and
# otava-test-data with pip in a virtual environment under /tmp, records Otava's change points on
# otava-test-data's generated series and on series of the example's baseline (otava/record.py),
# and runs gate's OtavaDifferentialTest on that file instead of the committed one
# (gate/src/test/resources/io/github/pgperf/history/otava-0.8.0.jsonl.gz, recorded the same way).
#
#   bench/otava-differential.sh                     # Otava 0.8.0, otava-test-data 0.1.9
#   OTAVA=apache-otava==0.9.0 bench/otava-differential.sh
#   KEEP=/tmp/otava.jsonl bench/otava-differential.sh   # keep the recording (gzip it to commit it)
#
# Needs python3 (3.10 to 3.13) with venv and pip reaching PyPI, and pgperf's modules installed in
# the local Maven repository. Exits 1 when a change point differs.
set -euo pipefail
bench=$(cd "$(dirname "$0")" && pwd)
cd "$bench/.."

OTAVA=${OTAVA:-apache-otava==0.8.0}
TEST_DATA=${TEST_DATA:-otava-test-data==0.1.9}
work=$(mktemp -d /tmp/pgperf-otava.XXXXXX)
trap 'rm -rf "$work"' EXIT

python3 -m venv "$work/venv"
if ! "$work/venv/bin/pip" install --quiet "$OTAVA" "$TEST_DATA"; then
  echo "otava-differential: could not install $OTAVA and $TEST_DATA with pip (is PyPI reachable?)" >&2
  exit 2
fi
"$work/venv/bin/pip" show apache-otava otava-test-data | grep -E '^(Name|Version):'
recorded=${KEEP:-$work/otava.jsonl}
"$work/venv/bin/python" "$bench/otava/record.py" example-project/src/test/pgperf/baseline >"$recorded"
echo "otava-differential: $(wc -l <"$recorded") cases recorded in $recorded"
mvn -B -q -o test -pl gate -Dtest=OtavaDifferentialTest -Dsurefire.failIfNoSpecifiedTests=false \
  -Dpgperf.otava.recorded="$recorded"
