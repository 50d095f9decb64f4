"""`/axio forget-me`: what the bot keeps about a member, the question before it is deleted,
and the answer after. Only the member sees any of it (ephemeral).

The buttons carry the member's own id (`axio:forget:<user_id>:<act>`), so a button shown
to one member can never delete another's data, even if pressed by someone else.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import discord

from storage import GameRecord
from storage.members import PERSONAL_DATA, Forgotten, MemberData

from ..i18n import N_, _, ngettext
from .controls import Address, ControlButton, id_number, view_of
from .present import title

USER_ID_LIMIT = 2**63 - 1


def _user_id_fits(fields: dict[str, Any]) -> None:
    fields["user_id"] = id_number(fields["user_id"], "user", USER_ID_LIMIT, low=1)


FORGET = Address("forget", ("user_id", "act"), {"act": ("yes", "no")}, _user_id_fits)

NOTHING_KEPT = N_(
    "The bot keeps nothing about you: no games, results, ratings or settings. "
    "(Messages in the server's channels are the server's.)"
)
KEPT_NOTHING_DELETED = N_("Nothing was deleted; your games, ratings and settings are as they were.")
WHAT_STAYS = N_(
    'Your seats in past games stay, named "a former player", so other people\'s games, '
    "results and ratings stay whole and every replay still plays. Messages already posted "
    "in the server's channels are not edited. **This cannot be undone.**"
)


KEPT: dict[str, Callable[[int], str]] = {
    "games.host_id": lambda n: ngettext("{count} game hosted", "{count} games hosted", n),
    "seats.user_id": lambda n: ngettext(
        "{count} seat at a table (with the name shown)",
        "{count} seats at tables (with the name shown)",
        n,
    ),
    "results.player_id": lambda n: ngettext(
        "{count} result of a finished game (with the rating then)",
        "{count} results of finished games (with the rating then)",
        n,
    ),
    "ratings.player_id": lambda n: ngettext(
        "{count} rating and record (games, wins, best)",
        "{count} ratings and records (games, wins, best)",
        n,
    ),
    "solo_best.user_id": lambda n: ngettext(
        "{count} solo high score", "{count} solo high scores", n
    ),
    "notify.user_id": lambda n: ngettext(
        "{count} direct-message reminder choice", "{count} direct-message reminder choices", n
    ),
    "skip_votes.voter_id": lambda n: ngettext(
        "{count} vote to skip a late player", "{count} votes to skip a late player", n
    ),
    "season_ratings.player_id": lambda n: ngettext(
        "{count} monthly season rating", "{count} monthly season ratings", n
    ),
    "daily_attempts.user_id": lambda n: ngettext(
        "{count} daily challenge result", "{count} daily challenge results", n
    ),
    "tournaments.host_id": lambda n: ngettext(
        "{count} tournament hosted", "{count} tournaments hosted", n
    ),
    "tournament_players.user_id": lambda n: ngettext(
        "{count} tournament entry", "{count} tournament entries", n
    ),
    "tournament_byes.user_id": lambda n: ngettext(
        "{count} tournament bye", "{count} tournament byes", n
    ),
}
"""Each kind of row storage keeps about a member (`storage.members.PERSONAL_DATA`), counted
in the member's language. Storage's own English (`what`) is the operators'."""


def kept_lines(rows: dict[str, int]) -> list[str]:
    """`- 3 seats at tables (…)`: one line per kind of row counted, none for a zero."""
    return [
        f"- {KEPT[entry.key](rows[entry.key]) if entry.key in KEPT else entry.what}"
        for entry in PERSONAL_DATA
        if rows.get(entry.key)
    ]


def forget_question(found: MemberData) -> tuple[str, discord.ui.View | None]:
    """What will be deleted, and the buttons to do it or not (none when nothing is kept)."""
    if not found.total:
        return _(NOTHING_KEPT), None
    lines = [_("**Delete everything the bot keeps about you, in every server?** It holds:")]
    lines += kept_lines(found.rows)
    for record in found.lobbies:
        lines.append(_("- a seat in the lobby of {game}: you leave it", game=_game(record)))
    for record in found.playing:
        lines.append(
            _("- your seat in {game}: a computer plays it on and you rank last (a game "
              "nobody else plays in ends without a result)", game=_game(record))
        )  # fmt: skip
    if found.rows.get("tournament_players.user_id"):
        lines.append(_("You leave the tournaments you are in (one under way: you withdraw)."))
    lines.append(_(WHAT_STAYS))
    user_id = found.user_id
    buttons = view_of(
        ControlButton(
            label=_("Delete my data"),
            style=discord.ButtonStyle.danger,
            custom_id=FORGET.custom_id(user_id, "yes"),
        ),
        ControlButton(label=_("Keep it"), custom_id=FORGET.custom_id(user_id, "no")),
    )
    return "\n".join(lines), buttons


def forgotten_text(done: Forgotten) -> str:
    lines = [_("🗑️ **Your data is deleted.** Removed or made a former player's:")]
    lines += kept_lines(done.rows) or [_("- nothing was left")]
    if done.resigned:
        lines.append(_("A computer now plays your seat in {games}.", games=_games(done.resigned)))
    if done.ended:
        lines.append(_("Ended without a result: {games}.", games=_games(done.ended)))
    if done.left_lobbies:
        lines.append(_("You left the lobby of {games}.", games=_games(done.left_lobbies)))
    if done.tournaments:
        lines.append(
            ngettext("You left or withdrew from {count} tournament.",
                     "You left or withdrew from {count} tournaments.", len(done.tournaments))
        )  # fmt: skip
    lines.append(_("Play again any time: you start afresh."))
    return "\n".join(lines)


def _game(record: GameRecord) -> str:
    return _("the {game} game in {channel}", game=title(record.kind),
             channel=f"<#{record.channel_id}>")  # fmt: skip


def _games(records: tuple[GameRecord, ...]) -> str:
    return ", ".join(_game(record) for record in records)
