#!/usr/bin/env bash
# The full hostile-text run (docs/security.md, "Hostile text"): every string of the Big List of
# Naughty Strings and every special value through every text field of every form, where CI
# runs every 32nd string. Uses PGlite, or PostgreSQL when TEST_DATABASE_URL is set.
set -euo pipefail
cd "$(dirname "$0")/../.."
HOSTILE_FULL=1 exec npx vitest run tests/integration/hostile-text.test.ts
