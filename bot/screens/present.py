"""The words the table reads: what a move scored, whose turn it is, how the game ended.

Pure functions over storage records and engine results, so the cog and the views share
one wording and tests can read it without Discord. Moves read as players say them
(`E5 blue, F5 red`, `O10 ↻90°`), tiles and colours as words (`words.py`), never as the
engine's codes.
"""

from __future__ import annotations

from engine import IllegalMoveError, PlayResult, Standing, TileGame, game_class
from engine.axio_board import cell_name
from storage import GameRecord, Seat

from ..i18n import _, ngettext, pgettext
from .safe_text import MESSAGE_LIMIT, shown_name
from .words import colour_name, colour_words, names_text, points_text, tile_code_words
from .words import counted as counted  # shared by the screens that import it from here

GAME_TITLES = {"axio": "AXIO", "rota": "AXIO Rota"}


def title(kind: str) -> str:
    return GAME_TITLES.get(kind, kind)


def seat_label(seat: Seat) -> str:
    """A seat as the channel sees it: a mention for people, a name for computers. Whether
    the mention pings is the message's `allowed_mentions` (see `safe_text.pinging`)."""
    if seat.user_id is None or seat.is_former:  # a former player's seat names no one
        return f"{'' if seat.is_former else '🤖 '}**{shown_name(seat.name)}**"
    return f"<@{seat.user_id}>"


def person_label(seat: Seat) -> str:
    """A seat in a list: a mention for a person (`seat_label`), a computer's name as in
    any other line (`seat_name`)."""
    return seat_label(seat) if seat.is_human and not seat.is_former else seat_name(seat)


def end_pings(record: GameRecord) -> list[int]:
    """Who a post that ends the game pings: every person seated, winner or not, resigned
    or not; never a computer, nor a former player's seat (it names no one). A solo player
    made the last move in their own builder, which told them the result is posted: only
    one who resigned (a computer played it out) is pinged."""
    game = record.game
    if game is not None and game.solo and not record.seats[0].resigned:
        return []
    return [s.user_id for s in record.seats if s.user_id is not None and not s.is_former]


def seat_name(seat: Seat) -> str:
    """A seat's stored name, escaped for a message (names are chosen by members)."""
    return f"🤖 {shown_name(seat.name)}" if seat.user_id is None else shown_name(seat.name)


def not_your_solo_game(record: GameRecord) -> str:
    """Said to a member who reaches someone else's solo game (its buttons, its end
    post's **Play again**, a command in its channel): whose it is, and how to play."""
    return _(
        "This is {name}'s solo game; start your own with `/axio solo`.",
        name=seat_name(record.seats[0]),
    )


def move_summary(record: GameRecord, result: PlayResult, stand_in: bool = False) -> str:
    """One line for the channel: who did what and what it scored (AXIO! and pyramids too).
    A `stand_in` move was a computer's for a person (a timeout, a vote, a resignation), and
    says so: `🤖 for **Brook**: …`."""
    name = seat_name(record.seats[result.seat])
    if result.move == "keep":
        if stand_in:
            return _("🤖 for **{name}**: kept the rack.", name=name)
        return _("**{name}** kept their rack.", name=name)
    if result.move == "exchange":
        # The rules have the rack revealed before it goes back; the new rack stays secret.
        shown = ", ".join(tile_code_words(tile) for tile in result.returned)
        count = len(result.returned)
        if stand_in:
            return ngettext(
                "🤖 for **{name}**: exchanged the rack, returning {count} tile to the bag: "
                "{tiles}.",
                "🤖 for **{name}**: exchanged the rack, returning {count} tiles to the bag: "
                "{tiles}.",
                count, name=name, tiles=shown,
            )  # fmt: skip
        return ngettext(
            "**{name}** exchanged their rack, returning {count} tile to the bag: {tiles}.",
            "**{name}** exchanged their rack, returning {count} tiles to the bag: {tiles}.",
            count, name=name, tiles=shown,
        )  # fmt: skip
    move = move_story(record.kind, result.move)
    points = points_text(result.points)
    if stand_in:
        line = _("🤖 for **{name}**: **{move}** — {points}.", name=name, move=move, points=points)
    else:
        line = _("**{name}** played **{move}**: {points}.", name=name, move=move, points=points)
    if result.pyramids:
        cells = names_text(list(result.pyramids))
        line += " " + ngettext(
            "🔺 Pyramid on {cells}.", "🔺 Pyramids on {cells}.", len(result.pyramids), cells=cells
        )
    if result.dead_cells:
        cells = names_text(list(result.dead_cells))
        line += " " + ngettext(
            "The oldest pyramid moved; {cells} is now a dead cell.",
            "The oldest pyramid moved; {cells} are now dead cells.",
            len(result.dead_cells), cells=cells,
        )  # fmt: skip
    if result.axio:
        colours = ", ".join(colour_name(c) for c in result.axio)
        if result.extra_turns:  # only turns that will be played are announced
            line += " " + ngettext(
                "**AXIO!** ({colours}) — {count} extra turn.",
                "**AXIO!** ({colours}) — {count} extra turns.",
                result.extra_turns, colours=colours,
            )  # fmt: skip
        else:
            line += " " + _("**AXIO!** ({colours}).", colours=colours)
    return line


def start_line(record: GameRecord) -> str:
    """`🎲 **AXIO** begins: Ann, Ben, 🤖 Bot A (hard). **Ben** moves first.`"""
    game = record.game
    names = names_text([seat_name(seat) for seat in record.seats])
    line = _("🎲 **{game}** begins: {names}.", game=title(record.kind), names=names)
    if game is not None and game.players > 1:
        first = game.log[0].seat if game.log else game.to_move
        line += " " + _("**{name}** moves first.", name=seat_name(record.seats[first]))
    return line


def move_words(kind: str, move: str) -> str:
    """A stored move as players read and type it: `E5 blue, F5 red`, `O10 ↻90° green` (Rota
    positions by the names on the display), `exchange`."""
    if move == "keep":
        return pgettext("move", "keep")
    if move == "exchange":
        return pgettext("move", "exchange")
    try:
        parsed = game_class(kind).parse_move(move)
    except (IllegalMoveError, KeyError, ValueError):
        return move
    if kind == "rota":
        if parsed.name is None:
            return parsed.named_text
        return f"{parsed.named_text.rsplit(' ', 1)[0]} {colour_name(parsed.name)}"
    if hasattr(parsed, "first_colour"):
        return (
            f"{cell_name(parsed.first)} {colour_name(parsed.first_colour)}, "
            f"{cell_name(parsed.second)} {colour_name(parsed.second_colour)}"
        )
    return move


def move_story(kind: str, move: str) -> str:
    """A move as the table tells it: `move_words`, with a Rota tile's named colour marked
    as what it is (`O10 ↻90°, empty corner named 🟢 green`)."""
    if kind != "rota" or move in ("keep", "exchange"):
        return move_words(kind, move)
    try:
        parsed = game_class(kind).parse_move(move)
    except (IllegalMoveError, KeyError, ValueError):
        return move
    words = parsed.named_text
    if parsed.name is None:
        return words
    bare = words.rsplit(" ", 1)[0]
    return _("{move}, empty corner named {colour}", move=bare, colour=colour_words(parsed.name))


def turn_prompt(record: GameRecord) -> str:
    """Whose move it is and what kind of move: a placement, an extra one, or the exchange.
    A person's first call says which button to press; later ones are a few words (the
    picture's headline has the turn), the name last so that a long one wraps alone, so
    that a card fits a phone's screen."""
    game = record.game
    assert game is not None
    seat = record.seats[game.to_move]
    who = seat_label(seat)
    if getattr(game, "phase", "place") == "exchange":
        return _("{who} may exchange their rack or keep it.", who=who)
    extra = game.log and game.log[-1].turn == game.turn and game.log[-1].seat == game.to_move
    turn = game.turn
    if seat.user_id is None:
        if extra:
            return _("{who} is thinking… (turn {turn}, an extra turn)", who=who, turn=turn)
        return _("{who} is thinking… (turn {turn})", who=who, turn=turn)
    if any(entry.seat == game.to_move for entry in game.log):  # they know the way by now
        if extra:
            return _("your extra move, {who}", who=who)
        return _("your move, {who}", who=who)
    return _("{who}, it's your move — turn {turn}. Press **My tiles** to play.", who=who, turn=turn)


def standings_text(record: GameRecord) -> str:
    """Final standings under the game's number (as `/axio replay game:` and `/axio review
    game:` take it), with the tie-break explained and winners congratulated. Every person
    at the table is named by a mention, losers too: in a game of days the end post is how
    they learn it ended (the post's `allowed_mentions` is `end_pings`)."""
    game = record.game
    assert game is not None
    table = game.standings()
    if game.players == 1:
        ordered = " ≤ ".join(str(s) for s in table[0].sorted_scores)
        return _(
            "🏁 **Game over** · Game #{game}. {name} scored **{lowest}**, their lowest colour "
            "(all five: {scores}).",
            game=record.id, name=seat_label(record.seats[0]), lowest=table[0].lowest,
            scores=ordered,
        )  # fmt: skip
    lines = [_("🏁 **Game over** · Game #{game}", game=record.id)]
    for standing in table:
        seat = record.seats[standing.seat]
        medal = "🏆" if standing.winner else f"{standing.rank}."
        name = person_label(seat)
        if standing.resigned:
            name = _("{name} (resigned)", name=name)
        lines.append(f"{medal} {name} — {scores_text(standing)}")
    lines.append(tie_break_note(game, table))
    winners = [seat_label(record.seats[s.seat]) for s in table if s.winner]
    if not winners:
        lines.append(_("Everyone resigned, so no one wins this game."))
    elif len(winners) == 1:
        lines.append(_("Congratulations, {name}!", name=winners[0]))
    else:
        together = " {} ".format(pgettext("list", "and")).join(winners)  # each named alike
        lines.append(_("A shared victory: congratulations, {names}!", names=together))
    return "\n".join(lines)


def scores_text(standing: Standing) -> str:
    ordered = " ≤ ".join(str(s) for s in standing.sorted_scores)
    return _("lowest **{lowest}** ({scores})", lowest=standing.lowest, scores=ordered)


def tie_break_note(game: TileGame, table: list[Standing]) -> str:
    """Why the winner won: the lowest colour, or the first lower colour that differs."""
    if game.immediate_winner is not None:
        return _("All five colours reached {cap}: an immediate win.", cap=game.cap)
    contenders = [s for s in table if not s.resigned]
    if not contenders:
        return _("The computers played every seat to the end.")
    if len(contenders) < 2:
        return _("Everyone else resigned.")
    first, second = contenders[0], contenders[1]
    if first.sorted_scores == second.sorted_scores:
        return _("Equal on all five colours: the victory is shared.")
    depth = next(
        i
        for i, (a, b) in enumerate(zip(first.sorted_scores, second.sorted_scores, strict=True))
        if a != b
    )
    if depth == 0:
        return _("The highest lowest colour wins.")
    return [
        _("Tied on the lowest colour, so the second lowest colour decided."),
        _("Tied on the lowest colour, so the third lowest colour decided."),
        _("Tied on the lowest colour, so the fourth lowest colour decided."),
        _("Tied on the lowest colour, so the highest colour decided."),
    ][depth - 1]


def move_log_text(record: GameRecord, limit: int = MESSAGE_LIMIT) -> str:
    """The moves so far, one a line with what each scored, numbered by turn as the table
    numbers them: the newest ones, as many as fit in one message (a long game's log is
    longer, and the latest moves are what a player asks about)."""
    game = record.game
    assert game is not None
    log = game.log
    if not log:
        return _("No moves yet.")
    kind = record.kind
    scored = logged_points(game)
    lines = []
    for number, entry in enumerate(log):
        line = _(
            "{number}. turn {turn}, {name}: {move}",
            number=number + 1, turn=entry.turn, name=seat_name(record.seats[entry.seat]),
            move=move_story(kind, entry.move),
        )  # fmt: skip
        if scored is not None and entry.move not in ("keep", "exchange"):
            line += f" — {points_text(scored[number])}"
        lines.append(line)

    def header(latest: int) -> str:
        return _("(the latest {latest} of {total} moves)", latest=latest, total=len(lines))

    shown = newest_that_fit(lines, limit - len(header(len(lines))) - 1)
    if len(shown) < len(lines):
        shown.insert(0, header(len(shown)))
    return "\n".join(shown)


def logged_points(game: TileGame) -> list[tuple[int, ...]] | None:
    """What each logged move scored (after the cap), by replaying the game from its seed;
    None for a game set up from a position, which has no seed to replay."""
    try:
        again = type(game)(game.players, game.seed)
        return [tuple(again.play(entry.move).points) for entry in game.log]
    except Exception:
        return None


def newest_that_fit(lines: list[str], room: int) -> list[str]:
    """The last lines, in order, that fit in `room` characters joined by newlines: when a
    table's story is too long, the latest part is what players ask about."""
    shown: list[str] = []
    for line in reversed(lines):
        room -= len(line) + 1
        if room < 0:
            break
        shown.append(line)
    return shown[::-1]


def seat_names(record: GameRecord) -> list[str]:
    return [seat.name for seat in record.seats]
