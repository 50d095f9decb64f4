"""The game page over HTTP (aiohttp's test server): what it shows, in whose language, and
what it refuses."""

from __future__ import annotations

import random
import re
from datetime import timedelta

import pytest

from bot.web.app import LIMIT
from bot.web.guard import SHARED
from engine import game_class
from engine.ai.review import GameReview, MoveReview, PlayerReview
from engine.daily import day_start
from tests.storage.conftest import GUILD
from tests.web.conftest import client_for, names, played

FORMER = "a former player"


async def steps_of(client, code: str, language: str = "en") -> dict:
    response = await client.get(f"/g/{code}.json", headers={"Accept-Language": language})
    assert response.status == 200
    return await response.json()


@pytest.mark.parametrize("kind", ["axio", "rota"])
async def test_every_step_holds_the_engines_scores_and_whose_turn(repo, client, kind):
    record, code = await played(repo, kind)
    data = await steps_of(client, code)
    game = game_class(kind)(record.game.players, record.seed)
    assert data["game"]["start"]["scores"] == [list(game.scores(s)) for s in range(game.players)]
    assert len(data["game"]["steps"]) == record.move_count
    for step, entry in zip(data["game"]["steps"], record.game.log, strict=True):
        result = game.play(entry.move)
        assert step["move"]["text"] == entry.move and step["move"]["seat"] == entry.seat
        assert step["move"]["points"] == list(result.points)
        assert step["scores"] == [list(game.scores(s)) for s in range(game.players)]
        assert step["toMove"] == (None if game.is_over else game.to_move)
    assert data["status"] == "finished" and data["moveCount"] == record.move_count


async def test_the_html_names_the_players_scores_and_every_move_with_its_points(repo, client):
    record, code = await played(repo, "axio")
    response = await client.get(f"/g/{code}")
    html = await response.text()
    assert response.status == 200 and response.content_type == "text/html"
    assert "<title>AXIO: P0, P1, Bot A (hard), Bot B (easy)</title>" in html
    moves = re.findall(r'<li data-step="(\d+)">([^<]*)</li>', html)
    assert [int(n) for n, _ in moves] == list(range(1, record.move_count + 1))
    final = record.game.scores(0)
    row = re.search(r'<tr class="seat-0"><th scope="row">P0</th>(.*?)</tr>', html).group(1)
    assert re.findall(r"<td>(\d+)</td>", row) == [str(s) for s in final]
    assert 'src="/static/game.js"' in html and "<script>" not in html and "style=" not in html


async def test_security_headers_on_pages_and_errors(client, repo):
    _, code = await played(repo, "axio", moves=3)
    for path in (f"/g/{code}", f"/g/{code}.json", "/g/nothing-here-at-all", "/static/board.js"):
        response = await client.get(path)
        csp = response.headers["Content-Security-Policy"]
        assert "unsafe-inline" not in csp and "script-src 'self'" in csp
        assert response.headers["X-Content-Type-Options"] == "nosniff"
        assert response.headers["Referrer-Policy"] == "no-referrer"


async def test_a_german_reader_gets_the_page_in_german(repo, client):
    _, code = await played(repo, "axio", moves=4)
    response = await client.get(f"/g/{code}", headers={"Accept-Language": "de-AT,de;q=0.9"})
    html = await response.text()
    assert '<html lang="de">' in html and "Punkte" in html and "Züge" in html
    data = await steps_of(client, code, "fr-FR, de;q=0.5, en;q=0.3")
    assert data["words"]["colours"]["r"] == "rot"
    english = await client.get(f"/g/{code}", headers={"Accept-Language": "fr, en;q=0.8"})
    assert '<html lang="en">' in await english.text()


async def test_names_are_escaped(repo, client):
    record, code = await played(repo, "axio", moves=2)
    async with repo._write() as conn:
        await conn.execute(
            "UPDATE seats SET name = ? WHERE game_id = ? AND seat = 0",
            ('<script>alert("x")</script>&', record.id),
        )
    html = await (await client.get(f"/g/{code}")).text()
    assert "<script>alert" not in html
    assert "&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt;&amp;" in html


async def test_a_forgotten_member_is_a_former_player_at_once(repo, client):
    _, code = await played(repo, "axio", moves=4)
    assert names(await (await client.get(f"/g/{code}")).text(), "P1")  # the page is cached now
    await repo.forget_member(101)
    html = await (await client.get(f"/g/{code}")).text()
    data = await steps_of(client, code)
    assert not names(html, "P1") and FORMER in html
    assert [seat["name"] for seat in data["seats"]][1] == FORMER


async def test_pages_turned_off_answer_404(repo, client):
    record, code = await played(repo, "axio", moves=2)
    await repo.set_game_pages(record.guild_id, False)
    for path in (f"/g/{code}", f"/g/{code}.json", f"/g/{code}/events"):
        response = await client.get(path)
        assert response.status == 404
        assert "Page not found" in await response.text()


@pytest.mark.parametrize(
    "path",
    [
        "/g/",
        "/g/short",
        "/g/AAAAAAAAAAAAAAAAAAAA",
        "/g/AAAAAAAAAAAAAAAAAAAA.json",
        "/g/" + "A" * 200,
        "/g/%00%ff<script>",
        "/g/../../etc/passwd",
        "/static/../pyproject.toml",
        "/nothing",
    ],
)
async def test_unknown_and_malformed_addresses_are_a_plain_404(client, path):
    response = await client.get(path, headers={"Accept-Language": "de"})
    text = await response.text()
    assert response.status == 404, text
    assert "Seite nicht gefunden" in text and "Traceback" not in text


async def test_oversized_requests_are_a_plain_400(client, repo):
    _, code = await played(repo, "axio", moves=2)
    response = await client.get(f"/g/{code}?" + "x" * 5000)
    assert response.status == 400 and "Bad request" in await response.text()
    many = {f"X-Filler-{i}": "y" * 300 for i in range(80)}
    response = await client.get(f"/g/{code}", headers=many)
    assert response.status == 400
    response = await client.post(f"/g/{code}", data=b"hello")
    assert response.status == 405 and "Traceback" not in await response.text()


async def test_the_rate_limit_answers_429_then_lets_the_reader_back(repo, clock):
    now = [0.0]
    client = await client_for(repo, clock, rate=1.0, burst=3.0)
    try:
        client.app[LIMIT].clock = lambda: now[0]
        answers = [(await client.get("/g/AAAAAAAAAAAAAAAAAAAA")).status for _ in range(4)]
        assert answers == [404, 404, 404, 429]
        now[0] += 1.0
        assert (await client.get("/g/AAAAAAAAAAAAAAAAAAAA")).status == 404
    finally:
        await client.close()


async def test_activity_instances_and_static_files_have_buckets_of_their_own(repo, clock):
    """Every member's Activity comes through Discord's proxy, from one address: each
    instance is counted apart, and so are the static files, while the address as a whole
    stays bounded (SHARED times the room), however many instances it names."""
    now = [0.0]
    client = await client_for(repo, clock, rate=1.0, burst=3.0)
    try:
        client.app[LIMIT].clock = lambda: now[0]

        async def statuses(path: str, times: int) -> list[int]:
            return [(await client.get(path)).status for _ in range(times)]

        assert await statuses("/g/AAAAAAAAAAAAAAAAAAAA", 4) == [404, 404, 404, 429]
        assert await statuses("/static/page.css", 4) == [200, 200, 200, 429]
        for instance in ("i-one", "i-two"):
            assert await statuses(f"/activity?instance_id={instance}", 4) == [404, 404, 404, 429]
        answers = []
        for number in range(int(3 * SHARED)):
            answers += await statuses(f"/activity?instance_id=many-{number}", 1)
        assert answers.count(429) > 0 and answers[-1] == 429  # the address's room is spent
    finally:
        await client.close()


async def test_a_review_shows_on_a_finished_games_page_only(repo, client):
    record, code = await played(repo, "axio", moves=6)
    assert (await steps_of(client, code))["game"]["review"] is None
    record, code = await played(repo, "axio", channel=20)
    played_moves = record.game.log
    marked = 3
    moves = tuple(
        MoveReview(
            number=i + 1,
            seat=e.seat,
            turn=e.turn,
            played=e.move,
            best=played_moves[i].move if i + 1 != marked else played_moves[i + 1].move,
            cost=2.5 if i + 1 == marked else 0.0,
            grade="mistake" if i + 1 == marked else "best",
        )
        for i, e in enumerate(played_moves)
    )
    review = GameReview(
        kind="axio",
        players=4,
        game_seed=record.seed,
        seed=1,
        budget_s=0.1,
        moves=moves,
        seats=tuple(PlayerReview(s, 90.0 - s, 0, int(s == 0), 0, 1) for s in range(4)),
        lowest=tuple(tuple(0 for _ in range(4)) for _ in range(len(moves) + 1)),
    )
    await repo.save_review(record.id, review.to_dict())
    shown = (await steps_of(client, code))["game"]["review"]
    assert [s["accuracy"] for s in shown["seats"]] == [90.0, 89.0, 88.0, 87.0]
    [mark] = shown["marks"]
    assert (mark["number"], mark["grade"], mark["cost"]) == (marked, "mistake", 2.5)
    assert mark["ghost"] and len(shown["lowest"]) == len(moves) + 1


async def test_a_daily_game_has_a_page_only_once_its_day_is_over(repo, client, clock):
    clock.now = day_start(5) + timedelta(hours=3)
    _, record = await repo.play_daily("rota", GUILD, 100, "Ann")
    code = await repo.game_code(record.id)
    assert (await client.get(f"/g/{code}")).status == 404
    assert (await client.get(f"/g/{code}.json")).status == 404
    clock.now = day_start(6)
    assert (await client.get(f"/g/{code}")).status == 200


async def test_a_finished_games_page_says_who_won_as_the_engine_ranks_it(repo, client):
    """The result, in the page and its JSON, ranks a seat that resigned last whatever its
    scores (the page's replay of the moves holds no resignation); a running game has none."""
    record, code = await played(repo, "rota", computers=(), moves=4)
    running = await steps_of(client, code)
    assert running["result"] is None
    assert (
        '<span id="result" class="result"></span>' in await (await client.get(f"/g/{code}")).text()
    )
    record = await repo.resign(record.id, 0)
    rng = random.Random(4)
    while record.status == "running":
        move = rng.choice(record.game.legal_moves())
        record, _ = await repo.record_move(record.id, record.move_count, str(move))
    on_scores = game_class("rota")(2, record.seed)
    for entry in record.game.log:
        on_scores.play(entry.move)
    assert on_scores.winners() == [0]  # P0 won on scores, but resigned
    data = await steps_of(client, code)
    assert data["result"] == "P1 wins"
    html = await (await client.get(f"/g/{code}")).text()
    assert '<span id="result" class="result">P1 wins</span>' in html
    german = await steps_of(client, code, "de")
    assert german["result"] != "P1 wins" and names(german["result"], "P1")
