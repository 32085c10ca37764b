#!/usr/bin/env bash
# `npm test`: every test, on both databases.
#   1. type-check, lint and format check (biome ci, biome.json), and the OpenAPI document linted
#      (redocly, spectral: scripts/lint-openapi.sh)
#   2. unit + integration tests (vitest) on the embedded database (PGlite), in a shuffled order
#      whose seed is printed (VITEST_SEED=<seed> replays it)
#   3. the same on a throwaway PostgreSQL database (scripts/with-postgres.sh)
#   4. end-to-end tests in Chromium (Playwright) against `npm start`'s server: every spec on the
#      embedded database, then the money paths (E2E_POSTGRES_SPECS) on PostgreSQL (E2E_ALL_DBS=1: every spec on both)
#   (the build comes before step 2: two vitest files run the built server)
# Ends with what failed, by name (vitest's account of each, from its log), then one line "N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/.."
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 NEXT_TELEMETRY_DISABLED=1
out=$(mktemp -d)
status=0
step() { echo; echo "==== $*"; }
# A step that fails is recorded by name: the closing line counts it even when it wrote no report.
failed() { status=1; echo "$1" >> "$out/failed-steps"; }

step "type-check"
npx tsc --noEmit -p . || failed type-check

step "lint and format (biome)"
# Counted as one check in the closing line, like the OpenAPI lint: `npm run format` fixes what it can.
if npx biome ci .; then biome_ok=true; else biome_ok=false; failed lint; fi
echo "{\"numPassedTests\": $([ $biome_ok = true ] && echo 1 || echo 0), \"numFailedTests\": $([ $biome_ok = true ] && echo 0 || echo 1), \"numPendingTests\": 0, \"success\": $biome_ok}" >"$out/biome-lint.json"

step "OpenAPI lint (redocly recommended, spectral:oas)"
# Counted as one check in the closing line (a report of its own), failed or passed.
if bash scripts/lint-openapi.sh; then lint_ok=true; else lint_ok=false; failed "OpenAPI lint"; fi
echo "{\"numPassedTests\": $([ $lint_ok = true ] && echo 1 || echo 0), \"numFailedTests\": $([ $lint_ok = true ] && echo 0 || echo 1), \"numPendingTests\": 0, \"success\": $lint_ok}" >"$out/openapi-lint.json"

# Built before vitest: test/security-server.test.ts and test/server-start.test.ts run `npm start`'s
# server (dist/server.mjs on Next's build); the e2e tests serve the same build.
step "build (npm start's server: vitest's test/security-server.test.ts and test/server-start.test.ts, and the end-to-end tests)"
npm run build >"$out/build.log" 2>&1 || { cat "$out/build.log"; failed "build"; }

# Shuffled (files and the tests in each), with a new seed each run: a test that counts on another
# having run first fails here. The seed is printed; replay a failure with
#   VITEST_SEED=<seed> npm test   or   npx vitest run --sequence.shuffle --sequence.seed=<seed>
seed=${VITEST_SEED:-$(( (RANDOM << 15 | RANDOM) % 1000000 + 1 ))}
step "vitest: embedded database (PGlite), shuffled with seed $seed"
env -u DATABASE_URL npx vitest run --sequence.shuffle --sequence.seed="$seed" --reporter=default --reporter=json --outputFile.json="$out/vitest-pglite.json" 2>&1 | tee "$out/vitest-pglite.log" \
  || { failed "vitest (PGlite, shuffle seed $seed)"; echo "replay: npx vitest run --sequence.shuffle --sequence.seed=$seed"; }

step "vitest: PostgreSQL"
bash scripts/with-postgres.sh npx vitest run --reporter=default --reporter=json --outputFile.json="$out/vitest-postgres.json" 2>&1 | tee "$out/vitest-postgres.log" || failed "vitest (PostgreSQL)"

if ls e2e/*.spec.ts >/dev/null 2>&1; then
  bash scripts/ensure-chromium.sh || failed chromium
  step "e2e: Playwright, embedded database"
  env -u DATABASE_URL PW_JSON="$out/e2e-pglite.json" npx playwright test || failed "e2e (PGlite)"
  # On PostgreSQL, the specs where money moves and people act on it: a payment from the hosted page
  # to success, a refund from the dashboard, the team's approval of one, the day's books. The rest
  # (the pages' looks, docs, accessibility) does not depend on the database, whose every query the
  # vitest step above has already run on PostgreSQL; every spec on both takes CI past its 30 minutes.
  E2E_POSTGRES_SPECS=(e2e/checkout-mobile-money.spec.ts e2e/dashboard-refunds.spec.ts e2e/access.spec.ts e2e/dashboard-books.spec.ts)
  [ "${E2E_ALL_DBS:-0}" = 1 ] && E2E_POSTGRES_SPECS=()
  step "e2e: Playwright, PostgreSQL (${E2E_POSTGRES_SPECS[*]:-every spec})"
  PW_JSON="$out/e2e-postgres.json" bash scripts/with-postgres.sh npx playwright test "${E2E_POSTGRES_SPECS[@]}" || failed "e2e (PostgreSQL)"
fi

node scripts/test-summary.mjs "$out" || status=1
rm -rf "$out"
exit $status
