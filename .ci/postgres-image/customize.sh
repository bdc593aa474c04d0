#!/bin/sh
# mmdebstrap's customize hook for build.sh: $1 is the image's root file system, postgresql-15
# installed in it.
set -eu
root=$1
here=$(cd "$(dirname "$0")" && pwd)

# Debian's postinst made a cluster "15/main"; the image's entry point runs initdb itself.
chroot "$root" pg_dropcluster 15 main
# initdb copies the sample configuration: listen on every address, as the official image does.
sed -ri "s/^#?(listen_addresses)\s*=\s*\S+.*/\1 = '*'/" \
  "$root/usr/share/postgresql/15/postgresql.conf.sample"
grep -q "^listen_addresses = '\*'" "$root/usr/share/postgresql/15/postgresql.conf.sample"

install -m 755 "$here/docker-entrypoint.sh" "$root/usr/local/bin/docker-entrypoint.sh"
mkdir -p "$root/docker-entrypoint-initdb.d" "$root/var/lib/postgresql/data" \
  "$root/var/run/postgresql"
chroot "$root" chown postgres:postgres /var/lib/postgresql/data /var/run/postgresql
chmod 3777 "$root/var/run/postgresql"
chmod 1777 "$root/var/lib/postgresql/data"
rm -rf "$root"/var/lib/apt/lists/* "$root"/var/cache/apt/*
