"""A game page's answers are kept ready (bot/web/kept.py) and never served stale: a move,
a forgotten member or pages turned off are seen at the next request; each reader's
language gets its own; a reader holding the current version is answered 304; readers
asking at once share one read of the game, never one older than their request."""

from __future__ import annotations

import asyncio
import re

from bot.web.kept import NextRead
from bot.web.routes import ANSWERS_KEY
from tests.web.conftest import names, played

FORMER = "a former player"


async def get(client, path: str, language: str = "en", tag: str | None = None):
    headers = {"Accept-Language": language, "Accept-Encoding": "gzip"}
    if tag is not None:
        headers["If-None-Match"] = tag
    return await client.get(path, headers=headers)


def listed_moves(html: str) -> int:
    return len(re.findall(r'<li data-step="\d+">', html))


async def test_a_move_shows_at_the_next_request_though_the_page_was_kept(repo, client):
    record, code = await played(repo, "axio", moves=4)
    first = await get(client, f"/g/{code}")
    again = await get(client, f"/g/{code}")
    assert listed_moves(await again.text()) == 4
    assert again.headers["ETag"] == first.headers["ETag"]  # the kept answer
    assert len(client.app[ANSWERS_KEY]) == 1
    record, _ = await repo.record_move(record.id, 4, str(record.game.legal_moves()[0]))
    after = await get(client, f"/g/{code}")
    data = await (await get(client, f"/g/{code}.json")).json()
    assert listed_moves(await after.text()) == 5 and after.headers["ETag"] != first.headers["ETag"]
    assert data["moveCount"] == 5 and len(data["game"]["steps"]) == 5


async def test_a_forgotten_member_drops_the_games_kept_answers_in_every_language(repo, client):
    _, code = await played(repo, "axio")
    for language in ("en", "de"):
        for path in (f"/g/{code}", f"/g/{code}.json"):
            assert names(await (await get(client, path, language)).text(), "P1")
    assert len(client.app[ANSWERS_KEY]) == 4
    await repo.forget_member(101)
    html = await (await get(client, f"/g/{code}")).text()
    assert not names(html, "P1") and FORMER in html
    assert len(client.app[ANSWERS_KEY]) == 1  # the German ones went with the stale English
    german = await (await get(client, f"/g/{code}.json", "de")).text()
    assert not names(german, "P1") and "ehemaliger" in german.lower()


async def test_pages_turned_off_drop_the_kept_answers(repo, client):
    record, code = await played(repo, "axio", moves=3)
    await get(client, f"/g/{code}")
    await get(client, f"/g/{code}.json", "de")
    assert len(client.app[ANSWERS_KEY]) == 2
    await repo.set_game_pages(record.guild_id, False)
    assert (await get(client, f"/g/{code}")).status == 404
    assert len(client.app[ANSWERS_KEY]) == 0


async def test_a_german_and_an_english_reader_never_get_each_others_page(repo, client):
    _, code = await played(repo, "axio", moves=6)
    seen = {}
    for language in ("en", "de", "en", "de"):
        html_answer = await get(client, f"/g/{code}", language)
        json_answer = await get(client, f"/g/{code}.json", language)
        html, data = await html_answer.text(), await json_answer.json()
        assert f'<html lang="{language}">' in html
        assert html_answer.headers["Content-Language"] == language
        assert json_answer.headers["Content-Language"] == language
        start = data["words"]["start"]
        assert start == {"en": "Start of the game", "de": "Spielbeginn"}[language]
        tags = (html_answer.headers["ETag"], json_answer.headers["ETag"])
        assert seen.setdefault(language, tags) == tags
        assert "Accept-Language" in html_answer.headers["Vary"]
    assert set(seen["en"]).isdisjoint(seen["de"])


async def test_a_reader_holding_the_current_version_is_answered_304(repo, client):
    record, code = await played(repo, "axio", moves=3)
    tags = []
    for path in (f"/g/{code}", f"/g/{code}.json"):
        tags.append((await get(client, path)).headers["ETag"])
        same = await get(client, path, tag=tags[-1])
        assert same.status == 304 and await same.read() == b""
        assert same.headers["ETag"] == tags[-1]
        other_language = await get(client, path, "de", tag=tags[-1])
        assert other_language.status == 200
    record, _ = await repo.record_move(record.id, 3, str(record.game.legal_moves()[0]))
    moved = await get(client, f"/g/{code}", tag=tags[0])
    assert moved.status == 200 and listed_moves(await moved.text()) == 4


async def test_readers_asking_at_once_share_the_next_read_never_an_older_one():
    stored = {"name": "P1"}
    reads: list[str] = []
    first_read_done, release = asyncio.Event(), asyncio.Event()

    async def read(code: str) -> str:
        found = stored["name"]
        reads.append(found)
        if len(reads) == 1:
            first_read_done.set()
            await release.wait()
        return found

    shared = NextRead(read)
    first = asyncio.create_task(shared.get("code"))
    await first_read_done.wait()  # the first request's read has read the name
    stored["name"] = FORMER  # forgotten after it, before the others ask
    later = [asyncio.create_task(shared.get("code")) for _ in range(5)]
    await asyncio.sleep(0)  # one turn of the loop: each of them asks
    assert not any(task.done() for task in later)
    release.set()
    assert await first == "P1"
    assert await asyncio.gather(*later) == [FORMER] * 5
    assert reads == ["P1", FORMER]  # one read for the five
    assert await shared.get("code") == FORMER and len(reads) == 3
