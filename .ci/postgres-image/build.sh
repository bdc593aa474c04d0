#!/usr/bin/env bash
# Builds a PostgreSQL 15 image that honours the official postgres image's contract, from Debian's
# packages and without Docker Hub: mmdebstrap makes a Debian bookworm root file system with
# postgresql-15 (its contrib modules, pg_stat_statements among them, included), and `docker
# import` turns it into an image whose entry point is docker-entrypoint.sh. A Dockerfile build
# would need a base image from a registry; import needs none and takes seconds.
#
#   .ci/postgres-image/build.sh [TAG]     (default pgperf-ci/postgres:15; root, mmdebstrap, docker)
#
# Packages come from this machine's apt sources when it runs Debian (its mirror or proxy), else
# from deb.debian.org; PGPERF_IMAGE_MIRROR names another (a URL or a sources file). What differs
# from the official image: Debian's build of PostgreSQL (15.x of bookworm, binaries in
# /usr/lib/postgresql/15/bin), the C.UTF-8 locale (the official image's is en_US.utf8), no
# VOLUME for the data directory, and PostgreSQL's own user ids of Debian.
set -euo pipefail

tag=${1:-pgperf-ci/postgres:15}
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)

# The recipe's fingerprint, as a label: .ci/testcontainers.sh rebuilds an image of another recipe.
recipe=$(cat "$here/build.sh" "$here/customize.sh" "$here/docker-entrypoint.sh" | sha256sum | cut -c1-16)

mirror=${PGPERF_IMAGE_MIRROR:-}
if [ -z "$mirror" ] && grep -qs '^ID=debian' /etc/os-release; then
  for sources in /etc/apt/sources.list.d/debian.sources /etc/apt/sources.list; do
    if [ -s "$sources" ]; then mirror=$sources; break; fi
  done
fi
mirror=${mirror:-http://deb.debian.org/debian}

# customize.sh drops Debian's default cluster, sets the sample configuration's listen_addresses
# and installs the entry point.
# A throwaway root file system: dpkg need not sync every file it unpacks.
mmdebstrap --quiet --mode=root --variant=minbase --include=postgresql-15 \
  --dpkgopt=force-unsafe-io \
  --dpkgopt='path-exclude=/usr/share/man/*' \
  --dpkgopt='path-exclude=/usr/share/doc/*' \
  --dpkgopt='path-include=/usr/share/doc/*/copyright' \
  --dpkgopt='path-exclude=/usr/share/locale/*' \
  --customize-hook="$here/customize.sh" \
  bookworm - "$mirror" \
| docker import \
  -c 'ENV PATH=/usr/lib/postgresql/15/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
  -c 'ENV PGDATA=/var/lib/postgresql/data' \
  -c 'ENV LANG=C.UTF-8' \
  -c 'ENTRYPOINT ["docker-entrypoint.sh"]' \
  -c 'CMD ["postgres"]' \
  -c 'EXPOSE 5432' \
  -c "LABEL io.github.pgperf.recipe=$recipe" \
  -m "PostgreSQL 15 from Debian bookworm with the official image's entry point contract (pgperf)" \
  - "$tag" >/dev/null
echo "Built $tag (recipe $recipe)"
