#!/usr/bin/env bash
# The stand-in postgres:15's entrypoint (scripts/container/stand-ins.sh): the part of the official
# image's docker-entrypoint.sh that compose.yaml relies on. On an empty PGDATA: initdb with
# POSTGRES_USER (default postgres) and POSTGRES_PASSWORD (scram), POSTGRES_DB created, connections
# from any address with a password; then postgres runs as the postgres user in the foreground.
set -euo pipefail
if [ "${1:-}" = postgres ] && [ "$(id -u)" = 0 ]; then
  mkdir -p "$PGDATA" /var/run/postgresql
  chown -R postgres:postgres "$PGDATA" /var/run/postgresql
  chmod 700 "$PGDATA"
  exec setpriv --reuid=postgres --regid=postgres --init-groups "$0" "$@"
fi
if [ "${1:-}" = postgres ] && [ ! -s "$PGDATA/PG_VERSION" ]; then
  : "${POSTGRES_PASSWORD:?set POSTGRES_PASSWORD}"
  user="${POSTGRES_USER:-postgres}"
  pwfile="$(mktemp)"; printf '%s' "$POSTGRES_PASSWORD" >"$pwfile"
  initdb -D "$PGDATA" --username="$user" --pwfile="$pwfile" --auth-local=trust --auth-host=scram-sha-256 >/dev/null
  rm -f "$pwfile"
  echo "host all all all scram-sha-256" >>"$PGDATA/pg_hba.conf"
  pg_ctl -D "$PGDATA" -o "-c listen_addresses=''" -w start >/dev/null
  db="${POSTGRES_DB:-$user}"
  if [ "$db" != postgres ]; then psql -v ON_ERROR_STOP=1 -U "$user" -d postgres -qc "CREATE DATABASE \"$db\""; fi
  pg_ctl -D "$PGDATA" -m fast -w stop >/dev/null
  echo "[entrypoint] initialised $PGDATA (database $db)"
fi
if [ "${1:-}" = postgres ]; then
  exec postgres -D "$PGDATA" -c listen_addresses='*' "${@:2}"
fi
exec "$@"
