#!/usr/bin/env bash
# The end-to-end tests drive Debian's Chromium (Playwright's own browser download does not work
# here). Install it when missing and we are root; otherwise say what to do.
set -euo pipefail
CHROMIUM=${CHROMIUM_PATH:-/usr/bin/chromium}
if [ -x "$CHROMIUM" ]; then exit 0; fi
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "ensure-chromium: installing Debian's chromium" >&2
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  exit 0
fi
echo "ensure-chromium: $CHROMIUM not found; install it (sudo apt-get install -y chromium) or set CHROMIUM_PATH" >&2
exit 1
