"""The words the table reads: what a move scored, whose turn it is, how the game ended.

Pure functions over storage records and engine results, so the cog and the views share
one wording and tests can read it without Discord.
"""

from __future__ import annotations

from engine import COLOURS, IllegalMoveError, PlayResult, Standing, TileGame, game_class
from engine.axio_board import cell_name
from storage import GameRecord, Seat

from .safe_text import MESSAGE_LIMIT, shown_name

GAME_TITLES = {"axio": "AXIO", "rota": "AXIO Rota"}
SYMBOL_EMOJI = {"r": "☀️", "g": "🟢", "b": "⭐", "o": "🟧", "p": "⭕"}


def title(kind: str) -> str:
    return GAME_TITLES.get(kind, kind)


def seat_label(seat: Seat) -> str:
    """A seat as the channel sees it: a mention for people, a name for computers. Whether
    the mention pings is the message's `allowed_mentions` (see `safe_text.pinging`)."""
    if seat.user_id is None or seat.is_former:  # a former player's seat names no one
        return f"{'' if seat.is_former else '🤖 '}**{shown_name(seat.name)}**"
    return f"<@{seat.user_id}>"


def seat_name(seat: Seat) -> str:
    """A seat's stored name, escaped for a message (names are chosen by members)."""
    return f"🤖 {shown_name(seat.name)}" if seat.user_id is None else shown_name(seat.name)


def counted(number: int, noun: str) -> str:
    """`1 game`, `3 games`: a count with its noun in the right number."""
    return f"{number} {noun}{'' if number == 1 else 's'}"


def points_text(points: tuple[int, ...]) -> str:
    """`blue +3, red +2`, or `no points`."""
    parts = [f"{COLOURS[i].label} +{n}" for i, n in enumerate(points) if n]
    return ", ".join(parts) if parts else "no points"


def move_summary(record: GameRecord, result: PlayResult) -> str:
    """One line for the channel: who did what and what it scored (AXIO! and pyramids too)."""
    who = f"**{seat_name(record.seats[result.seat])}**"
    if result.move == "keep":
        return f"{who} kept their rack."
    if result.move == "exchange":
        # The rules have the rack revealed before it goes back; the new rack stays secret.
        shown = " ".join(f"`{tile}`" for tile in result.returned)
        return f"{who} exchanged their rack, returning {shown} to the bag."
    line = f"{who} played **{move_words(record.kind, result.move)}**: {points_text(result.points)}."
    if result.pyramids:
        cells = ", ".join(result.pyramids)
        line += f" 🔺 {'Pyramids' if len(result.pyramids) > 1 else 'Pyramid'} on {cells}."
    if result.dead_cells:
        line += f" The oldest pyramid moved; {', '.join(result.dead_cells)} is now dead."
    if result.axio:
        colours = ", ".join(c.label for c in result.axio)
        line += f" **AXIO!** ({colours})"
        if result.extra_turns:  # only turns that will be played are announced
            line += f" — {counted(result.extra_turns, 'extra turn')}"
        line += "."
    return line


def move_words(kind: str, move: str) -> str:
    """A stored move as players read it: `E5 blue, F5 red`, `O10 ↻90° green` (Rota
    positions by the names on the display), `exchange`."""
    if move in ("keep", "exchange"):
        return move
    try:
        parsed = game_class(kind).parse_move(move)
    except (IllegalMoveError, KeyError, ValueError):
        return move
    if kind == "rota":
        return parsed.named_text
    if hasattr(parsed, "first_colour"):
        return (
            f"{cell_name(parsed.first)} {parsed.first_colour.label}, "
            f"{cell_name(parsed.second)} {parsed.second_colour.label}"
        )
    return move


def turn_prompt(record: GameRecord) -> str:
    """Whose move it is and what kind of move: a placement, an extra one, or the exchange."""
    game = record.game
    assert game is not None
    seat = record.seats[game.to_move]
    who = seat_label(seat)
    if getattr(game, "phase", "place") == "exchange":
        return f"{who} may exchange their rack or keep it."
    extra = game.log and game.log[-1].turn == game.turn and game.log[-1].seat == game.to_move
    if seat.user_id is None:
        return f"{who} is thinking… (turn {game.turn}{', an extra turn' if extra else ''})"
    move = "an extra move" if extra else "your move"
    return f"{who}, it's {move} — turn {game.turn}. Press **My tiles** to play."


def standings_text(record: GameRecord) -> str:
    """Final standings with the tie-break explained, winners congratulated."""
    game = record.game
    assert game is not None
    table = game.standings()
    if game.players == 1:
        ordered = " ≤ ".join(str(s) for s in table[0].sorted_scores)
        return (
            f"🏁 **Game over.** {seat_name(record.seats[0])} scored **{table[0].lowest}**, "
            f"their lowest colour (all five: {ordered})."
        )
    lines = ["🏁 **Game over.**"]
    for standing in table:
        seat = record.seats[standing.seat]
        medal = "🏆" if standing.winner else f"{standing.rank}."
        note = " (resigned)" if standing.resigned else ""
        lines.append(f"{medal} {seat_name(seat)}{note} — {scores_text(standing)}")
    lines.append(tie_break_note(game, table))
    winners = [seat_label(record.seats[s.seat]) for s in table if s.winner]
    if len(winners) == 1:
        lines.append(f"Congratulations, {winners[0]}!")
    else:
        lines.append(f"A shared victory: congratulations, {' and '.join(winners)}!")
    return "\n".join(lines)


def scores_text(standing: Standing) -> str:
    ordered = " ≤ ".join(str(s) for s in standing.sorted_scores)
    return f"lowest **{standing.lowest}** ({ordered})"


def tie_break_note(game: TileGame, table: list[Standing]) -> str:
    """Why the winner won: the lowest colour, or the first lower colour that differs."""
    if game.immediate_winner is not None:
        return f"All five colours reached {game.cap}: an immediate win."
    contenders = [s for s in table if not s.resigned]
    if len(contenders) < 2:
        return "Everyone else resigned."
    first, second = contenders[0], contenders[1]
    if first.sorted_scores == second.sorted_scores:
        return "Equal on all five colours: the victory is shared."
    depth = next(
        i
        for i, (a, b) in enumerate(zip(first.sorted_scores, second.sorted_scores, strict=True))
        if a != b
    )
    if depth == 0:
        return "The highest lowest colour wins."
    nth = ["lowest", "second lowest", "third lowest", "fourth lowest", "highest"][depth]
    return f"Tied on the lowest colour, so the {nth} colour decided."


def move_log_text(record: GameRecord, limit: int = MESSAGE_LIMIT) -> str:
    """The moves so far, one a line: the newest ones, as many as fit in one message (a
    long game's log is longer, and the latest moves are what a player asks about)."""
    assert record.game is not None
    log = record.game.log
    if not log:
        return "No moves yet."
    kind = record.kind
    lines = [
        f"{number}. turn {entry.turn}, {seat_name(record.seats[entry.seat])}: "
        f"{move_words(kind, entry.move)}"
        for number, entry in enumerate(log, start=1)
    ]
    header = f"(the latest {{}} of {len(lines)} moves)"
    shown = newest_that_fit(lines, limit - len(header.format(len(lines))) - 1)
    if len(shown) < len(lines):
        shown.insert(0, header.format(len(shown)))
    return "\n".join(shown)


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
