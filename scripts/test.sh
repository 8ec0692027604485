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
  echo "== integration tests (PostgreSQL)"
  npx vitest run
fi

echo "== build" && npm run --silent build
echo "== end-to-end tests (Chromium)"
npx playwright test

if [ -n "${TEST_DATABASE_URL:-}" ]; then
  echo "== end-to-end reading journeys on PostgreSQL"
  E2E_DATABASE_URL=$(node --import tsx scripts/fresh-database.ts broadsheet_e2e) \
    E2E_PORT=3110 npx playwright test tests/e2e/foundation.spec.ts tests/e2e/site/home.spec.ts \
    tests/e2e/site/article.spec.ts tests/e2e/site/search.spec.ts tests/e2e/site/category-tag.spec.ts
fi
