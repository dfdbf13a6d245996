#!/usr/bin/env bash
# Installs Debian's chromium for the webpack route's browser test (test/integration/routes), when
# /usr/bin/chromium is missing. Needs root (CI runs as root) and the Debian package mirror.
# Prints the browser's path and exits 0 when a browser is there; exits non-zero when it could not
# install one. Safe to run again: it does nothing when the browser is already installed.
set -euo pipefail
BROWSER=${CHROMIUM_PATH:-/usr/bin/chromium}
if [ -x "$BROWSER" ]; then
  echo "$BROWSER"
  exit 0
fi
if [ "$(id -u)" != "0" ]; then
  echo "setup-chromium: $BROWSER is missing and installing it needs root (apt-get install -y chromium)" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq >&2
apt-get install -y -qq --no-install-recommends chromium >&2
if [ ! -x "$BROWSER" ]; then
  echo "setup-chromium: apt-get installed chromium but $BROWSER is not there" >&2
  exit 1
fi
echo "$BROWSER"
