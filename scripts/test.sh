#!/usr/bin/env bash
# The whole suite: static checks, unit + integration tests (PGlite, and PostgreSQL too when
# TEST_DATABASE_URL is set), then end-to-end tests in Chromium against the production build.
# Its phases, what runs side by side and why, and their times: docs/testing.md. Each phase
# prints its time, and the run ends with a table of them.
set -euo pipefail
cd "$(dirname "$0")/.."

# Where the build goes and where the servers listen (E2E_PORT and from it the others: +10 the
# PostgreSQL journeys, +20 and +21 the durability spec, +30 the reading specs, +40 the second half
# of the writing specs (its durability spec +60 and +61); BENCH_PORT the
# soak), so that several runs of one checkout can live side by side:
# BUILD_DIR=build-me E2E_PORT=3200 BENCH_PORT=3700 npm test.
export BUILD_DIR="${BUILD_DIR:-build}"
export E2E_PORT="${E2E_PORT:-3100}"
E2E_PG_PORT=$((E2E_PORT + 10))
E2E_READING_PORT=$((E2E_PORT + 30))

[ -d node_modules ] || npm install --no-audit --no-fund

# The end-to-end tests take Debian's headless shell when it is there, the full Chromium
# otherwise (playwright.config.ts).
if [ -n "${CHROMIUM_PATH:-}" ] && [ ! -x "$CHROMIUM_PATH" ]; then
  echo "CHROMIUM_PATH is $CHROMIUM_PATH, which is not a program." >&2
  exit 1
fi
if [ -z "${CHROMIUM_PATH:-}" ] && [ ! -x /usr/bin/chromium-headless-shell ] && [ ! -x /usr/bin/chromium ]; then
  echo "Chromium is missing: install it with 'apt-get install -y chromium-headless-shell' (or chromium, or set CHROMIUM_PATH)." >&2
  exit 1
fi

LOGS=$(mktemp -d)
# Every temporary folder the run makes (data folders, test files, browser profiles) is made in
# one of its own, removed at the end, so that runs leave nothing behind in /tmp.
RUN_TMP=$(mktemp -d "${TMPDIR:-/tmp}/broadsheet-test-run.XXXXXX")
export TMPDIR="$RUN_TMP"
START=$SECONDS
TIMES=()
trap 'rm -rf "$LOGS" "$RUN_TMP"' EXIT

# phase NAME COMMAND...: runs one phase in the foreground and records its time.
phase() {
  local name=$1 began=$SECONDS status=0
  shift
  echo "== $name"
  "$@" || status=$?
  TIMES+=("$(printf '%6d s  %s' $((SECONDS - began)) "$name")")
  echo "-- $name: $((SECONDS - began)) s"
  return "$status"
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

# End-to-end tests in two streams, each against a server of its own (port, data folder,
# database, outbox, rate-limit counters): nothing one stream does can change what the other
# sees. The specs that only read (project `reading` of playwright.config.ts) and then, with
# PostgreSQL, five of them on a server over PostgreSQL; then the specs that change what pages
# show (project `writing`), in file order. Each run keeps its own results and report
# (test-results/<run>, playwright-report/<run>): Playwright empties its output folders when it
# starts.
e2e_run() {
  local run=$1
  shift
  PLAYWRIGHT_HTML_OUTPUT_DIR="playwright-report/$run" npx playwright test --output="test-results/$run" "$@"
}
e2e_reading() {
  local status=0
  E2E_PORT=$E2E_READING_PORT e2e_run reading --project=reading || status=1
  if [ -n "${TEST_DATABASE_URL:-}" ]; then
    echo "== end-to-end reading journeys on PostgreSQL"
    E2E_DATABASE_URL=$(node --import tsx scripts/fresh-database.ts broadsheet_e2e) \
      E2E_PORT=$E2E_PG_PORT e2e_run postgres --project=reading tests/e2e/foundation.spec.ts \
      tests/e2e/site/home.spec.ts tests/e2e/site/article.spec.ts tests/e2e/site/search.spec.ts \
      tests/e2e/site/category-tag.spec.ts || status=1
  fi
  return "$status"
}

# The soak and the several-instances test spend most of their time waiting (10 requests a
# second; restarts, NOTIFY, timers): the reading stream runs beside them at a lower priority
# (nice 10), so that they keep the CPU they ask for and it takes what is left. Alone, the soak
# passes; beside work of equal priority it failed (docs/testing.md).
export E2E_READING_PORT E2E_PG_PORT
export -f e2e_run e2e_reading
started "end-to-end tests that read (beside the next two, nice 10)" nice -n 10 bash -c e2e_reading
reading=$!

# The reduced soak (bench/security/soak.ts; 30 minutes with npm run bench:soak): 3 minutes of
# mixed traffic with no error and the resident memory's growth bounded.
status=0
phase "soak: 3 minutes of mixed traffic" env SOAK_MINUTES=3 npm run --silent bench:soak || status=1

if [ -n "${TEST_DATABASE_URL:-}" ] && [ "$status" -eq 0 ]; then
  phase "several instances on one PostgreSQL and one S3 server" \
    npx vitest run --config tests/multi-instance/vitest.config.ts || status=1
fi
finished "end-to-end tests that read (beside the next two, nice 10)" "$reading" || status=1
[ "$status" -eq 0 ] || exit "$status"

# The specs that write, in two halves side by side (Playwright's shards: whole files, in file
# order within each half), each against a server of its own 40 ports apart, so that one
# half's changes never reach the other's pages. One browser leaves a core idle about a third
# of the time (docs/testing.md).
e2e_writing() {
  local shard=$1
  E2E_PORT=$((E2E_PORT + (shard - 1) * 40)) e2e_run "writing-$shard" --project=writing --shard="$shard/2"
}
export -f e2e_writing
started "end-to-end tests that write, second half" bash -c 'e2e_writing 2'
second_half=$!
phase "end-to-end tests that write, first half" e2e_writing 1 || status=1
finished "end-to-end tests that write, second half" "$second_half" || status=1
[ "$status" -eq 0 ] || exit "$status"

echo "== times"
printf '%s\n' "${TIMES[@]}"
printf '%6d s  in all\n' $((SECONDS - START))
