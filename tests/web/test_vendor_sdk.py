"""The Discord SDK the Activity imports (bot/web/static/vendor/discord_sdk, see its
fetch_discord_sdk.sh) is whole: every module one of its modules imports is there, it is
the pinned version with its licence, and the web server serves its modules as JavaScript."""

from __future__ import annotations

import re

from bot.web.app import STATIC

SDK = STATIC / "vendor" / "discord_sdk"
IMPORT = re.compile(r"""(?:from|import)\s*['"](\.{1,2}/[^'"]+)['"]""")


def test_every_module_the_sdk_imports_is_vendored():
    modules = sorted(SDK.rglob("*.mjs"))
    assert len(modules) > 50
    missing = [
        f"{module.relative_to(SDK)} → {target}"
        for module in modules
        for target in IMPORT.findall(module.read_text())
        if not (module.parent / target).resolve().is_file()
    ]
    assert missing == []
    assert "DiscordSDKMock" in (SDK / "index.mjs").read_text()


def test_the_pinned_version_and_its_licence():
    script = (STATIC / "vendor" / "fetch_discord_sdk.sh").read_text()
    pinned = re.search(r"^SDK_VERSION=(\S+)$", script, re.M).group(1)
    assert (SDK / "VERSION.txt").read_text().strip() == pinned
    assert "MIT License" in (SDK / "LICENSE.md").read_text()


async def test_the_sdk_modules_are_served_as_javascript(client):
    response = await client.get("/static/vendor/discord_sdk/index.mjs")
    assert response.status == 200
    assert response.content_type == "text/javascript"
    assert "DiscordSDK" in await response.text()
    assert (await client.get("/static/vendor/discord_sdk/../activity.js")).status == 404
