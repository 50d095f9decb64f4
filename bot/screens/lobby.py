"""The lobby message's words: the game, its host, the seats taken, and what to do next."""

from __future__ import annotations

from storage import GameRecord
from storage.records import FORMER_PLAYER_NAME, is_former_player

from ..i18n import _
from .present import seat_name, title


def lobby_text(record: GameRecord) -> str:
    """In the server's language (the caller speaks it): the lobby is the table's."""
    host = FORMER_PLAYER_NAME if is_former_player(record.host_id) else f"<@{record.host_id}>"
    lines = [
        _("🎲 **{game}** — a new game hosted by {host}.", game=title(record.kind), host=host),
        _("Seats ({taken}/{seats}):", taken=len(record.seats), seats=record.max_seats),
    ]
    for seat in record.seats:
        name = seat_name(seat)
        if seat.user_id == record.host_id:
            name = _("{name} (host)", name=name)
        lines.append(f"{seat.seat + 1}. {name}")
    if record.status == "lobby":
        lines.append(_("Press **Join** to take a seat; the host presses **Start** when ready."))
    elif record.status == "cancelled":
        lines.append(_("This game was cancelled."))
    else:
        lines.append(_("The game has started below."))
    return "\n".join(lines)
