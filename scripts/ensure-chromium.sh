#!/usr/bin/env bash
# End-to-end tests drive Debian's Chromium; nothing downloads a browser of its own.
# Installs it when missing and we are root, else says the one command to run.
set -euo pipefail

chromium="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$chromium" ]; then
  exit 0
fi

if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Chromium not found at $chromium; installing Debian's chromium package…"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends chromium fonts-liberation >/dev/null
  exit 0
fi

echo "The end-to-end tests need Chromium at $chromium (or set CHROMIUM_PATH)." >&2
echo "Install it with:  sudo apt-get install -y chromium" >&2
exit 1
