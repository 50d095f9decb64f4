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

from .safe_text import MESSAGE_LIMIT, shown_name
from .words import colour_words, counted, names_text, points_text, tile_code_words

GAME_TITLES = {"axio": "AXIO", "rota": "AXIO Rota"}


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


def move_summary(record: GameRecord, result: PlayResult, stand_in: bool = False) -> str:
    """One line for the channel: who did what and what it scored (AXIO! and pyramids too).
    A `stand_in` move was a computer's for a person (a timeout, a vote, a resignation), and
    says so: `🤖 for **Brook**: …`."""
    name = f"**{seat_name(record.seats[result.seat])}**"
    who, their = (f"🤖 for {name}:", "the") if stand_in else (name, "their")
    if result.move == "keep":
        return f"{who} kept {their} rack."
    if result.move == "exchange":
        # The rules have the rack revealed before it goes back; the new rack stays secret.
        shown = ", ".join(tile_code_words(tile) for tile in result.returned)
        back = counted(len(result.returned), "tile")
        return f"{who} exchanged {their} rack, returning {back} to the bag: {shown}."
    move = f"**{move_story(record.kind, result.move)}**"
    line = (
        f"{who} {move} — {points_text(result.points)}."
        if stand_in
        else (f"{who} played {move}: {points_text(result.points)}.")
    )
    if result.pyramids:
        cells = names_text(list(result.pyramids))
        line += f" 🔺 {'Pyramids' if len(result.pyramids) > 1 else 'Pyramid'} on {cells}."
    if result.dead_cells:
        cells = names_text(list(result.dead_cells))
        dead = "are now dead cells" if len(result.dead_cells) > 1 else "is now a dead cell"
        line += f" The oldest pyramid moved; {cells} {dead}."
    if result.axio:
        colours = ", ".join(c.label for c in result.axio)
        line += f" **AXIO!** ({colours})"
        if result.extra_turns:  # only turns that will be played are announced
            line += f" — {counted(result.extra_turns, 'extra turn')}"
        line += "."
    return line


def start_line(record: GameRecord) -> str:
    """`🎲 **AXIO** begins: Ann, Ben, 🤖 Bot A (hard). **Ben** moves first.`"""
    game = record.game
    names = names_text([seat_name(seat) for seat in record.seats])
    line = f"🎲 **{title(record.kind)}** begins: {names}."
    if game is not None and game.players > 1:
        first = game.log[0].seat if game.log else game.to_move
        line += f" **{seat_name(record.seats[first])}** moves first."
    return line


def move_words(kind: str, move: str) -> str:
    """A stored move as players read and type it: `E5 blue, F5 red`, `O10 ↻90° green` (Rota
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
    return f"{bare}, empty corner named {colour_words(parsed.name)}"


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
    if not winners:
        lines.append("Everyone resigned, so no one wins this game.")
    elif len(winners) == 1:
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
    if not contenders:
        return "The computers played every seat to the end."
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
    """The moves so far, one a line with what each scored, numbered by turn as the table
    numbers them: the newest ones, as many as fit in one message (a long game's log is
    longer, and the latest moves are what a player asks about)."""
    game = record.game
    assert game is not None
    log = game.log
    if not log:
        return "No moves yet."
    kind = record.kind
    scored = logged_points(game)
    lines = []
    for number, entry in enumerate(log):
        line = (
            f"{number + 1}. turn {entry.turn}, {seat_name(record.seats[entry.seat])}: "
            f"{move_story(kind, entry.move)}"
        )
        if scored is not None and entry.move not in ("keep", "exchange"):
            line += f" — {points_text(scored[number])}"
        lines.append(line)
    header = f"(the latest {{}} of {len(lines)} moves)"
    shown = newest_that_fit(lines, limit - len(header.format(len(lines))) - 1)
    if len(shown) < len(lines):
        shown.insert(0, header.format(len(shown)))
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
