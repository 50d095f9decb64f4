"""**Other move…**: menus that reach every legal move without typing.

A Discord menu holds at most 25 options, and an AXIO tile can go some 500 ways on an open
4-player board, so long lists come in pages: a menu of pages above the menu of choices.
The first page is the best 25 (as the suggestions rank them), the others hold the rest in
board order, each labelled with where its moves lie (`C3 to E5`), so a player who has a
placement in mind finds its page, and no move is left out. At most 25 pages of 25 hold
625 choices, more than any tile has (the 312 cell pairs of a 13×13 board, two ways each).

AXIO: tile → (page) → placement. Rota: (page) → position → turn (at most 4 turns × 5
named colours = 20 choices). Each menu's custom_id names its step; a page's value names
what it pages (`bg/3`: page 3 of the blue-green tile's placements; `/2`: page 2 of the
positions), so a choice redraws the menus from the press alone, with nothing remembered.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import discord

from engine import Colour, TileGame
from engine.axio_board import cell_name
from engine.rota_names import PositionNameError, parse_position_name, position_name

from ..i18n import _, ngettext, pgettext
from .controls import ControlSelect, choice_select
from .moves import MAX_CHOICES, move_text
from .refusals import Refusal
from .suggest import Suggestion, ranked_suggestions, suggestion_label
from .words import tile_words


@dataclass(frozen=True)
class Page:
    """One page of a long list: its number, its items and its label."""

    index: int
    items: tuple[Any, ...]
    label: str


def paged(
    ranked: Sequence[Any],
    place: Callable[[Any], Any],
    describe: Callable[[Any, Any], tuple[str, str]],
) -> list[Page]:
    """`ranked` (best first) in pages of at most MAX_CHOICES: the best first, then the rest
    ordered by `place`; `describe(first, last)` names where a later page runs from and to."""
    best = tuple(ranked[:MAX_CHOICES])
    pages = [Page(0, best, _("The best {count} (for your lowest colour first)", count=len(best)))]
    rest = sorted(ranked[MAX_CHOICES:], key=place)
    for start in range(0, len(rest), MAX_CHOICES):
        items = tuple(rest[start : start + MAX_CHOICES])
        first, last = describe(items[0], items[-1])
        label = _("{first} to {last} ({count} more)", first=first, last=last, count=len(items))
        pages.append(Page(len(pages), items, label))
    return pages


def page_number(text: str, pages: int) -> int:
    """A page's number from a menu value, refused when it is no page of this list."""
    if not (text.isascii() and text.isdigit()) or not 0 <= int(text) < pages:
        raise Refusal(_("That page is no longer there. Press **Back** and choose again."))
    return int(text)


# --- AXIO: tile → page → placement ------------------------------------------------------
def tile_code(move: Any) -> str:
    return "".join(c.letter for c in move.tile)


def tile_options(
    game: TileGame, ranked: list[Suggestion], chosen: str | None
) -> list[discord.SelectOption]:
    """The first menu's options: each distinct tile of the rack, in rack order, with the
    most it can score (a tile with nowhere to go is left out)."""
    most: dict[str, int] = {}
    for suggestion in ranked:
        code = tile_code(suggestion.scored.move)
        most[code] = max(most.get(code, 0), suggestion.total)
    numbers: dict[str, list[str]] = {}
    for number, (a, b) in enumerate(game.rack(game.to_move), start=1):  # type: ignore[attr-defined]
        numbers.setdefault(f"{a}{b}", []).append(str(number))
    joiner = " {} ".format(pgettext("list", "and"))
    options = [
        discord.SelectOption(
            label=ngettext(
                "{numbers}. {tile} — up to {count} pt",
                "{numbers}. {tile} — up to {count} pts",
                most[code],
                numbers=joiner.join(which),
                tile=tile_words((Colour(code[0]), Colour(code[1]))),
            )[:100],
            value=code,
            default=code == chosen,
        )
        for code, which in numbers.items()
        if code in most
    ]
    return options


def upper_left(suggestion: Suggestion) -> tuple[int, int, str]:
    move = suggestion.scored.move
    return (min(move.cells), max(move.cells), str(move))


def cells_range(first: Suggestion, last: Suggestion) -> tuple[str, str]:
    """Where a page of placements runs: its first and last upper-left cells."""
    return cell_name(upper_left(first)[0]), cell_name(upper_left(last)[0])


def tile_pages(ranked: list[Suggestion], code: str) -> list[Page]:
    moves = [s for s in ranked if tile_code(s.scored.move) == code]
    if not moves:
        raise Refusal(_("That tile has no legal placement now. Press **Back** to choose again."))
    return paged(moves, upper_left, cells_range)


# --- Rota: page → position → turn ----------------------------------------------------------
def position_key(name: str) -> tuple[int, int]:
    x, y = parse_position_name(name)
    return (y, x)


def best_positions(ranked: list[Suggestion]) -> list[tuple[str, Suggestion]]:
    """Each legal position once, by its best move, best first."""
    seen: dict[Any, Suggestion] = {}
    for suggestion in ranked:
        seen.setdefault(suggestion.scored.move.position, suggestion)
    return [(position_name(p), s) for p, s in seen.items()]


def position_pages(ranked: list[Suggestion]) -> list[Page]:
    return paged(
        best_positions(ranked),
        lambda item: position_key(item[0]),
        lambda first, last: (first[0], last[0]),
    )


def moves_at(ranked: list[Suggestion], name: str) -> list[Suggestion]:
    try:
        position = parse_position_name(name)
    except PositionNameError:
        return []
    return [s for s in ranked if s.scored.move.position == position]


# --- the menus ----------------------------------------------------------------------------
@dataclass(frozen=True)
class Choice:
    """What the player has chosen so far: an AXIO tile or a Rota position, and a page."""

    tile: str | None = None
    position: str | None = None
    page: int = 0

    @classmethod
    def read(
        cls, game: TileGame, step: str, value: str, ranked: list[Suggestion] | None = None
    ) -> Choice:
        """The choice a menu's value makes (a whole move is `preview`'s, not this)."""
        if step == "tile":
            return cls(tile=value)
        ranked = ranked_suggestions(game) if ranked is None else ranked
        if step == "position":
            pages = position_pages(ranked)
            index = next((p.index for p in pages if any(n == value for n, __ in p.items)), 0)
            return cls(position=value, page=index)
        if step == "page":
            key, __, number = value.partition("/")
            if game.kind == "rota":
                return cls(page=page_number(number, len(position_pages(ranked))))
            return cls(tile=key, page=page_number(number, len(tile_pages(ranked, key))))
        raise Refusal(_("That menu is not one I know. Press **Back** to start again."))


def page_select(
    record_id: int, move_count: int, pages: list[Page], key: str, chosen: int
) -> ControlSelect:
    options = [
        discord.SelectOption(
            label=p.label[:100], value=f"{key}/{p.index}", default=p.index == chosen
        )
        for p in pages
    ]
    more = _("More choices: choose a page")
    return choice_select(record_id, move_count, "page", options, more)


def move_select(record_id: int, game: TileGame, suggestions: Sequence[Suggestion]) -> ControlSelect:
    options = [
        discord.SelectOption(label=suggestion_label(game, s), value=move_text(game, s.scored.move))
        for s in suggestions
    ]
    placeholder = (
        _("Choose a placement") if game.kind == "axio" else _("Choose how to turn the tile")
    )
    return choice_select(record_id, game.move_count, "move", options, placeholder)


def menu_rows(
    record_id: int, game: TileGame, choice: Choice, ranked: list[Suggestion] | None = None
) -> list[ControlSelect]:
    """The menus to show for what has been chosen so far, top to bottom (at most three,
    leaving a row for the buttons). `ranked` is the game's moves, best first, when the
    caller has them already."""
    count = game.move_count
    ranked = ranked_suggestions(game) if ranked is None else ranked
    rows: list[ControlSelect] = []
    if game.kind == "rota":
        pages = position_pages(ranked)
        page = pages[min(choice.page, len(pages) - 1)]
        if len(pages) > 1:
            rows.append(page_select(record_id, count, pages, "", page.index))
        options = [
            discord.SelectOption(
                label=f"{name} — {suggestion_label(game, best).split(' · ', 1)[1]}"[:100],
                value=name,
                default=name == choice.position,
            )
            for name, best in page.items
        ]
        rows.append(choice_select(record_id, count, "position", options, _("Choose a position")))
        if choice.position is not None:
            moves = moves_at(ranked, choice.position)
            if not moves:
                raise Refusal(_("That position is not open now. Press **Back** to choose again."))
            rows.append(move_select(record_id, game, moves))
        return rows
    tiles = tile_options(game, ranked, choice.tile)
    if len(tiles) == 1 and choice.tile is None:  # one kind of tile: its placements at once
        choice = Choice(tile=tiles[0].value)
        tiles[0].default = True
    rows.append(choice_select(record_id, count, "tile", tiles, _("Choose a tile (in rack order)")))
    if choice.tile is not None:
        pages = tile_pages(ranked, choice.tile)
        page = pages[min(choice.page, len(pages) - 1)]
        if len(pages) > 1:
            rows.append(page_select(record_id, count, pages, choice.tile, page.index))
        rows.append(move_select(record_id, game, page.items))
    return rows


def reachable_moves(record_id: int, game: TileGame) -> set[str]:
    """Every move a player can pick through these menus, found by pressing every option
    of every menu as a member would (for tests: it must be every legal move)."""
    found: set[str] = set()
    seen: set[Choice] = set()
    waiting = [Choice()]
    ranked = ranked_suggestions(game)
    while waiting:
        choice = waiting.pop()
        for select in menu_rows(record_id, game, choice, ranked):
            step = select.custom_id.rsplit(":", 1)[1]
            for option in select.options:
                if step == "move":
                    found.add(option.value)
                    continue
                after = Choice.read(game, step, option.value, ranked)
                if after not in seen:
                    seen.add(after)
                    waiting.append(after)
    return found
