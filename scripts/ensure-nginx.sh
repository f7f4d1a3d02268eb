#!/usr/bin/env bash
# The edge the production check and the serving end-to-end tests run through: Debian's nginx with
# the brotli modules (deploy/nginx/). Installs them when missing and we are root, else says the
# one command to run. The service the package starts is stopped again: the tests run their own.
set -euo pipefail

nginx="${NGINX_PATH:-/usr/sbin/nginx}"
modules=/usr/lib/nginx/modules
if [ -x "$nginx" ] && [ -f "$modules/ngx_http_brotli_filter_module.so" ] && [ -f "$modules/ngx_http_brotli_static_module.so" ]; then
  exit 0
fi

packages="nginx-light libnginx-mod-http-brotli-filter libnginx-mod-http-brotli-static"
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "nginx or its brotli modules not found; installing Debian's $packages…"
  export DEBIAN_FRONTEND=noninteractive
  # Packages must not start services here (exit 101 from policy-rc.d): the tests run their own nginx.
  printf '#!/bin/sh\nexit 101\n' >/usr/sbin/policy-rc.d
  chmod +x /usr/sbin/policy-rc.d
  trap 'rm -f /usr/sbin/policy-rc.d' EXIT
  apt-get update -qq
  # shellcheck disable=SC2086
  apt-get install -y -qq --no-install-recommends $packages >/dev/null
  exit 0
fi

echo "The edge tests need Debian's nginx with the brotli modules at $nginx." >&2
echo "Install them with:  sudo apt-get install -y $packages" >&2
exit 1
