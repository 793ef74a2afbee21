#!/usr/bin/env bash
# `npm run test:container`: builds the image (Dockerfile) with podman, runs it
# on the embedded database, and checks what a deployment relies on:
#   - /healthz answers 200 within START_TIMEOUT seconds;
#   - / answers 200 with lang="pt-BR";
#   - the server process runs as a non-root uid, and writes its volume (/data);
#   - the image's HEALTHCHECK reports healthy (`podman healthcheck run`).
# Ends with one line, `container test: PASS …` or `container test: FAIL: …`,
# and exits non-zero on failure.
#
# With no image registry reachable (as on the project's machines), the base
# image is made from Debian's packages the first time (mmdebstrap, ~2 min) and
# kept as localhost/debian:trixie-node; the site's image is kept too
# ($CONTAINER_IMAGE), so the next build reuses its cached layers. The test's
# container and volume are removed.
#
# Variables: BASE_IMAGE (default localhost/debian:trixie-node; any image with
# Node 20.19+ and npm, pulled by podman when it is not local), CONTAINER_IMAGE
# (default localhost/alavanca-site:test), START_TIMEOUT (default 90).
set -euo pipefail
cd "$(dirname "$0")/.."

BASE_IMAGE=${BASE_IMAGE:-localhost/debian:trixie-node}
IMAGE=${CONTAINER_IMAGE:-localhost/alavanca-site:test}
START_TIMEOUT=${START_TIMEOUT:-90}
DEBIAN_BASE=localhost/debian:trixie-node
# crun (podman's default) refuses these hosts' hybrid cgroups, and processes
# lack CAP_SYS_RESOURCE to raise limits (docs: README, "Container").
PODMAN_FLAGS=(--runtime runc --ulimit nofile=20000:20000 --ulimit nproc=1000:1000 --network host)

started=$(date +%s)
name="alavanca-test-$$"
volume="alavanca-test-data-$$"
phase() { echo "== $* ($(($(date +%s) - started)) s)"; }
fail() {
  echo "container test: FAIL: $* ($(($(date +%s) - started)) s)"
  exit 1
}
cleanup() {
  if podman container exists "$name" 2>/dev/null; then
    if [ "${passed:-}" != yes ]; then
      echo "-- last lines of the container's log:"
      podman logs --tail 40 "$name" 2>&1 | sed 's/^/   /' || true
    fi
    podman rm -f -t 5 "$name" >/dev/null 2>&1 || true
  fi
  podman volume rm -f "$volume" >/dev/null 2>&1 || true
  [ -n "${basedir:-}" ] && rm -rf "$basedir"
  return 0
}
trap cleanup EXIT
trap 'fail "interrupted"' INT TERM

# --- Tools -----------------------------------------------------------------
need=()
command -v podman >/dev/null || need+=(podman)
command -v runc >/dev/null || need+=(runc)
command -v newuidmap >/dev/null || need+=(uidmap)
command -v curl >/dev/null || need+=(curl)
if [ "$BASE_IMAGE" = "$DEBIAN_BASE" ] && ! { command -v podman >/dev/null && podman image exists "$DEBIAN_BASE"; }; then
  command -v mmdebstrap >/dev/null || need+=(mmdebstrap)
fi
if [ ${#need[@]} -gt 0 ]; then
  if [ "$(id -u)" != 0 ]; then fail "missing ${need[*]}: sudo apt-get install -y ${need[*]}"; fi
  phase "installing ${need[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null || fail "apt-get install ${need[*]} failed"
fi

# --- Base image ------------------------------------------------------------
if [ "$BASE_IMAGE" = "$DEBIAN_BASE" ] && ! podman image exists "$DEBIAN_BASE"; then
  phase "making $DEBIAN_BASE from Debian's packages (mmdebstrap)"
  basedir=$(mktemp -d)
  # trixie's nodejs is 20.19; its npm is a package of its own (the build stage needs it).
  mmdebstrap --quiet --variant=minbase --include=nodejs,npm,ca-certificates trixie "$basedir/base.tar" ||
    fail "mmdebstrap could not make the base image"
  podman import --quiet "$basedir/base.tar" "$DEBIAN_BASE" >/dev/null || fail "podman import of the base image failed"
  rm -rf "$basedir"
  basedir=
fi

# --- Image -----------------------------------------------------------------
build_flags=(--format docker "${PODMAN_FLAGS[@]}" --build-arg "BASE_IMAGE=$BASE_IMAGE" --tag "$IMAGE")
# Behind a TLS-intercepting proxy npm needs its CA: hand over the CA bundle npm
# or node trusts here, as a build secret (it does not end up in the image).
ca=$(npm config get cafile 2>/dev/null || true)
[ -f "$ca" ] || ca=${NODE_EXTRA_CA_CERTS:-}
[ -n "$ca" ] && [ -f "$ca" ] && build_flags+=(--secret "id=ca-certificates,src=$ca")
phase "building $IMAGE from $BASE_IMAGE"
build_log=$(mktemp)
if ! podman build "${build_flags[@]}" . >"$build_log" 2>&1; then
  echo "-- podman build ${build_flags[*]} . failed; the end of its output:"
  tail -40 "$build_log" | sed 's/^/   /'
  rm -f "$build_log"
  fail "the image did not build"
fi
rm -f "$build_log"
[ "$(podman image inspect --format '{{.HealthCheck}}' "$IMAGE" 2>/dev/null)" != "<nil>" ] ||
  fail "the image has no HEALTHCHECK (was it built with --format docker?)"

# --- Run ---------------------------------------------------------------------
port=$(node -e "const s=require('node:net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
base="http://127.0.0.1:$port"
phase "running $IMAGE on port $port (embedded database in a volume)"
# The check is run below by hand: podman's own timer needs systemd, and
# without it podman logs "unable to get systemd connection" (harmless; kept out).
run_log=$(mktemp)
if ! podman run --detach --name "$name" "${PODMAN_FLAGS[@]}" --health-interval=disable \
  --env "PORT=$port" --env "SITE_URL=http://localhost:$port" --volume "$volume:/data" "$IMAGE" >"$run_log" 2>&1; then
  sed 's/^/   /' "$run_log"
  rm -f "$run_log"
  fail "podman run failed"
fi
rm -f "$run_log"

deadline=$(($(date +%s) + START_TIMEOUT))
until [ "$(curl -s -o /dev/null -w '%{http_code}' "$base/healthz" || true)" = 200 ]; do
  [ "$(podman inspect --format '{{.State.Running}}' "$name" 2>/dev/null)" = true ] || fail "the container stopped before /healthz answered"
  [ "$(date +%s)" -lt "$deadline" ] || fail "/healthz did not answer 200 within ${START_TIMEOUT} s"
  sleep 0.5
done
phase "/healthz answers 200"

# --- Checks ------------------------------------------------------------------
health=$(curl -s "$base/healthz")
case "$health" in \{*\}) ;; *) fail "/healthz did not answer JSON: $health" ;; esac

page=$(mktemp)
status=$(curl -s -o "$page" -w '%{http_code}' "$base/")
lang_ok=no
grep -q 'lang="pt-BR"' "$page" && lang_ok=yes
rm -f "$page"
[ "$status" = 200 ] || fail "/ answered $status"
[ "$lang_ok" = yes ] || fail '/ has no lang="pt-BR"'

# The server process itself (pid 1 in the container), not only what exec gets.
uid=$(podman exec "$name" sh -c "awk '/^Uid:/ { print \$2 }' /proc/1/status") || fail "podman exec failed"
[ -n "$uid" ] && [ "$uid" != 0 ] || fail "the server runs as uid '${uid}' (root)"
podman exec "$name" test -s /data/pglite/PG_VERSION || fail "the embedded database is not in the /data volume"

podman healthcheck run "$name" >/dev/null || fail "podman healthcheck run: unhealthy"
state=$(podman inspect --format '{{.State.Health.Status}}' "$name")
[ "$state" = healthy ] || fail "the HEALTHCHECK reports '$state'"

passed=yes
echo "container test: PASS ($IMAGE from $BASE_IMAGE: /healthz 200, / 200 pt-BR, uid $uid, healthcheck healthy; $(($(date +%s) - started)) s)"
