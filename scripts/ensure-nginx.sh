#!/usr/bin/env bash
# Makes sure Debian's nginx is installed for the nginx test (two server processes behind it).
set -euo pipefail
NGINX="${NGINX_PATH:-/usr/sbin/nginx}"
if [ -x "$NGINX" ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "nginx not found at $NGINX: installing Debian's nginx package..."
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq nginx >/dev/null
  [ -x "$NGINX" ] && exit 0
fi
echo "nginx is missing: run 'sudo apt-get install -y nginx' (or set NGINX_PATH), then npm test again." >&2
exit 1
