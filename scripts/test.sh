#!/usr/bin/env bash
# The whole suite: static checks, unit + integration tests (PGlite, and PostgreSQL too when
# TEST_DATABASE_URL is set), then end-to-end tests in Chromium against the production build.
# Its phases, what runs side by side and why, and their times: docs/testing.md. Each phase
# prints its time, and the run ends with a table of them.
set -euo pipefail
cd "$(dirname "$0")/.."

# Where the build goes and where the end-to-end servers listen, so that several runs of one
# checkout can live side by side: BUILD_DIR=build-me E2E_PORT=3200 BENCH_PORT=3700 npm test.
export BUILD_DIR="${BUILD_DIR:-build}"
export E2E_PORT="${E2E_PORT:-3100}"
E2E_PG_PORT=$((E2E_PORT + 10))

[ -d node_modules ] || npm install --no-audit --no-fund

if [ ! -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ]; then
  echo "Chromium is missing: install it with 'apt-get install -y chromium' (or set CHROMIUM_PATH)." >&2
  exit 1
fi

LOGS=$(mktemp -d)
START=$SECONDS
TIMES=()
trap 'rm -rf "$LOGS"' EXIT

# phase NAME COMMAND...: runs one phase in the foreground and records its time.
phase() {
  local name=$1 began=$SECONDS
  shift
  echo "== $name"
  "$@"
  TIMES+=("$(printf '%6d s  %s' $((SECONDS - began)) "$name")")
  echo "-- $name: $((SECONDS - began)) s"
}

# Background phases write to a file of their own, shown whole when they end, so that their
# output does not interleave with the phase in the foreground.
# started NAME COMMAND...: starts one (its pid in $!); finished NAME PID: waits for it.
started() {
  local name=$1
  shift
  echo "== $name (in the background)"
  (
    began=$SECONDS
    status=0
    "$@" >"$LOGS/$name.log" 2>&1 || status=$?
    echo "$((SECONDS - began))" >"$LOGS/$name.time"
    exit "$status"
  ) &
}
finished() {
  local name=$1 pid=$2 status=0
  wait "$pid" || status=$?
  echo "== $name: its output"
  cat "$LOGS/$name.log"
  TIMES+=("$(printf '%6d s  %s (side by side)' "$(cat "$LOGS/$name.time")" "$name")")
  if [ "$status" -ne 0 ]; then
    echo "== $name failed (exit $status)" >&2
    return "$status"
  fi
}

# Type checking and linting are one process each (tsc, eslint then prettier): side by side
# they use both cores.
static_checks() {
  started typecheck npm run --silent typecheck
  local typecheck=$!
  started lint npm run --silent lint
  local lint=$!
  local status=0
  finished typecheck "$typecheck" || status=1
  finished lint "$lint" || status=1
  return "$status"
}
phase "typecheck and lint" static_checks

phase "unit and integration tests (PGlite)" env -u TEST_DATABASE_URL npx vitest run

if [ -n "${TEST_DATABASE_URL:-}" ]; then
  # The same suite again, on PostgreSQL and on the current LTS of Node.js (npm's `node`
  # package, a binary in npm's cache: nothing installed on the system), so that both the
  # machine's Node.js and the current one run every unit and integration test.
  node_lts() {
    npx --yes --package="node@${NODE_LTS:-26}" -- node --version
    npx --yes --package="node@${NODE_LTS:-26}" -- node node_modules/vitest/vitest.mjs run
  }
  phase "unit and integration tests (PostgreSQL, Node.js ${NODE_LTS:-26} from npm's node package)" node_lts
fi

phase build npm run --silent build

# The reduced soak (bench/security/soak.ts; 30 minutes with npm run bench:soak): 3 minutes of
# mixed traffic with no error and the resident memory's growth bounded. Alone: beside other
# work its server answers late, the traffic's first climb of memory stretches into the window
# it judges, and it fails (docs/testing.md).
phase "soak: 3 minutes of mixed traffic" env SOAK_MINUTES=3 npm run --silent bench:soak

if [ -n "${TEST_DATABASE_URL:-}" ]; then
  phase "several instances on one PostgreSQL and one S3 server" \
    npx vitest run --config tests/multi-instance/vitest.config.ts
fi

# End-to-end: the specs that only read (project `reading` of playwright.config.ts) side by side
# on two workers, then the specs that change what pages show (project `writing`) one at a
# time, each project on a fresh server with the demo content.
phase "end-to-end tests that read (Chromium, 2 workers)" \
  npx playwright test --project=reading --workers=2
phase "end-to-end tests that write (Chromium, 1 worker)" npx playwright test --project=writing

if [ -n "${TEST_DATABASE_URL:-}" ]; then
  e2e_postgres() {
    E2E_DATABASE_URL=$(node --import tsx scripts/fresh-database.ts broadsheet_e2e) \
      E2E_PORT=$E2E_PG_PORT npx playwright test --project=reading --workers=2 \
      tests/e2e/foundation.spec.ts tests/e2e/site/home.spec.ts tests/e2e/site/article.spec.ts \
      tests/e2e/site/search.spec.ts tests/e2e/site/category-tag.spec.ts
  }
  phase "end-to-end reading journeys on PostgreSQL" e2e_postgres
fi

echo "== times"
printf '%s\n' "${TIMES[@]}"
printf '%6d s  in all\n' $((SECONDS - START))
