"""Every legal move is a few taps away on the Activity's board (chromium at 390×844): each
legal move of an AXIO and a Rota position (the first, and one twenty moves on), chosen
from a fresh choice by tapping, gives exactly that move, AXIO in at most 3 taps and Rota in
at most 4, Confirm included; the hardest is reported as `taps_axio_max` and
`taps_rota_max` (also written to $ACTIVITY_TAPS_JSON when set, for bench_activity).

The page runs against tests/web/activity_page_alone.py (the real page and SDK, the protocol
from an engine game), since this measures the page's choosing alone; whole games through
the bot are test_activity_browser.py's."""

from __future__ import annotations

import json
import os
import random
from pathlib import Path

import pytest
from aiohttp import web

from tests.web.activity_page_alone import Harness
from tests.web.activity_taps import boxes, most_taps, position_name
from tests.web.browser import has_chromium, phone_page

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not has_chromium(), reason="no /usr/bin/chromium"),
]
LIMITS = {"axio": 3, "rota": 4}
FOUND: dict[str, int] = {}


async def served(harness: Harness) -> tuple[web.AppRunner, int]:
    runner = web.AppRunner(harness.app(), access_log=None)
    await runner.setup()
    await web.TCPSite(runner, "127.0.0.1", 0).start()
    return runner, runner.addresses[0][1]


async def tap_where_no_move_goes(page, kind: str, harness: Harness) -> None:
    """A touched cell no legal move uses says why, in words, and chooses nothing."""
    if kind == "axio":
        taken, why = "G7", "G7 is a printed colour space: never covered."
    else:
        x, y, _corners = harness.public()["tiles"][0]
        taken = position_name(x, y)
        why = f"A tile already lies at {taken}."
    box = (await boxes(page, "data-cell" if kind == "axio" else "data-position"))[taken]
    await page.mouse.click(box[0] + box[2] / 2, box[1] + box[3] / 2)
    assert await page.locator("#status").text_content() == why
    assert await page.locator("#confirm").is_disabled()


@pytest.mark.parametrize("kind", ["axio", "rota"])
async def test_every_legal_move_is_a_few_taps_away(kind):
    harness = Harness(kind, {"101": "Ann", "202": "Ben"}, seed=11)
    runner, port = await served(harness)
    rng = random.Random(5)
    most = 0
    try:
        async with phone_page() as page:
            errors: list[str] = []
            page.on("pageerror", lambda error: errors.append(str(error)))
            for position in range(2):
                if position:  # twenty moves on, the next player to move looks
                    while harness.game.move_count < 20:
                        harness.play(str(rng.choice(harness.game.legal_moves())))
                user = harness.users[harness.game.to_move]
                query = f"mock_user={user}&guild_id=1&channel_id=2&instance_id=i-{position}"
                await page.goto(f"http://127.0.0.1:{port}/activity?{query}")
                await page.wait_for_selector("#confirm:not([hidden])")
                moves = [str(m) for m in harness.game.legal_moves()]
                assert len(moves) > 20
                most = max(most, await most_taps(page, kind, moves))
            await tap_where_no_move_goes(page, kind, harness)
            assert errors == []
    finally:
        await runner.cleanup()
    FOUND[f"taps_{kind}_max"] = most
    print(f"taps_{kind}_max = {most}")
    assert 2 <= most <= LIMITS[kind]
    if os.environ.get("ACTIVITY_TAPS_JSON"):
        target = Path(os.environ["ACTIVITY_TAPS_JSON"])
        known = json.loads(target.read_text()) if target.exists() else {}
        target.write_text(json.dumps({**known, **FOUND}))
