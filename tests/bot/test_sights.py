"""What players see in a turn card (issue 33): every move since their last turn named in
brief under the badge the picture marks it with, and words that leave the board and
**My tiles** on one phone screen: three lines on a 390-px phone (`tests/bot/phone.py`),
long names and all (two more for each AXIO exchange the card tells, whose rack the rules
make public)."""

from __future__ import annotations

import random
import re
from typing import Any

from bot.screens.brief import move_brief, story_brief
from engine import AxioGame, Colour, PlayResult
from engine.axio_board import cell_name
from engine.axio_moves import Placement
from engine.rota_moves import RotaMove
from engine.rota_names import position_name
from render import Mark, recent_marks
from tests.bot.phone import phone_lines
from tests.bot.table import Table, labels, text_of
from tests.bot.test_games import start_game
from tests.bot.test_present import record_after

LONG = "Bartholomew the Magnificent"
BADGE = re.compile(r"([①-⑳]) \*\*([^*]+)\*\*(?: ([A-Z]+\d+) \+(\d+))?")
"""A move in brief: its badge, its mover and, when this card tells it, where and points."""


def fits_a_phone(said: str, table: Table) -> bool:
    """Three lines on a 390-px phone for the words the bot chooses, and two more for each
    AXIO exchange the card tells: its revealed rack is the rules' (RULES.md, the exchange
    option: the rack is shown to the table), and cannot be shortened."""
    exchanges = len(re.findall(r"exchanged \d+ tiles?:", said))
    return phone_lines(said, names_of(table)) <= 3 + 2 * exchanges


def long_named(table: Table, key: str, name: str) -> Any:
    member = table.guild.add_member(table.env.create_user(name))
    table.members[key] = member
    return member


def names_of(table: Table) -> dict[int, str]:
    return {member.id: member.name for member in table.members.values()}


async def card_after_rounds(table: Table, game_id: int, rounds: int, rng: random.Random) -> Any:
    """The turn card of the person to move after `rounds` of their moves."""
    for _ in range(rounds):
        record = await table.person_to_move(game_id)
        await table.play_by_command(record, rng)
    return await table.record(game_id), await table.turn_post(await table.person_to_move(game_id))


async def test_a_four_player_card_with_a_long_name_takes_three_lines_and_names_every_move(
    table: Table,
):
    bart = long_named(table, "bart", LONG)
    for kind in ("axio", "rota"):
        game_id = await start_game(table, kind, bart, computers=["easy", "normal", "normal"])
        record, card = await card_after_rounds(table, game_id, 3, random.Random(3))
        said = text_of(card)
        assert fits_a_phone(said, table), said
        assert said.endswith(f"your move, <@{bart.id}>") and "My tiles" in labels(card)
        assert "Bartholomew" not in said  # their own move: theirs to know
        marks = recent_marks(record.game)
        told = BADGE.findall(said)
        assert len(marks) == 3 and len(told) == 3, said  # each computer's move since
        for mark, (badge, name, where, points) in zip(marks, told, strict=True):
            assert badge == "①②③"[mark.number - 1]
            assert name == record.seats[mark.seat].name.split(" (")[0]  # `Bot A`
            assert where == place_of(record, mark.move) and points != ""
        await table.slash(bart, "axio end")


async def test_a_card_names_the_moves_earlier_cards_told_by_their_badge(table: Table):
    """Four people: each card tells the move just made with its points, and names the two
    before it (their own cards told their points) by the badges the board shows."""
    ann, ben = table.ann, table.ben
    cat = long_named(table, "cat2", "Catherine of Aragon")
    dan = long_named(table, "dan2", "Daniel the Prophet")
    game_id = await start_game(table, "axio", ann, guests=[ben, cat, dan])
    record, card = await card_after_rounds(table, game_id, 4, random.Random(5))
    said = text_of(card)
    assert fits_a_phone(said, table), said
    told = BADGE.findall(said)
    assert [badge for badge, *_ in told] == ["①", "②", "③"], said
    marks = recent_marks(record.game)
    assert [name for _, name, _, _ in told] == [cut(record.seats[m.seat].name) for m in marks]
    assert [points for *_, points in told][:2] == ["", ""]  # told, with points, before
    assert told[2][2] == place_of(record, marks[2].move) and told[2][3] != ""


def place_of(record, move: str) -> str:
    """Where a move went, by the names on the picture: a Rota position, an AXIO tile's
    top-left cell."""
    if record.kind == "rota":
        return position_name(RotaMove.parse(move).position)
    return cell_name(min(Placement.parse(move).cells))


def cut(name: str) -> str:
    return name if len(name) <= 14 else name[:13].rstrip() + "…"


def test_a_move_in_brief_keeps_what_it_did():
    record = record_after(0, ["Ann", "Maximilian Alexander"])
    placed = PlayResult(
        seat=0,
        move="E6:b E5:o",
        points=(0, 0, 2, 1, 0),
        axio=(Colour.BLUE,),
        pyramids=("F5",),
        dead_cells=("G9",),
    )
    mark = Mark(2, 0, placed.move, 0)
    assert move_brief(record, placed, mark, False) == "② **Ann** E5 +3 🔺 ✖ **AXIO!**"
    assert move_brief(record, placed, mark, True).startswith("② 🤖 for **Ann** E5 +3")
    swapped = PlayResult(seat=1, move="exchange", returned=("bp", "rr"))
    said = move_brief(record, swapped, None, False)
    assert said == "**Maximilian Al…** exchanged 2 tiles: 🔵🟣 🔴🔴"  # the rack was shown


def test_the_player_to_move_is_not_told_their_own_move_unless_a_stand_in_made_it():
    record = record_after(2, ["Ann", "Ben"])
    again = AxioGame(2, seed=5)
    results = [again.play(entry.move) for entry in record.game.log]
    own, other = results  # the seat to move made the first, the other seat the second
    assert own.seat == record.game.to_move != other.seat
    brief = story_brief(record, [(own, False), (other, False)])
    assert brief == move_brief(record, other, recent_marks(record.game)[0], False)
    with_stand_in = story_brief(record, [(own, True), (other, False)])
    assert with_stand_in.startswith("🤖 for ") and with_stand_in.endswith(brief)
