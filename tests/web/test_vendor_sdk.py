"""The Discord SDK the Activity imports (bot/web/static/vendor/discord_sdk.mjs, see
fetch_discord_sdk.sh) is one self-contained ES module of the pinned version, with its
licence and notice, and the web server serves it as JavaScript."""

from __future__ import annotations

import re

from bot.web.app import STATIC

VENDOR = STATIC / "vendor"
SDK = VENDOR / "discord_sdk.mjs"


def test_the_sdk_is_one_module_needing_no_other():
    text = SDK.read_text()
    assert not re.search(r"""(?:^|[;}\s])import\s*[\w{*'"]""", text)  # nothing else to load
    exported = re.search(r"export\{([^}]*)\};?\s*(?:/\*|$)", text).group(1)
    names = {part.split(" as ")[-1].strip() for part in exported.split(",")}
    assert {"DiscordSDK", "DiscordSDKMock"} <= names


def test_the_pinned_version_and_its_licence():
    script = (VENDOR / "fetch_discord_sdk.sh").read_text()
    pinned = re.search(r"^SDK_VERSION=(\S+)$", script, re.M).group(1)
    assert (VENDOR / "discord_sdk-VERSION.txt").read_text().strip() == pinned
    assert "MIT License" in (VENDOR / "discord_sdk-LICENSE.md").read_text()
    assert pinned in (VENDOR / "discord_sdk-NOTICE.txt").read_text()


async def test_the_sdk_is_served_as_javascript(client):
    response = await client.get("/static/vendor/discord_sdk.mjs")
    assert response.status == 200
    assert response.content_type == "text/javascript"
    assert "DiscordSDKMock" in await response.text()
    assert (await client.get("/static/vendor/..%2Factivity.js")).status == 404  # names only
