#!/usr/bin/env bash
# Docker for the Testcontainers integration tests, on a Debian machine of pgperf's CI kind (root,
# no Docker Hub). Idempotent: each step is skipped when done.
#   1. installs Debian's docker.io when dockerd is missing, and mmdebstrap when the image must be
#      built;
#   2. starts dockerd when no daemon answers (pgperf_docker_stop stops it again, and only it);
#   3. builds the image pgperf-ci/postgres:15 (.ci/postgres-image/build.sh) when the daemon does
#      not have it from the current recipe;
#   4. exports what Testcontainers needs here: TESTCONTAINERS_RYUK_DISABLED=true (Ryuk's image
#      cannot be pulled; pgperf stops its containers itself), TESTCONTAINERS_HOST_OVERRIDE=localhost
#      (this machine is itself a container: without it Testcontainers pulls alpine to find the
#      bridge's gateway), and PGPERF_TEST_IMAGE, the image the integration tests use. Values set
#      already are kept.
# .ci/run sources it (`. .ci/testcontainers.sh; trap pgperf_docker_stop EXIT; pgperf_docker_setup`).
# Run directly, it sets up, leaves the daemon running and prints the exports.

PGPERF_CI_IMAGE=pgperf-ci/postgres:15
pgperf_docker_started=
pgperf_docker_log=${TMPDIR:-/tmp}/pgperf-dockerd.log

pgperf_docker_answers() { docker info >/dev/null 2>&1; }

pgperf_apt_install() {
  local log=${TMPDIR:-/tmp}/pgperf-apt-$1.log
  echo "Installing $* (Debian packages)"
  if ! { apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q \
      --no-install-recommends "$@"; } >"$log" 2>&1; then
    tail -n 20 "$log" >&2
    echo "error: apt-get install $* failed (see $log)" >&2
    return 1
  fi
}

pgperf_docker_setup() {
  local here began step
  here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
  began=$SECONDS

  step=$SECONDS
  if ! command -v dockerd >/dev/null 2>&1 && ! pgperf_docker_answers; then
    pgperf_apt_install docker.io || return 1
    echo "  docker.io installed in $((SECONDS - step)) s"
  fi

  if ! pgperf_docker_answers; then
    step=$SECONDS
    # dockerd picks its storage driver: the one its data was stored with, else overlay2 where the
    # file system under /var/lib/docker takes it, else vfs. PGPERF_DOCKERD_ARGS adds options.
    echo "Starting dockerd${PGPERF_DOCKERD_ARGS:+ $PGPERF_DOCKERD_ARGS} (log: $pgperf_docker_log)"
    # shellcheck disable=SC2086
    setsid dockerd ${PGPERF_DOCKERD_ARGS:-} >"$pgperf_docker_log" 2>&1 &
    pgperf_docker_started=$!
    for _ in $(seq 1 60); do
      pgperf_docker_answers && break
      if ! kill -0 "$pgperf_docker_started" 2>/dev/null; then break; fi
      sleep 1
    done
    if ! pgperf_docker_answers; then
      tail -n 20 "$pgperf_docker_log" >&2
      echo "error: dockerd did not answer within 60 s (see $pgperf_docker_log)" >&2
      pgperf_docker_stop
      return 1
    fi
    echo "  dockerd answers after $((SECONDS - step)) s"
  fi

  local recipe want
  want=$(cat "$here/postgres-image/build.sh" "$here/postgres-image/customize.sh" \
    "$here/postgres-image/docker-entrypoint.sh" | sha256sum | cut -c1-16)
  recipe=$(docker image inspect --format '{{index .Config.Labels "io.github.pgperf.recipe"}}' \
    "$PGPERF_CI_IMAGE" 2>/dev/null || true)
  if [ "$recipe" != "$want" ]; then
    step=$SECONDS
    if ! command -v mmdebstrap >/dev/null 2>&1; then
      pgperf_apt_install mmdebstrap || return 1
    fi
    echo "Building $PGPERF_CI_IMAGE from Debian's packages${recipe:+ (its recipe changed)}"
    local old
    old=$(docker image inspect --format '{{.Id}}' "$PGPERF_CI_IMAGE" 2>/dev/null || true)
    if ! "$here/postgres-image/build.sh" "$PGPERF_CI_IMAGE"; then
      echo "error: the image $PGPERF_CI_IMAGE could not be built" >&2
      return 1
    fi
    # The image of the earlier recipe, untagged now: a few hundred MB.
    [ -z "$old" ] || docker rmi "$old" >/dev/null 2>&1 || true
    echo "  built in $((SECONDS - step)) s"
  fi

  export TESTCONTAINERS_RYUK_DISABLED=${TESTCONTAINERS_RYUK_DISABLED:-true}
  export TESTCONTAINERS_HOST_OVERRIDE=${TESTCONTAINERS_HOST_OVERRIDE:-localhost}
  export PGPERF_TEST_IMAGE=${PGPERF_TEST_IMAGE:-$PGPERF_CI_IMAGE}
  echo "Docker ready for Testcontainers in $((SECONDS - began)) s: image $PGPERF_TEST_IMAGE," \
    "TESTCONTAINERS_RYUK_DISABLED=$TESTCONTAINERS_RYUK_DISABLED," \
    "TESTCONTAINERS_HOST_OVERRIDE=$TESTCONTAINERS_HOST_OVERRIDE"
}

# .ci/run sets Docker up beside the build instead of after it: installing docker.io and building
# the image take 3-4 minutes on a new machine, mostly downloads and unpacking, which would
# otherwise add to the build's own time. pgperf_docker_setup_begin runs pgperf_docker_setup in the
# background (its output in a log), pgperf_docker_setup_end waits for it, prints its output, takes
# over the daemon it started (so that pgperf_docker_stop stops it) and exports the settings.
# The build beside it does not use Docker: its container tests find no postgres:15 image and skip.
pgperf_docker_setup_begin() {
  pgperf_docker_background_log=${TMPDIR:-/tmp}/pgperf-docker-setup.log
  pgperf_docker_background_pid=${TMPDIR:-/tmp}/pgperf-dockerd-started.pid
  rm -f "$pgperf_docker_background_pid"
  (
    status=0
    pgperf_docker_setup || status=$?
    [ -z "$pgperf_docker_started" ] || echo "$pgperf_docker_started" >"$pgperf_docker_background_pid"
    exit "$status"
  ) >"$pgperf_docker_background_log" 2>&1 &
  pgperf_docker_background=$!
}
pgperf_docker_setup_end() {
  [ -n "${pgperf_docker_background:-}" ] || { pgperf_docker_setup; return; }
  local status=0
  wait "$pgperf_docker_background" || status=$?
  pgperf_docker_background=
  cat "$pgperf_docker_background_log"
  if [ -s "$pgperf_docker_background_pid" ]; then
    pgperf_docker_started=$(cat "$pgperf_docker_background_pid")
  fi
  if [ "$status" -ne 0 ]; then
    echo "error: Docker could not be set up beside the build (see $pgperf_docker_background_log)" >&2
    return 1
  fi
  # Everything is in place now: this only checks it and exports the settings.
  pgperf_docker_setup
}
# Stops the dockerd pgperf_docker_setup started (and its containerd), nothing else; a setup still
# running in the background (the build before it failed) is waited for first, so that the daemon
# it starts is stopped too.
pgperf_docker_stop() {
  if [ -n "${pgperf_docker_background:-}" ]; then
    pgperf_docker_setup_end >/dev/null 2>&1 || true
  fi
  pgperf_docker_stop_started
}
pgperf_docker_stop_started() {
  if [ -z "$pgperf_docker_started" ]; then
    return 0
  fi
  if kill -0 "$pgperf_docker_started" 2>/dev/null; then
    echo "Stopping the dockerd this script started (pid $pgperf_docker_started)"
    kill -TERM "$pgperf_docker_started" 2>/dev/null || true
    for _ in $(seq 1 30); do
      kill -0 "$pgperf_docker_started" 2>/dev/null || break
      sleep 1
    done
  fi
  pgperf_docker_started=
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
  set -euo pipefail
  pgperf_docker_setup
  if [ -n "$pgperf_docker_started" ]; then
    echo "dockerd (pid $pgperf_docker_started) is left running: kill $pgperf_docker_started stops it."
  fi
  pgperf_docker_started=
  echo "In the shell that runs the tests (a build of yours: -Dpgperf.provider=TESTCONTAINERS" \
    "-Dpgperf.image=$PGPERF_CI_IMAGE):"
  echo "export TESTCONTAINERS_RYUK_DISABLED=$TESTCONTAINERS_RYUK_DISABLED" \
    "TESTCONTAINERS_HOST_OVERRIDE=$TESTCONTAINERS_HOST_OVERRIDE PGPERF_TEST_IMAGE=$PGPERF_TEST_IMAGE"
fi
