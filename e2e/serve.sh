#!/usr/bin/env bash
# The e2e server: a fresh database (a new embedded one under .data-e2e/, or the DATABASE_URL the
# caller gives), a merchant made with the CLI (keys in .data-e2e/keys.json for the tests), then
# `npm start`'s server (dist/server.mjs, built from server.ts) on E2E_PORT. The in-process worker runs as in production.
set -euo pipefail
cd "$(dirname "$0")/.."
PORT=${E2E_PORT:-3210}
export BASE_URL="http://127.0.0.1:$PORT" LOG_LEVEL=${LOG_LEVEL:-warn}
rm -rf .data-e2e && mkdir -p .data-e2e
export DATA_DIR="$PWD/.data-e2e/db"
# Rail accounts' secrets are sealed under a key (lib/secrets.ts): PostgreSQL has no default one, so
# the run makes its own (the embedded database would keep one in its data folder).
export CAISSE_ENCRYPTION_KEY=${CAISSE_ENCRYPTION_KEY:-e2e:$(node -e 'process.stdout.write(require("crypto").randomBytes(32).toString("base64"))')}
npx tsx scripts/caisse.ts merchants create --name "Boutique Awa" > .data-e2e/keys.json
# A dashboard user of that merchant (the embedded database is held by the server once it runs).
MERCHANT=$(node -e 'console.log(JSON.parse(require("fs").readFileSync(".data-e2e/keys.json","utf8")).merchant.id)')
npx tsx scripts/caisse.ts users create --merchant "$MERCHANT" --email owner@boutique-awa.test > .data-e2e/user.json
export PORT HOSTNAME=127.0.0.1
# One confirmation keeps the simulated chain of the specs short (the default is 2).
export BTC_CONFIRMATIONS=${BTC_CONFIRMATIONS:-1}
exec node dist/server.mjs
