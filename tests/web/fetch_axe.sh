#!/usr/bin/env bash
# Vendors axe-core (the accessibility checker tests/web/test_axe.py runs in chromium) for
# the tests only: never served, never shipped. Pinned to one exact version; run again after
# changing AXE_VERSION, and commit tests/web/vendor/ (axe.min.js and its licence, MPL-2.0).
set -euo pipefail
AXE_VERSION=4.14.1
cd "$(dirname "$0")"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
(cd "$work" && npm pack --silent "axe-core@$AXE_VERSION" >/dev/null && tar -xzf axe-core-*.tgz)
mkdir -p vendor
cp "$work/package/axe.min.js" vendor/axe.min.js
cp "$work/package/LICENSE" vendor/axe-LICENSE.txt
echo "$AXE_VERSION" > vendor/axe-VERSION.txt
echo "axe-core $AXE_VERSION in tests/web/vendor/"
