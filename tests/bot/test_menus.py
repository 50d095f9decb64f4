"""Every legal move is reachable without typing: **Other move…**'s menus, paged so that
none holds more than Discord's 25 options, reach each move of random positions — and a
move from a later page is played through SimCord's real menus."""

from __future__ import annotations

import random

import pytest

from bot.screens.menus import Choice, menu_rows, reachable_moves
from bot.screens.moves import MAX_CHOICES, move_text
from bot.screens.suggest import ranked_suggestions
from engine import AxioGame, RotaGame
from tests.bot.table import Table, select_step, selects
from tests.bot.test_games import start_game

MENU_ROWS = 4
"""Discord allows five action rows: the menus leave one for the buttons."""


def random_positions(count: int, seed: int) -> list:
    """Positions along random games of both kinds and every player count: openings, with
    the board wide open (where one tile has hundreds of placements), and later ones."""
    rng = random.Random(seed)
    found = []
    for number in range(count):
        kind = (AxioGame, RotaGame)[number % 2]
        game = kind(rng.randint(1, 4), rng.randrange(10**6))
        for _ in range(rng.choice([0, 1, 2, 5, 20, 45])):
            if game.is_over:
                break
            game.play(rng.choice(game.legal_moves()))
        if not game.is_over and getattr(game, "phase", "place") == "place":
            found.append(game)
    return found


@pytest.mark.parametrize("seed", range(4))
def test_every_legal_move_of_random_positions_is_reachable_through_the_menus(seed: int):
    for game in random_positions(12, seed):
        legal = {move_text(game, m) for m in game.legal_moves()}
        assert reachable_moves(1, game) == legal, (game.kind, game.players, game.move_count)


def test_no_menu_holds_more_than_25_options_nor_more_rows_than_fit():
    for game in random_positions(12, 99):
        waiting, seen = [Choice()], set()
        ranked = ranked_suggestions(game)
        while waiting:
            rows = menu_rows(1, game, waiting.pop(), ranked)
            assert 0 < len(rows) <= MENU_ROWS - 1
            for select in rows:
                assert 0 < len(select.options) <= MAX_CHOICES
                assert all(len(o.label) <= 100 and len(o.value) <= 100 for o in select.options)
                step = select.custom_id.rsplit(":", 1)[1]
                for option in select.options if step != "move" else ():
                    choice = Choice.read(game, step, option.value, ranked)
                    if choice not in seen:
                        seen.add(choice)
                        waiting.append(choice)


def test_an_open_4_player_board_pages_a_tile_and_its_first_page_is_the_best():
    game = AxioGame(4, 7)
    rng = random.Random(7)
    while len(game.tiles) < 4:  # every player's first tile is down: the board is open
        game.play(rng.choice(game.legal_moves()))
    rows = menu_rows(1, game, Choice(tile="".join(c.letter for c in game.rack(game.to_move)[0])))
    _, pages, moves = rows
    assert pages.custom_id.endswith(":page") and len(pages.options) > 4
    assert pages.options[0].label.startswith("The best 25") and " to " in pages.options[1].label
    assert len(moves.options) == MAX_CHOICES


async def test_a_move_from_a_later_page_is_played_through_the_menus(table: Table):
    game_id = await start_game(table, "axio", table.ann, guests=[table.ben, table.cat, table.dan])
    record = await table.record(game_id)
    rng = random.Random(1)
    while len(record.game.tiles) < 4:  # open the board, as above, by typed moves
        await table.play_by_command(record, rng)
        record = await table.record(game_id)
    member = table.member_for(record)
    builder = (await table.click(member, table.last_public(), label="My tiles")).response
    await table.click(member, builder, label="Other move…")
    custom_id, tiles = select_step(builder, "tile")
    await table.select(member, builder, [tiles[0]["value"]], custom_id=custom_id)
    custom_id, pages = select_step(builder, "page")
    await table.select(member, builder, [pages[-1]["value"]], custom_id=custom_id)
    assert any(o.get("default") for o in select_step(builder, "page")[1][-1:])
    custom_id, moves = select_step(builder, "move")
    chosen = moves[-1]["value"]
    first_page = menu_rows(1, record.game, Choice(tile=tiles[0]["value"]))[2]
    best = {option.value for option in first_page.options}
    assert chosen not in best  # a placement the first page does not offer
    await table.select(member, builder, [chosen], custom_id=custom_id)
    assert "Preview" in builder.content
    await table.click(member, builder, label="Confirm")
    after = await table.record(game_id)
    assert after.game.log[-1].move == chosen and "page" not in str(selects(builder))
