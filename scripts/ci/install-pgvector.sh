#!/usr/bin/env bash
# Install the pgvector extension into the machine's PostgreSQL 15.
#
# Debian 12 (bookworm) has no pgvector package for PostgreSQL 15 in the apt
# repositories this machine reaches, so we build it from Debian trixie's
# *source* package against postgresql-server-dev-15. Trixie is only used
# through a throw-away apt configuration in a temp dir: /etc/apt is not touched.
#
# Idempotent: does nothing if the extension is already installed.
# Needs root. After a build, checks that CREATE EXTENSION vector works on
# 127.0.0.1:5432 (user postgres) in a scratch database `pgvector_check`.
set -euo pipefail

PG_MAJOR=15
PG_CONFIG="/usr/lib/postgresql/${PG_MAJOR}/bin/pg_config"
CONTROL="/usr/share/postgresql/${PG_MAJOR}/extension/vector.control"
PGHOST_CHECK="${PGVECTOR_CHECK_HOST:-127.0.0.1}"

log() { echo "[install-pgvector] $*"; }

if [ -f "$CONTROL" ]; then
  log "pgvector already installed ($CONTROL); nothing to do"
  exit 0
fi

export DEBIAN_FRONTEND=noninteractive

log "installing build dependencies"
apt-get update -qq
apt-get install -y -qq --no-install-recommends \
  postgresql-server-dev-15 dpkg-dev build-essential ca-certificates >/dev/null

# Use the same Debian mirror host as the machine's own apt sources.
MIRROR="$(cat /etc/apt/sources.list /etc/apt/sources.list.d/*.list /etc/apt/sources.list.d/*.sources 2>/dev/null \
  | grep -E '^[[:space:]]*(deb(-src)?[[:space:]]|URIs:)' \
  | grep -oE 'https?://[^ ]+/debian/?([[:space:]]|$)' | sed -E 's:[[:space:]]+$::; s:/+$::' | head -n1 || true)"
MIRROR="${MIRROR:-http://deb.debian.org/debian}"
log "using mirror $MIRROR (suite trixie, source only)"

TMP="$(mktemp -d /tmp/pgvector-build.XXXXXX)"
cleanup() { rm -rf "$TMP"; }
trap cleanup EXIT
# apt downloads as the unprivileged _apt user: it must be able to enter/write.
chmod 755 "$TMP"
mkdir -p "$TMP/lists/partial" "$TMP/archives/partial" "$TMP/src"
chown -R _apt:root "$TMP/lists" "$TMP/archives" "$TMP/src" 2>/dev/null || true

KEYRING=/usr/share/keyrings/debian-archive-keyring.gpg
if [ -f "$KEYRING" ]; then
  echo "deb-src [signed-by=$KEYRING] $MIRROR trixie main" >"$TMP/sources.list"
else
  echo "deb-src $MIRROR trixie main" >"$TMP/sources.list"
fi

APT_OPTS=(
  -o "Dir::Etc::SourceList=$TMP/sources.list"
  -o "Dir::Etc::SourceParts=/dev/null"
  -o "Dir::State::Lists=$TMP/lists"
  -o "Dir::Cache::Archives=$TMP/archives"
  # keep apt's binary caches out of /var/cache/apt (they'd describe trixie)
  -o "Dir::Cache::pkgcache="
  -o "Dir::Cache::srcpkgcache="
  -o "APT::Get::List-Cleanup=false"
)

log "fetching trixie source index"
apt-get "${APT_OPTS[@]}" update -qq

log "downloading pgvector source package"
(cd "$TMP/src" && apt-get "${APT_OPTS[@]}" source --download-only -qq pgvector)

DSC="$(ls "$TMP"/src/pgvector_*.dsc | head -n1)"
log "unpacking $(basename "$DSC")"
log "(a gpgv 'No public key' warning is expected: apt already checked the files against trixie's signed index)"
(cd "$TMP/src" && dpkg-source -x "$DSC" build >/dev/null)

log "building"
# OPTFLAGS= : pgvector defaults to -march=native; build a portable binary
# (as Debian's own packaging does) so a moved machine can still load it.
make -C "$TMP/src/build" -s PG_CONFIG="$PG_CONFIG" OPTFLAGS="" >/dev/null
make -C "$TMP/src/build" -s install PG_CONFIG="$PG_CONFIG" OPTFLAGS="" >/dev/null

if [ ! -f "$CONTROL" ]; then
  echo "[install-pgvector] ERROR: $CONTROL missing after make install" >&2
  exit 1
fi
log "installed: $(grep default_version "$CONTROL")"
# An image build (scripts/container/stand-ins.sh) has no server running to check against.
if [ "${PGVECTOR_SKIP_CHECK:-}" = 1 ]; then exit 0; fi

log "checking CREATE EXTENSION vector in scratch database pgvector_check"
export PGOPTIONS="${PGOPTIONS:-} -c client_min_messages=warning"
PSQL=(psql -h "$PGHOST_CHECK" -U postgres -v ON_ERROR_STOP=1 -qAt)
"${PSQL[@]}" -d postgres -c "DROP DATABASE IF EXISTS pgvector_check" >/dev/null
"${PSQL[@]}" -d postgres -c "CREATE DATABASE pgvector_check" >/dev/null
check_rc=0
"${PSQL[@]}" -d pgvector_check -c "CREATE EXTENSION IF NOT EXISTS vector" >/dev/null || check_rc=$?
"${PSQL[@]}" -d postgres -c "DROP DATABASE IF EXISTS pgvector_check" >/dev/null || true
if [ "$check_rc" -ne 0 ]; then
  echo "[install-pgvector] ERROR: CREATE EXTENSION vector failed" >&2
  exit 1
fi
log "ok"
