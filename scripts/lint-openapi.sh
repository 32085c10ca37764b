#!/usr/bin/env bash
# Lints the OpenAPI document as GET /v1/openapi.json serves it (lib/api/openapi.ts, BASE_URL
# http://localhost:3000) with two linters nobody here wrote:
#   - @redocly/cli lint, the recommended ruleset (redocly.yaml)
#   - @stoplight/spectral-cli lint, the spectral:oas ruleset (.spectral.yaml)
# Fails (exit 1) on any error or warning; the rules turned off are justified in those two files.
# Offline: no telemetry, no update check, no remote ruleset.
set -uo pipefail
cd "$(dirname "$0")/.."
export REDOCLY_TELEMETRY=off REDOCLY_SUPPRESS_UPDATE_NOTICE=true NO_UPDATE_NOTIFIER=1
bin=node_modules/.bin
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
doc="$tmp/openapi.json"

OPENAPI_OUT="$doc" BASE_URL="${BASE_URL:-http://localhost:3000}" "$bin/tsx" -e '
  import("./lib/api/openapi.ts").then(({ openApiDocument }) => {
    require("node:fs").writeFileSync(process.env.OPENAPI_OUT, JSON.stringify(openApiDocument(process.env.BASE_URL), null, 2));
  });
' || { echo "lint-openapi: could not generate the document" >&2; exit 1; }
[ -s "$doc" ] || { echo "lint-openapi: the document is empty" >&2; exit 1; }
echo "OpenAPI document: $(wc -c <"$doc") bytes (pretty-printed), $(node -e 'const d=require(process.argv[1]);let n=0;for(const p of Object.values(d.paths))n+=Object.keys(p).length;console.log(n)' "$doc") operations"

status=0

# redocly: exit status only reflects errors, so the counts come from its JSON report.
"$bin/redocly" lint "$doc" --config redocly.yaml --format=json >"$tmp/redocly.json" 2>"$tmp/redocly.log"
redocly_rc=$?
read -r r_err r_warn < <(node -e 'try{const t=require(process.argv[1]).totals;console.log(t.errors,t.warnings)}catch{console.log("? ?")}' "$tmp/redocly.json")
echo "redocly lint (recommended): $r_err errors, $r_warn warnings"
if [ "$redocly_rc" -ne 0 ] || [ "$r_err" != 0 ] || [ "$r_warn" != 0 ]; then
  status=1
  "$bin/redocly" lint "$doc" --config redocly.yaml --format=codeframe 2>&1 | grep -v -e '^\s*$' -e '║' -e '╔' -e '╚' || true
fi

# spectral: warnings fail too (--fail-severity=warn); infos and hints are printed, not failed on.
"$bin/spectral" lint "$doc" --ruleset .spectral.yaml --fail-severity=warn --format=stylish --format=json --output.json="$tmp/spectral.json" >"$tmp/spectral.log" 2>&1
spectral_rc=$?
read -r s_err s_warn s_other < <(node -e 'try{const r=require(process.argv[1]);const n=(s)=>r.filter((x)=>x.severity===s).length;console.log(n(0),n(1),n(2)+n(3))}catch{console.log("? ? ?")}' "$tmp/spectral.json")
echo "spectral lint (spectral:oas): $s_err errors, $s_warn warnings, $s_other infos/hints"
if [ "$spectral_rc" -ne 0 ] || [ "$s_err" != 0 ] || [ "$s_warn" != 0 ] || [ "$s_other" != 0 ]; then
  [ "$spectral_rc" -ne 0 ] && status=1
  [ "$s_err" != 0 ] || [ "$s_warn" != 0 ] && status=1
  cat "$tmp/spectral.log"
fi

[ "$status" -eq 0 ] && echo "OpenAPI lint: clean" || echo "OpenAPI lint: FAILED" >&2
exit $status
