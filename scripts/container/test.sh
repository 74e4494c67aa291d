#!/usr/bin/env bash
# The container story tested for real (README "Containers"): stand-in base images when the public
# ones are not at hand (scripts/container/stand-ins.sh), the image built, then each compose profile
# started, waited for healthy, and the main job run over HTTP (upload → register-and-process → SSE
# `done` → results → search). Default profile: the first-start key read from the logs, SIGTERM
# timed, `down` and `up` again with the data still there. Team profile: PostgreSQL + 2 web + 2
# workers; the job uploaded on one web process and followed on the other; a second job's worker is
# killed (-9) mid-run and the other worker finishes it; down/up keeps the data. Torn down at the
# end (volumes too), also on failure. Prints the figures README quotes; exits non-zero on any failure.
# Needs root (stand-ins, podman), podman + podman-compose (or COMPOSE=…), ffmpeg, node on the host.
# Not part of .ci/run: it takes longer than CI's budget allows (README says how long).
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
export CONTAINERS_CONF="${CONTAINERS_CONF:-$HERE/containers.conf}"
COMPOSE="${COMPOSE:-podman-compose}"
PROJECT="${PROJECT:-va-ctest}"
IMAGE=localhost/video-analysis:latest
DB_IMAGE=localhost/video-analysis-db:15
WORK="$(mktemp -d /tmp/va-ctest.XXXXXX)"
FIGURES="$WORK/figures"
log() { echo "[container-test $(date +%H:%M:%S)] $*"; }
fail() { echo "[container-test] FAILED: $*" >&2; exit 1; }
figure() { echo "$1: $2" | tee -a "$FIGURES"; }
compose() { (cd "$ROOT" && $COMPOSE -p "$PROJECT" "$@") >>"$WORK/compose.log" 2>&1 || { tail -30 "$WORK/compose.log" >&2; fail "compose $*"; }; }
cname() { echo "${PROJECT}_$1_1"; }
# podman-compose 1.0.3 knows no profiles (it would start every service): services are always named
# (docker compose then enables their profile by itself), and `--profile team` goes only to a
# compose that knows it (for `down`).
TEAM=()
if (cd "$ROOT" && $COMPOSE --help 2>&1) | grep -q -- "--profile"; then TEAM=(--profile team); fi
# A graceful stop first (podman-compose's `down` gives containers 1 s), as `docker compose down` does.
stop_all() { podman ps -q --filter "label=io.podman.compose.project=$PROJECT" | xargs -r podman stop -t 10 >/dev/null; }

teardown() {
  log "tearing down"
  # containers with their anonymous volumes (each team container's own /data), then the project
  podman ps -aq --filter "label=io.podman.compose.project=$PROJECT" | xargs -r podman rm -f -v >/dev/null 2>&1 || true
  (cd "$ROOT" && $COMPOSE -p "$PROJECT" "${TEAM[@]}" down -v >/dev/null 2>&1) || true
  rm -rf "$WORK"
}
trap teardown EXIT

# Seconds until `podman healthcheck run` passes for every named container (health checks do not
# run by themselves under podman without systemd; docker compose runs them).
wait_healthy() {
  local t0=$SECONDS c
  for c in "$@"; do
    until podman healthcheck run "$c" >/dev/null 2>&1; do
      [ "$(podman inspect -f '{{.State.Running}}' "$c" 2>/dev/null)" = true ] || { podman logs --tail 30 "$c" >&2 || true; fail "$c is not running"; }
      [ $((SECONDS - t0)) -lt 240 ] || { podman logs --tail 30 "$c" >&2; fail "$c not healthy within 240 s"; }
      sleep 1
    done
  done
  echo $((SECONDS - t0))
}

first_key() { # the first start's API key, from the logs of the named containers
  local c
  for c in "$@"; do podman logs "$c" 2>&1 | sed -n 's/.*API key: \(svc_live_[A-Za-z0-9_-]*\).*/\1/p'; done | head -n1
}

wait_first_key() { # the same, waited for: /api/ping (the health check) answers while start-up still runs
  local i k
  for i in $(seq 1 120); do
    k=$(first_key "$@")
    [ -n "$k" ] && { echo "$k"; return 0; }
    sleep 0.5
  done
}

main_job() { # BASE [FOLLOW_BASE]: the main job; prints its JSON line
  BASE="$1" FOLLOW_BASE="${2:-$1}" KEY="$KEY" CLIP="$CLIP" QUERY="boats leaving the harbour" \
    node "$HERE/main-job.mjs" | tail -n1
}

check_job() { # JSON: completed, both modules have segments, search finds it
  node -e '
    const r = JSON.parse(process.argv[1]);
    const ok = r.done.status === "completed" && r.segments.shots > 0 && r.segments.transcription > 0 && r.search_hits > 0;
    if (!ok) { console.error("unexpected result: " + process.argv[1]); process.exit(1); }' "$1"
}

api_get() { curl -fsS -H "Authorization: $KEY" "$1"; }

# --------------------------------------------------------------------------------------------------
log "clips"
CLIP="$WORK/harbour.mp4"
printf '1\n00:00:01,000 --> 00:00:05,000\nThe boats leave the harbour at dawn\n' >"$WORK/harbour.srt"
ffmpeg -v error -y -f lavfi -i testsrc2=s=640x360:r=25:d=10 -f lavfi -i sine=frequency=440:sample_rate=16000:duration=10 \
  -i "$WORK/harbour.srt" -map 0:v -map 1:a -map 2:s -c:v libx264 -preset ultrafast -pix_fmt yuv420p -c:a aac -c:s mov_text "$CLIP"
LONG="$WORK/long.mp4" # long enough to kill its worker mid-run
ffmpeg -v error -y -f lavfi -i testsrc2=s=640x360:r=25:d=90 -f lavfi -i "anoisesrc=d=90:c=pink:r=16000:a=0.3" \
  -map 0:v -map 1:a -c:v libx264 -preset ultrafast -pix_fmt yuv420p -c:a aac "$LONG"

log "stand-in base images (built only when absent)"
bash "$HERE/stand-ins.sh"

log "building $IMAGE"
t0=$SECONDS
podman build --format docker -t "$IMAGE" "$ROOT" >"$WORK/build.log" 2>&1 || { tail -40 "$WORK/build.log" >&2; fail "image build"; }
figure "build seconds (layer cache as found)" $((SECONDS - t0))
podman build --format docker -t "$DB_IMAGE" -f "$HERE/postgres.Dockerfile" "$HERE" >>"$WORK/build.log" 2>&1 || fail "db image build"
size=$(podman image inspect -f '{{.Size}}' "$IMAGE")
figure "image size MB" $((size / 1000000))
[ "$size" -lt 1500000000 ] || log "WARNING: the image is $((size / 1000000)) MB (aim: under 1.5 GB)"
[ "$(podman run --rm --entrypoint id "$IMAGE" -u)" = 1000 ] || fail "the image does not run as uid 1000"

log "roles by command: cli, mcp, worker"
podman run --rm "$IMAGE" cli --help | grep -q "backup <file>" || fail "cli --help"
out=$(podman run --rm "$IMAGE" mcp 2>&1 || true)
echo "$out" | grep -q "Set VA_API_KEY" || fail "mcp role: $out"
out=$(podman run --rm "$IMAGE" worker 2>&1 || true)
echo "$out" | grep -q "The worker could not start" || fail "worker role without DATABASE_URL: $out"

# --------------------------------------------------------------------------------------------------
log "default profile: one app on the embedded database"
compose up -d app
APP=$(cname app)
figure "default: seconds to healthy" "$(wait_healthy "$APP")"
KEY=$(wait_first_key "$APP")
[ -n "$KEY" ] || fail "no first-start API key in the app's logs"
R=$(main_job http://localhost:3000)
log "$R"
check_job "$R"
figure "default: main job seconds (10 s clip, shots + transcription)" "$(node -p 'JSON.parse(process.argv[1]).job_seconds' "$R")"
JOB=$(node -p 'JSON.parse(process.argv[1]).job' "$R")
out=$(podman exec "$APP" /app/scripts/container/entrypoint.sh cli backup /tmp/b.tar.gz 2>&1 || true)
echo "$out" | grep -q "stop it first" || fail "backup while the app runs: $out"

log "SIGTERM: stop within 10 s"
t0=$(date +%s%N)
podman stop -t 10 "$APP" >/dev/null
stop_ms=$(( ($(date +%s%N) - t0) / 1000000 ))
code=$(podman inspect -f '{{.State.ExitCode}}' "$APP")
figure "default: stop ms (SIGTERM to exit)" "$stop_ms"
[ "$code" != 137 ] && [ "$stop_ms" -lt 10000 ] || fail "the app did not stop on SIGTERM by itself (exit $code after $stop_ms ms)"

log "down and up: the data stays"
compose down
compose up -d app
wait_healthy "$APP" >/dev/null
[ "$(api_get "http://localhost:3000/api/videos/$JOB" | node -p 'JSON.parse(require("fs").readFileSync(0)).status')" = completed ] \
  || fail "the video is gone after down/up"
[ -z "$(first_key "$APP")" ] || fail "a second first-start key after down/up"
stop_all
compose down -v

# --------------------------------------------------------------------------------------------------
log "team profile: PostgreSQL + 2 web + 2 workers"
# podman-compose 1.0.3 ignores depends_on conditions: the database first, then the rest.
compose "${TEAM[@]}" up -d db
wait_healthy "$(cname db)" >/dev/null
t0=$SECONDS
compose "${TEAM[@]}" up -d web-1 web-2 worker-1 worker-2
W1=$(cname web-1); W2=$(cname web-2)
wait_healthy "$W1" "$W2" >/dev/null
figure "team: seconds to healthy (both web processes)" $((SECONDS - t0))
for c in "$(cname worker-1)" "$(cname worker-2)"; do
  [ "$(podman inspect -f '{{.State.Running}}' "$c")" = true ] || { podman logs --tail 20 "$c" >&2; fail "$c is not running"; }
done
KEY=$(wait_first_key "$W1" "$W2")
[ -n "$KEY" ] || fail "no first-start API key in the web processes' logs"
R=$(main_job http://localhost:3001 http://localhost:3002)
log "$R"
check_job "$R"
figure "team: main job seconds (uploaded on web-1, followed on web-2)" "$(node -p 'JSON.parse(process.argv[1]).job_seconds' "$R")"
JOB=$(node -p 'JSON.parse(process.argv[1]).job' "$R")

log "team: kill the worker running a job (-9); the other one finishes it"
cat >"$WORK/kill-worker.sh" <<KILL
set -e
owner=\$(podman exec $(cname db) psql -U va -d video_analysis -Atc "select lease_owner from processing_runs where job_id = '\$JOB' and status = 'running'")
for c in $(cname worker-1) $(cname worker-2); do
  if [ "\${owner%%:*}" = "\$(podman inspect -f '{{.Config.Hostname}}' \$c)" ]; then
    echo "\$c" >"$WORK/killed"; podman kill -s KILL "\$c" >/dev/null
    # and it stays down (a restart policy would bring it back on the same host, where it would
    # take the run over itself at once): the other worker must take it
    podman stop -t 2 "\$c" >/dev/null 2>&1 || true
    exit 0
  fi
done
echo "no worker owns the run (lease owner: \$owner)" >&2; exit 1
KILL
t0=$SECONDS
R2=$(BASE=http://localhost:3001 FOLLOW_BASE=http://localhost:3002 KEY="$KEY" CLIP="$LONG" ON_PROGRESS="bash $WORK/kill-worker.sh" \
  node "$HERE/main-job.mjs" | tail -n1) || fail "the job whose worker was killed"
log "$R2"
killed=$(cat "$WORK/killed")
[ "$(node -p 'JSON.parse(process.argv[1]).done.status' "$R2")" = completed ] || fail "the job whose worker was killed did not complete"
JOB2=$(node -p 'JSON.parse(process.argv[1]).job' "$R2")
owner=$(podman exec "$(cname db)" psql -U va -d video_analysis -Atc "select lease_owner from processing_runs where job_id = '$JOB2' order by created_at desc limit 1")
log "killed $killed; the run finished under $owner"
[ "${owner%%:*}" != "$(podman inspect -f '{{.Config.Hostname}}' "$killed")" ] || fail "the killed worker finished the run itself"
figure "team: seconds for the 90 s clip with its worker killed mid-run" $((SECONDS - t0))

log "team: down and up, the data stays"
stop_all
compose "${TEAM[@]}" down
compose "${TEAM[@]}" up -d db
wait_healthy "$(cname db)" >/dev/null
compose "${TEAM[@]}" up -d web-1 web-2 worker-1 worker-2
wait_healthy "$W1" "$W2" >/dev/null
for j in "$JOB" "$JOB2"; do
  [ "$(api_get "http://localhost:3002/api/videos/$j" | node -p 'JSON.parse(require("fs").readFileSync(0)).status')" = completed ] \
    || fail "video $j is gone after down/up"
done

echo
echo "== figures =="
cat "$FIGURES"
echo "container test passed"
