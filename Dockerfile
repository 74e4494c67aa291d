# One image for every role: the web app (default), `worker`, the CLI (`cli …`) and the MCP stdio
# server (`mcp`); scripts/container/entrypoint.sh maps the command. Data lives in /data (DATA_DIR).
# Build: docker build -t video-analysis .   (podman/buildah: add --format docker, else the OCI
# format drops HEALTHCHECK). Tested by scripts/container/test.sh; README "Containers".

# --- build: all dependencies, the Next build, then production dependencies only -------------------
FROM node:22-bookworm-slim AS build
WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1
# .npmrc's ignore-scripts: no install scripts (onnxruntime-node's would download CUDA libraries).
COPY package.json package-lock.json .npmrc ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN node scripts/start.mjs --build-only \
 && npm prune --omit=dev --no-audit --no-fund \
 # not needed to serve a build: Next's compiler, and the browser-test tools npm keeps as Next's peer
 && rm -rf node_modules/@next/swc-* node_modules/playwright node_modules/playwright-core node_modules/@playwright \
 # onnxruntime's binaries for other systems (darwin, win32, the other Linux architecture)
 && arch="$(node -p process.arch)" \
 && find node_modules/onnxruntime-node/bin/napi-v6 -mindepth 1 -maxdepth 1 ! -name linux -exec rm -rf {} + \
 && find node_modules/onnxruntime-node/bin/napi-v6/linux -mindepth 1 -maxdepth 1 ! -name "$arch" -exec rm -rf {} + \
 && rm -rf .next/cache node_modules/.cache \
 # dependencies' source maps (260 MB measured on the image; Next's server runtimes alone ship 40 MB of them): read
 # only by debuggers and --enable-source-maps, which this image does not use
 && find node_modules -name '*.map' -type f -delete \
 # the build goes over separately, owned by the runtime user (next start writes its caches there)
 && mkdir /next && mv .next /next/

# --- runtime -------------------------------------------------------------------------------------
FROM node:22-bookworm-slim
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends ffmpeg pocketsphinx pocketsphinx-en-us \
 && apt-get clean && rm -rf /var/lib/apt/lists/* \
 && mkdir -p /data/storage /secrets && chown -R node:node /data /secrets
WORKDIR /app
COPY --from=build /app /app
COPY --from=build --chown=node:node /next/.next /app/.next
ENV NODE_ENV=production NEXT_TELEMETRY_DISABLED=1 PORT=3000 DATA_DIR=/data
USER node
VOLUME /data
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/ping').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# The process named by the command is PID 1 (the entrypoint execs it) and handles SIGTERM itself:
# the web process and workers hand their runs back and exit within 10 s (no --init needed).
ENTRYPOINT ["/app/scripts/container/entrypoint.sh"]
CMD ["web"]
