#!/bin/sh
# The image's entrypoint: the first word names the role, the process then replaces this shell
# (PID 1 is node, which handles SIGTERM: runs are handed back, the process exits within 10 s).
#   web (default)  the app: pages, API, and jobs unless RUNNER_CONCURRENCY=0   (npm start)
#   worker         runs jobs, serves no HTTP; needs DATABASE_URL               (npm run worker)
#   cli …          the CLI: user/key administration, upload/status/search/…, backup/restore
#   mcp            the MCP server on stdio (VA_URL, VA_API_KEY)                (npm run mcp)
# Anything else runs as given (e.g. `bash`).
#
# APP_SECRET_FILE (compose.yaml's team profile): when APP_SECRET is unset, the secret is read from
# this file, which the first process to start creates (32 random bytes, hex) — processes sharing
# the file's volume share the secret that signs tokens and URLs.
set -e
cd /app
if [ -z "${APP_SECRET:-}" ] && [ -n "${APP_SECRET_FILE:-}" ]; then
  if [ ! -s "$APP_SECRET_FILE" ]; then
    tmp="$APP_SECRET_FILE.$$"
    (umask 077 && head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n' >"$tmp")
    ln "$tmp" "$APP_SECRET_FILE" 2>/dev/null || true # the first link wins; the others read it
    rm -f "$tmp"
  fi
  APP_SECRET="$(cat "$APP_SECRET_FILE")"
  export APP_SECRET
fi
role="${1:-web}"
[ $# -gt 0 ] && shift
case "$role" in
  web) exec node scripts/start.mjs --no-build "$@" ;;
  worker) exec node --conditions=react-server --import tsx scripts/worker.ts "$@" ;;
  cli) exec node --conditions=react-server --import tsx scripts/cli.ts "$@" ;;
  mcp) exec node --import tsx scripts/mcp.ts "$@" ;;
  *) exec "$role" "$@" ;;
esac
