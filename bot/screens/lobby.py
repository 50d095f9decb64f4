"""The lobby message's words: the game, its host, the seats taken, and what to do next."""

from __future__ import annotations

from storage import GameRecord
from storage.records import FORMER_PLAYER_NAME, is_former_player

from .present import seat_name, title


def lobby_text(record: GameRecord) -> str:
    host = FORMER_PLAYER_NAME if is_former_player(record.host_id) else f"<@{record.host_id}>"
    lines = [
        f"🎲 **{title(record.kind)}** — a new game hosted by {host}.",
        f"Seats ({len(record.seats)}/{record.max_seats}):",
    ]
    for seat in record.seats:
        host = " (host)" if seat.user_id == record.host_id else ""
        lines.append(f"{seat.seat + 1}. {seat_name(seat)}{host}")
    if record.status == "lobby":
        lines.append("Press **Join** to take a seat; the host presses **Start** when ready.")
    elif record.status == "cancelled":
        lines.append("This game was cancelled.")
    else:
        lines.append("The game has started below.")
    return "\n".join(lines)
