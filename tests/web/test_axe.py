"""axe-core (tests/web/vendor, see fetch_axe.sh) in chromium at 390×844 finds no serious or
critical accessibility violation on a finished game's page (its board stepped through by
text too) or on a server's page."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.storage.conftest import GUILD
from tests.web.browser import has_chromium, phone_page, severe_violations
from tests.web.conftest import played

pytestmark = pytest.mark.skipif(not has_chromium(), reason="no /usr/bin/chromium")


async def test_a_finished_games_page(repo, client):
    record, code = await played(repo, "axio", humans=2, computers=("hard", "easy"))
    async with phone_page(bypass_csp=True) as page:
        await page.goto(str(client.make_url(f"/g/{code}")))
        await page.wait_for_selector("#board svg")
        cells = await page.locator("#cells li").count()
        assert cells > 0  # the board in words, for a screen reader
        await page.keyboard.press("Home")
        assert await page.locator("#cells li").count() < cells  # it follows the steps
        assert await severe_violations(page) == []
    assert record.status == "finished"


async def test_a_servers_page(repo, client):
    await played(repo, "axio")
    await repo.create_tournament(
        GUILD, 900, 100, kind="rota", format="swiss", table_size=2, rounds=2, seed=3
    )
    code = (await repo.set_web_page(GUILD, True)).code
    async with phone_page(bypass_csp=True) as page:
        await page.goto(str(client.make_url(f"/s/{code}")))
        await page.screenshot(path=str(Path("/tmp/axio-server-page.png")), full_page=True)
        assert await severe_violations(page) == []
