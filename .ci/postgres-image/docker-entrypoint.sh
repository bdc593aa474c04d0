#!/usr/bin/env bash
# The entry point of pgperf's PostgreSQL image (build.sh): the official postgres image's contract,
# on Debian's PostgreSQL 15 packages. Testcontainers' PostgreSQLContainer and `docker run -e
# POSTGRES_PASSWORD=... image` use it as they use the official image's:
#   POSTGRES_USER (postgres), POSTGRES_PASSWORD, POSTGRES_DB (the user's name),
#   POSTGRES_INITDB_ARGS, POSTGRES_HOST_AUTH_METHOD (scram-sha-256 with a password), PGDATA,
#   and /docker-entrypoint-initdb.d (*.sh run or sourced, *.sql and *.sql.gz/.xz/.zst fed to psql)
# run once on an empty data directory by a temporary server that listens on the socket only;
# then `exec postgres "$@"`. Both servers log "database system is ready to accept connections",
# which Testcontainers waits for twice.
set -Eeo pipefail

if [ "${1:0:1}" = '-' ]; then
  set -- postgres "$@"
fi

# As root (the default), prepare the directories and run again as postgres.
if [ "$1" = postgres ] && [ "$(id -u)" = 0 ]; then
  mkdir -p "$PGDATA" /var/run/postgresql
  chown postgres:postgres "$PGDATA" /var/run/postgresql
  chmod 700 "$PGDATA"
  chmod 3777 /var/run/postgresql
  exec setpriv --reuid=postgres --regid=postgres --init-groups "${BASH_SOURCE[0]}" "$@"
fi

psql_init() {
  psql -v ON_ERROR_STOP=1 --no-password --no-psqlrc --username "$POSTGRES_USER" "$@"
}

if [ "$1" = postgres ] && [ ! -s "$PGDATA/PG_VERSION" ]; then
  : "${POSTGRES_USER:=postgres}"
  : "${POSTGRES_DB:=$POSTGRES_USER}"
  if [ -z "$POSTGRES_PASSWORD" ] && [ "$POSTGRES_HOST_AUTH_METHOD" != trust ]; then
    echo "error: the database is uninitialized and no superuser password is given:" \
      "set POSTGRES_PASSWORD (or POSTGRES_HOST_AUTH_METHOD=trust to allow every connection" \
      "without one)" >&2
    exit 1
  fi
  pwfile=
  if [ -n "$POSTGRES_PASSWORD" ]; then
    pwfile=$(mktemp)
    printf '%s\n' "$POSTGRES_PASSWORD" >"$pwfile"
  fi
  # POSTGRES_INITDB_ARGS is split into words, as the official image does.
  # shellcheck disable=SC2086
  initdb --username="$POSTGRES_USER" ${pwfile:+--pwfile="$pwfile"} $POSTGRES_INITDB_ARGS
  [ -z "$pwfile" ] || rm -f "$pwfile"
  printf '\nhost all all all %s\n' "${POSTGRES_HOST_AUTH_METHOD:-scram-sha-256}" \
    >>"$PGDATA/pg_hba.conf"

  shift # the temporary server takes the same settings, listening on the socket only
  options=
  if [ $# -gt 0 ]; then options=$(printf '%q ' "$@"); fi
  pg_ctl -D "$PGDATA" -w start -o "$options-c listen_addresses='' -p 5432"
  set -- postgres "$@"
  if [ "$POSTGRES_DB" != postgres ]; then
    psql_init --dbname postgres --set db="$POSTGRES_DB" <<<'CREATE DATABASE :"db";'
  fi
  for f in /docker-entrypoint-initdb.d/*; do
    case "$f" in
      *.sh)
        if [ -x "$f" ]; then echo "running $f"; "$f"; else echo "sourcing $f"; . "$f"; fi ;;
      *.sql) echo "running $f"; psql_init --dbname "$POSTGRES_DB" -f "$f" ;;
      *.sql.gz) echo "running $f"; gunzip -c "$f" | psql_init --dbname "$POSTGRES_DB" ;;
      *.sql.xz) echo "running $f"; xzcat "$f" | psql_init --dbname "$POSTGRES_DB" ;;
      *.sql.zst) echo "running $f"; zstd -dc "$f" | psql_init --dbname "$POSTGRES_DB" ;;
      */\*) ;;
      *) echo "ignoring $f" ;;
    esac
  done
  pg_ctl -D "$PGDATA" -m fast -w stop
  echo 'PostgreSQL init process complete; ready for start up.'
fi

exec "$@"
