# The site as a container image: one instance, `node build/server/server.js`
# (README, "Container"; what an instance needs is in "Deploying").
#
# BASE_IMAGE is any Debian-based image with Node 20.19+ and npm:
#   - default: the official Node image (docker.io/library/node:20-bookworm-slim);
#   - on hosts with no image registry (like the project's CI machines), a base
#     made from Debian's packages by scripts/test-container.sh:
#       mmdebstrap --variant=minbase --include=nodejs,npm,ca-certificates trixie base.tar
#       podman import base.tar localhost/debian:trixie-node
#     and `--build-arg BASE_IMAGE=localhost/debian:trixie-node`.
# With podman, build with `--format docker`: the OCI format has no HEALTHCHECK.
#
# Behind a TLS-intercepting proxy, hand npm the proxy's CA bundle as a build
# secret (it stays out of the image):
#   --secret id=ca-certificates,src=/etc/ssl/certs/ca-certificates.crt
ARG BASE_IMAGE=docker.io/library/node:20-bookworm-slim

# All dependencies, from the committed lockfile (`npm install`, not `npm ci`:
# see docs/decisions/001-stack-versions.md). Its own stage, so it stays cached
# until package.json or the lockfile change.
FROM ${BASE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN --mount=type=secret,id=ca-certificates \
    if [ -f /run/secrets/ca-certificates ]; then export npm_config_cafile=/run/secrets/ca-certificates; fi \
 && npm install --no-audit --no-fund --loglevel=error

# The same tree without the dev dependencies (what `npm install --omit=dev`
# gives, without downloading it all again).
FROM deps AS prod-deps
RUN npm prune --omit=dev --no-audit --no-fund --loglevel=error

# `npm run build`: build/client, and build/server/server.js with the
# migrations beside it (build/server/migrations).
FROM deps AS build
COPY . .
RUN npm run build

# What runs: the build, production dependencies, package.json ("type":
# "module") and the seed content (read when SANITY_PROJECT_ID is unset).
FROM ${BASE_IMAGE} AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
# A user of its own (uid 10001; the official image's `node` user keeps 1000).
# /data holds the embedded PGlite database and the generated session secret
# when DATABASE_URL is unset: mount a volume there.
RUN groupadd --gid 10001 site \
 && useradd --uid 10001 --gid site --home-dir /app --no-create-home --shell /usr/sbin/nologin site \
 && mkdir -p /data \
 && chown site:site /data
COPY --from=prod-deps /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY package.json ./
COPY studio/seed ./studio/seed
USER site
VOLUME ["/data"]
EXPOSE 3000
# /healthz answers 200 while the instance serves, 503 once it is stopping.
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "build/server/server.js"]
