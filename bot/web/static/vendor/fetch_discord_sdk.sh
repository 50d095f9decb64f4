#!/usr/bin/env bash
# Vendors Discord's Embedded App SDK (the Activity's bridge to the Discord client, see
# bot/web/static/activity_discord.js): the ES modules npm publishes (output/*.mjs, the libraries it
# bundles included) joined into one ES module by esbuild, so that a phone loads one file
# through Discord's proxy instead of seventy; and its licence. Both versions pinned; run
# again after changing one and commit bot/web/static/vendor/. The bot serves the file as it
# is: nothing is built by whoever installs it.
set -euo pipefail
SDK_VERSION=2.5.0
ESBUILD_VERSION=0.24.2
cd "$(dirname "$0")"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
(cd "$work" && npm pack --silent "@discord/embedded-app-sdk@$SDK_VERSION" >/dev/null \
  && tar -xzf discord-embedded-app-sdk-*.tgz \
  && npm install --silent --no-audit --no-fund --no-save "esbuild@$ESBUILD_VERSION" >/dev/null \
  && ./node_modules/.bin/esbuild package/output/index.mjs --bundle --format=esm --minify \
       --legal-comments=eof --log-level=warning --outfile=discord_sdk.mjs)
cp "$work/discord_sdk.mjs" discord_sdk.mjs
cp "$work/package/LICENSE.md" discord_sdk-LICENSE.md
cat > discord_sdk-NOTICE.txt <<NOTICE
discord_sdk.mjs is @discord/embedded-app-sdk $SDK_VERSION (MIT, discord_sdk-LICENSE.md), its
output/*.mjs joined by esbuild $ESBUILD_VERSION. The SDK's package bundles, and so this file
holds: zod (MIT), uuid (MIT), eventemitter3 (MIT), lodash.transform (MIT), decimal.js-light
(MIT), big-integer (Unlicense) and tslib (0BSD).
NOTICE
echo "$SDK_VERSION" > discord_sdk-VERSION.txt
echo "@discord/embedded-app-sdk $SDK_VERSION in bot/web/static/vendor/discord_sdk.mjs"
