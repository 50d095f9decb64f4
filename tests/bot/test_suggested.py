"""Suggested moves that are what their heading says: different placements (no two on the
same cells), ordered best for the lowest colour first and then most points, the best such
placements there are, and always with the move `/axio hint` calls best (the computer's
choice, marked 🤖 in both lists), in AXIO and in Rota."""

from __future__ import annotations

import re
from types import SimpleNamespace

import pytest

import bot.table.lobby
from bot.screens.suggest import SUGGESTIONS, best_moves, placement, ranked_suggestions
from engine.ai import hint as engine_hints
from tests.bot.table import Table, labels
from tests.bot.test_games import start_game
from tests.bot.test_true_words import positions


@pytest.mark.parametrize("seed", range(3))
def test_suggestions_are_the_best_different_placements_with_the_computers_choice(seed: int):
    for game in positions(seed + 20):
        pick = engine_hints(game.copy(), seed=seed, budget_s=0.05, count=1)[0].move
        chosen = best_moves(game, pick=pick)
        keys = [s.sort_key() for s in chosen]
        places = [placement(s.scored.move) for s in chosen]
        assert keys == sorted(keys)  # as the heading says
        assert len(set(places)) == len(places), [str(s.scored.move) for s in chosen]
        assert pick in [s.scored.move for s in chosen]
        others = [s for s in chosen if s.scored.move != pick]
        worst = max(s.sort_key() for s in others) if others else None
        for left_out in ranked_suggestions(game):
            if placement(left_out.scored.move) in places:
                continue  # a variant of a placement offered: the better one is offered
            # a placement left out is no better than every one offered beside the pick
            assert len(chosen) == SUGGESTIONS and left_out.sort_key() > worst, left_out
        if not others:
            assert len(chosen) == len({placement(s.scored.move) for s in ranked_suggestions(game)})


CELL = re.compile(r"\b[A-Z]\d{1,2}\b")


@pytest.mark.parametrize("kind", ["axio", "rota"])
async def test_the_builder_offers_the_hints_choice_among_different_placements(
    table: Table, monkeypatch, kind: str
):
    # seed 0: in AXIO the hard search's first move is not among the four best by points
    monkeypatch.setattr(bot.table.lobby, "_seeds", SimpleNamespace(randrange=lambda _: 0))
    game_id = await start_game(table, kind, table.ann, guests=[table.ben])
    record = await table.record(game_id)
    mover = table.member_for(record)
    hand = (await table.slash(mover, "axio hand")).response
    hint = (await table.slash(mover, "axio hint")).response
    offered = [label for label in labels(hand) if " · " in label]
    marked = [label for label in offered if label.startswith("🤖 ")]
    assert len(marked) == 1 and "🤖 marks the computer's choice." in hand.content
    [hinted] = [label for label in labels(hint) if "🤖 " in label]
    assert hinted.split("🤖 ", 1)[1] == marked[0][2:]  # the same move, worded alike
    where = [label.split(" · ")[0] for label in offered]
    if kind == "axio":  # two cells each, never the same two
        where = [" ".join(sorted(CELL.findall(w))) for w in where]
    else:  # the position name first
        where = [w.lstrip("🤖 ").split(" ")[0] for w in where]
    assert len(set(where)) == len(where) == len(offered), offered


async def test_the_experts_long_think_is_waited_for_and_thought_once(table: Table):
    """With hints from the expert at a budget of a second or more, the builder defers its
    answer while the expert thinks; `/axio hint` then names the same choice at once, and
    with hints off the builder marks nothing."""
    await table.slash(table.admin, "axio settings", expert_hints=True, expert_seconds=1.0)
    game_id = await start_game(table, "rota", table.ann, guests=[table.ben])
    record = await table.record(game_id)
    mover = table.member_for(record)
    thought = []
    hints = table.bot.desk.thinker.hints

    async def counting(game, level, seed, budget_s):
        asking = max(table.env.backend.interactions.values(), key=lambda i: i.id)
        thought.append((level, budget_s, asking.loading))  # Discord shows "thinking…"
        return await hints(game, level, seed, budget_s)

    table.bot.desk.thinker.hints = counting  # type: ignore[method-assign]
    tiles = await table.click(mover, await table.turn_post(record), label="My tiles")
    assert tiles.ephemeral
    [marked] = [label for label in labels(tiles.response) if label.startswith("🤖 ")]
    hint = (await table.slash(mover, "axio hint")).response
    [hinted] = [label for label in labels(hint) if "🤖 " in label]
    assert hinted.split("🤖 ", 1)[1] == marked[2:]
    assert thought == [("expert", 1.0, True)]  # once for the builder and the hint both
    await table.slash(table.admin, "axio settings", hints=False)
    quiet = (await table.slash(mover, "axio hand")).response
    assert not any("🤖" in label for label in labels(quiet))
    assert "computer's choice" not in quiet.content
