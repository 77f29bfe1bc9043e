#!/usr/bin/env bash
# Runs every check and test from a fresh clone: installs packages, and Chromium and PostgreSQL from the
# system's package manager when they are missing, then lint, typecheck, i18n keys, unused exports and files (knip), server tests on
# PGlite and PostgreSQL, the front-end builds and the browser tests.
set -euo pipefail
cd "$(dirname "$0")/.."

need_apt=()
# Chromium's headless shell (e2e/chromium.ts takes it before the full browser): a quarter less CPU per test.
[ -n "${CHROMIUM_PATH:-}" ] || [ -x /usr/bin/chromium-headless-shell ] || need_apt+=(chromium-headless-shell)
if ! command -v initdb >/dev/null 2>&1 && ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 && [ -z "${PG_BIN:-}" ]; then
  need_apt+=(postgresql)
fi
# nginx in front of three server processes in the cluster test (apps/server/test/cluster.test.ts).
command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || need_apt+=(nginx)
can_apt=false
command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ] && can_apt=true
# Chinese glyphs for the screenshots the browser tests save (boxes without them); wanted, not required.
if $can_apt && ! fc-list 2>/dev/null | grep -qi 'CJK'; then need_apt+=(fonts-noto-cjk); fi
if [ ${#need_apt[@]} -gt 0 ]; then
  if $can_apt; then
    echo "Installing ${need_apt[*]} with apt-get"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need_apt[@]}" >/dev/null
  else
    echo "Missing: ${need_apt[*]}. Install them with your package manager (Debian: apt-get install ${need_apt[*]})," >&2
    echo "or point PG_BIN at PostgreSQL's bin folder and CHROMIUM_PATH at a Chromium (or its headless shell) binary (nginx must be on the PATH)." >&2
    exit 1
  fi
fi

# Each step's seconds, printed as it ends and again in a summary at the end (also when a step fails), so a CI log
# shows where the time goes.
started=$SECONDS
timings=()
summary() {
  local status=$?
  printf '\n== timings (s)\n'
  for line in ${timings[@]+"${timings[@]}"}; do printf '%s\n' "$line"; done
  printf '%6d  total\n' $((SECONDS - started))
  exit $status
}
trap summary EXIT
step() {
  local name=$1 from=$SECONDS
  shift
  printf '\n== %s\n' "$name"
  local status=0
  "$@" || status=$?
  timings+=("$(printf '%6d  %s%s' $((SECONDS - from)) "$name" "$([ $status = 0 ] || echo ' (failed)')")")
  printf '== %s: %d s\n' "$name" $((SECONDS - from))
  return $status
}

# npm ci refuses a lock file without the optional binaries of other platforms, which this registry lacks.
[ -f node_modules/.package-lock.json ] || step "install" npm install --no-audit --no-fund

step "lint"          npm run lint
step "typecheck"     npm run typecheck
step "i18n keys"     npm run check:i18n
step "unused exports and files" npm run check:unused
step "server tests (PGlite and PostgreSQL)" npm run test:server
step "house games math" npm test -w packages/house-games
step "lottery math"  npm test -w packages/lottery
step "sportsbook math" npm test -w packages/sportsbook
step "ui kit"        npm test -w packages/ui
step "build"         npm run build
step "browser tests" npm run test:e2e
