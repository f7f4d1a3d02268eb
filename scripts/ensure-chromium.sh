#!/usr/bin/env bash
# End-to-end tests drive Debian's Chromium headless shell; nothing downloads a browser of its own.
# Installs it when missing and we are root, else says the one command to run.
set -euo pipefail

chromium="${CHROMIUM_PATH:-/usr/bin/chromium-headless-shell}"
if [ -x "$chromium" ]; then
  exit 0
fi

if [ -n "${CHROMIUM_PATH:-}" ]; then
  echo "CHROMIUM_PATH names $chromium, which is not an executable." >&2
  exit 1
fi

if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Chromium's headless shell not found at $chromium; installing Debian's chromium-headless-shell package…"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends chromium-headless-shell fonts-liberation >/dev/null
  exit 0
fi

echo "The end-to-end tests need Chromium's headless shell at $chromium (or set CHROMIUM_PATH)." >&2
echo "Install it with:  sudo apt-get install -y chromium-headless-shell" >&2
exit 1
