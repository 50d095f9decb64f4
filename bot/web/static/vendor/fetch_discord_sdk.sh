#!/usr/bin/env bash
# Vendors Discord's Embedded App SDK (the Activity's bridge to the Discord client, see
# bot/web/static/activity.js) as npm publishes it: its built ES modules (output/**/*.mjs, the
# libraries it bundles under output/lib included) and its licence. Pinned to one exact
# version; run again after changing SDK_VERSION and commit bot/web/static/vendor/. The bot
# serves these files as they are: no build step for whoever installs it.
set -euo pipefail
SDK_VERSION=2.5.0
cd "$(dirname "$0")"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
(cd "$work" && npm pack --silent "@discord/embedded-app-sdk@$SDK_VERSION" >/dev/null && tar -xzf discord-embedded-app-sdk-*.tgz)
rm -rf discord_sdk
mkdir -p discord_sdk
(cd "$work/package/output" && find . -name '*.mjs' -print0 | xargs -0 -I{} cp --parents {} "$OLDPWD/discord_sdk/")
cp "$work/package/LICENSE.md" discord_sdk/LICENSE.md
echo "$SDK_VERSION" > discord_sdk/VERSION.txt
echo "@discord/embedded-app-sdk $SDK_VERSION in bot/web/static/vendor/discord_sdk/"
