#!/usr/bin/env bash
# `npm test`: every test, on both databases.
#   1. type-check
#   2. unit + integration tests (vitest) on the embedded database (PGlite)
#   3. the same on a throwaway PostgreSQL database (scripts/with-postgres.sh)
#   4. end-to-end tests in Chromium (Playwright) against `next start`, on both databases
# Ends with one line "N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/.."
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
out=$(mktemp -d)
status=0
step() { echo; echo "==== $*"; }

step "type-check"
npx tsc --noEmit -p . || status=1

step "vitest: embedded database (PGlite)"
env -u DATABASE_URL npx vitest run --reporter=default --reporter=json --outputFile.json="$out/vitest-pglite.json" || status=1

step "vitest: PostgreSQL"
bash scripts/with-postgres.sh npx vitest run --reporter=default --reporter=json --outputFile.json="$out/vitest-postgres.json" || status=1

if ls e2e/*.spec.ts >/dev/null 2>&1; then
  bash scripts/ensure-chromium.sh || status=1
  step "build for the end-to-end tests"
  npx next build >"$out/build.log" 2>&1 || { cat "$out/build.log"; status=1; }
  step "e2e: Playwright, embedded database"
  env -u DATABASE_URL PW_JSON="$out/e2e-pglite.json" npx playwright test || status=1
  step "e2e: Playwright, PostgreSQL"
  PW_JSON="$out/e2e-postgres.json" bash scripts/with-postgres.sh npx playwright test || status=1
fi

node scripts/test-summary.mjs "$out" || status=1
rm -rf "$out"
exit $status
