#!/usr/bin/env bash
# Makes sure Debian's Chromium is installed: `chromium` for the benchmarks and
# `chromium-headless-shell` (the same build without the desktop shell) for the Playwright tests
# (decision 0060). Never a downloaded browser.
set -euo pipefail
CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
SHELL_PATH=/usr/bin/chromium-headless-shell
missing=()
[ -x "$CHROMIUM" ] || missing+=(chromium)
# With CHROMIUM_PATH set, the tests run in that browser and need no shell.
[ -n "${CHROMIUM_PATH:-}" ] || [ -x "$SHELL_PATH" ] || missing+=(chromium-headless-shell)
if [ ${#missing[@]} -eq 0 ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Debian's ${missing[*]}..."
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq || true
  # A failed install (say, a mirror without the shell) falls through to the checks below.
  apt-get install -y -qq "${missing[@]}" >/dev/null || true
  [ -x "$CHROMIUM" ] && { [ -n "${CHROMIUM_PATH:-}" ] || [ -x "$SHELL_PATH" ]; } && exit 0
fi
if [ -x "$CHROMIUM" ]; then
  echo "chromium-headless-shell is missing: the browser tests run in $CHROMIUM, more slowly (sudo apt-get install -y chromium-headless-shell)." >&2
  exit 0
fi
echo "Chromium is missing: run 'sudo apt-get install -y chromium chromium-headless-shell' (or set CHROMIUM_PATH), then npm test again." >&2
exit 1
