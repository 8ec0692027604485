#!/usr/bin/env bash
# The whole suite: static checks, unit + integration tests (PGlite, and PostgreSQL too when
# TEST_DATABASE_URL is set), then end-to-end tests in Chromium against the production build.
set -euo pipefail
cd "$(dirname "$0")/.."

[ -d node_modules ] || npm install --no-audit --no-fund

if [ ! -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ]; then
  echo "Chromium is missing: install it with 'apt-get install -y chromium' (or set CHROMIUM_PATH)." >&2
  exit 1
fi

echo "== typecheck" && npm run --silent typecheck
echo "== lint" && npm run --silent lint

echo "== unit and integration tests (PGlite)"
env -u TEST_DATABASE_URL npx vitest run

if [ -n "${TEST_DATABASE_URL:-}" ]; then
  # The same suite again, on PostgreSQL and on the current LTS of Node.js (npm's `node`
  # package, a binary in npm's cache: nothing installed on the system), so that both the
  # machine's Node.js and the current one run every unit and integration test.
  echo "== unit and integration tests (PostgreSQL, Node.js ${NODE_LTS:-26} from npm's node package)"
  npx --yes --package="node@${NODE_LTS:-26}" -- node --version
  npx --yes --package="node@${NODE_LTS:-26}" -- node node_modules/vitest/vitest.mjs run
fi

echo "== build" && npm run --silent build

# The reduced soak (bench/security/soak.ts; 30 minutes with npm run bench:soak): 3 minutes of
# mixed traffic with no error and the resident memory's growth bounded.
echo "== soak: 3 minutes of mixed traffic"
SOAK_MINUTES=3 npm run --silent bench:soak

if [ -n "${TEST_DATABASE_URL:-}" ]; then
  echo "== several instances on one PostgreSQL and one S3 server"
  npx vitest run --config tests/multi-instance/vitest.config.ts
fi
echo "== end-to-end tests (Chromium)"
npx playwright test

if [ -n "${TEST_DATABASE_URL:-}" ]; then
  echo "== end-to-end reading journeys on PostgreSQL"
  E2E_DATABASE_URL=$(node --import tsx scripts/fresh-database.ts broadsheet_e2e) \
    E2E_PORT=3110 npx playwright test tests/e2e/foundation.spec.ts tests/e2e/site/home.spec.ts \
    tests/e2e/site/article.spec.ts tests/e2e/site/search.spec.ts tests/e2e/site/category-tag.spec.ts
fi
