"""A server's own page over HTTP (`/s/<code>`): 404 until its managers turn it on, then
its leaderboards, recent games linking to their pages, yesterday's daily table and its
tournaments' standings; off again (or a former player) at once."""

from __future__ import annotations

import re
from datetime import timedelta

from engine.daily import day_start
from tests.storage.conftest import GUILD, play_random
from tests.web.conftest import names, played

FORMER = "a former player"


async def server_code(repo) -> str:
    return (await repo.set_web_page(GUILD, True)).code


async def test_no_page_until_it_is_turned_on(repo, client):
    await played(repo, "axio")
    page = await repo.web_page(GUILD)
    assert not page.server_page and page.code is None
    code = (await repo.set_web_page(GUILD, True)).code
    await repo.set_web_page(GUILD, False)
    assert (await client.get(f"/s/{code}")).status == 404
    for path in ("/s/AAAAAAAAAAAAAAAAAAAA", "/s/short", "/s/%00<x>"):
        assert (await client.get(path)).status == 404


async def test_the_leaderboards_recent_games_and_tournaments(repo, client, clock):
    record, game_code = await played(repo, "axio")
    t = await repo.create_tournament(
        GUILD, 900, 100, kind="rota", format="swiss", table_size=2, rounds=2, seed=3
    )
    await repo.join_tournament(t.id, 100, "Ann <b>")
    code = await server_code(repo)
    response = await client.get(f"/s/{code}")
    html = await response.text()
    assert response.status == 200 and response.headers["Cache-Control"] == "no-store"
    assert "<caption>AXIO, all time</caption>" in html
    rows = re.findall(r'<tr><th scope="row"><span class="place">(\d+)</span> ([^<]*)</th>', html)
    assert ("1", "P0") in rows or ("1", "P1") in rows
    assert f'<a href="/g/{game_code}">#{record.id} AXIO</a>' in html
    assert f'<table class="list" id="t{t.id}">' in html and "Ann &lt;b&gt;" in html
    assert "Nobody here finished yesterday&#39;s daily challenge." in html


async def test_yesterdays_daily_table_links_to_its_games(repo, client, clock):
    clock.now = day_start(10) + timedelta(hours=12)
    _, record = await repo.play_daily("rota", GUILD, 501, "Dot")
    record = await play_random(repo, record, seed=4)
    code = await server_code(repo)
    today = await (await client.get(f"/s/{code}")).text()
    assert not names(today, "Dot")  # the day is not over: its table would be its answer
    clock.now = day_start(11) + timedelta(hours=1)
    html = await (await client.get(f"/s/{code}")).text()
    game = await repo.game_code(record.id)
    assert f'<span class="place">1</span> <a href="/g/{game}">Dot</a></th>' in html


async def test_off_turns_the_server_page_and_its_game_pages_off(repo, client):
    _, game_code = await played(repo, "axio", moves=3)
    code = await server_code(repo)
    assert (await client.get(f"/s/{code}")).status == 200
    await repo.set_web_page(GUILD, False)
    for path in (f"/s/{code}", f"/g/{game_code}", f"/g/{game_code}.json"):
        assert (await client.get(path)).status == 404


async def test_a_forgotten_member_is_a_former_player_at_once(repo, client):
    await played(repo, "axio")
    code = await server_code(repo)
    assert names(await (await client.get(f"/s/{code}")).text(), "P1")
    await repo.forget_member(101)
    html = await (await client.get(f"/s/{code}")).text()
    assert not names(html, "P1") and FORMER in html


async def test_a_german_reader_gets_it_in_german(repo, client):
    await played(repo, "axio")
    code = await server_code(repo)
    response = await client.get(f"/s/{code}", headers={"Accept-Language": "de-DE,de;q=0.9"})
    html = await response.text()
    assert '<html lang="de">' in html and response.headers["Content-Language"] == "de"
    assert "Ranglisten" in html
