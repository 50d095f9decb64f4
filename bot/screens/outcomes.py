"""The three honest answers to a command that changes something, when the database did not
simply say yes.

Storage ends every command one of three ways (see storage/errors.py): it returns (stored),
it raises a NothingStoredError or a refusal (certainly nothing stored), or it raises
OutcomeUnknownError (sent, never confirmed: it may be stored). Each command says what it
changes as a `Change`, and the answer to a database fault is drawn from it here:

- the database not answering: "The game's storage is not answering; your move was not
  played. Try again in a minute.";
- the database busy (another process holds SQLite's write lock): "… busy right now; your
  move was not played. Try again in a moment.";
- the outcome unknown: what may have happened and where it will show. Whatever was stored
  owes its table posts as usual, and the courier delivers them within seconds of the
  database answering again (its `on_back` pass), so "in a moment" holds.

A command that declares no change gets `NOTHING`, whose words are true of any command:
certainly nothing stored is "nothing was changed".
"""

from __future__ import annotations

from dataclasses import dataclass

from storage import DatabaseBusyError, NothingStoredError, OutcomeUnknownError

from ..i18n import N_, _


@dataclass(frozen=True)
class Change:
    """What a command changes, as its answers to a database fault put it."""

    not_done: str
    """What certainly did not happen, as a clause: "your move was not played"."""
    unknown: str
    """The whole answer when the change may or may not have been stored: what to look at
    before trying again."""


NOTHING = Change(
    N_("nothing was changed"),
    N_(
        "I could not confirm that change, so it may or may not have been made. "
        "Look again in a moment before trying it again."
    ),
)
MOVE = Change(
    N_("your move was not played"),
    N_(
        "I could not confirm your move; if it was stored it will appear in the channel in a "
        "moment, and the table will show it."
    ),
)
NEW_GAME = Change(
    N_("no game was opened"),
    N_(
        "I could not confirm that the game was opened; if it was, it appears here in a moment "
        "(a lobby whose message is missing comes back with `/axio new`)."
    ),
)
LOBBY = Change(
    N_("the lobby was not changed"),
    N_(
        "I could not confirm that change to the lobby, so it may or may not have been made; a "
        "game that started appears in the channel in a moment. Try again in a moment: joining, "
        "leaving, starting or cancelling twice is refused, never done twice."
    ),
)
COMPUTER_SEAT = Change(
    N_("no computer player joined"),
    N_(
        "I could not confirm that the computer player joined; it may have. The lobby message "
        "shows every seat after its next change: look there before adding another."
    ),
)
RESIGN = Change(
    N_("you have not resigned"),
    N_(
        "I could not confirm your resignation; if it was stored, a computer plays your seat "
        "from now on (`/axio hand` says so in a moment)."
    ),
)
SKIP_VOTE = Change(
    N_("your vote was not counted"),
    N_(
        "I could not confirm your vote; vote again in a moment with `/axio skip`: a vote "
        "counts only once."
    ),
)
END = Change(
    N_("the game was not ended"),
    N_(
        "I could not confirm that the game was ended; in a moment `/axio board` shows whether "
        "it still runs."
    ),
)
SETTINGS = Change(
    N_("the settings were not changed"),
    N_("I could not confirm the new settings; `/axio settings` shows what is stored."),
)
NOTIFY = Change(
    N_("your choice was not saved"),
    N_(
        "I could not confirm your choice; run `/axio notify` again in a moment: saving it "
        "twice does no harm."
    ),
)
DAILY = Change(
    N_("today's deal was not dealt"),
    N_(
        "I could not confirm that today's deal was dealt; `/axio daily play` again shows it (or "
        "deals it): you get one counted game either way."
    ),
)
TOURNAMENT = Change(
    N_("the tournament was not changed"),
    N_(
        "I could not confirm that change to the tournament; in a moment "
        "`/axio tournament standings` shows whether it was made."
    ),
)
FORGET = Change(
    N_("nothing was deleted"),
    N_("I could not confirm the deletion; in a moment `/axio forget-me` shows what is still kept."),
)


def fault_text(error: BaseException, change: Change | None) -> str | None:
    """The answer to a database fault (None for anything else)."""
    change = change or NOTHING
    if isinstance(error, OutcomeUnknownError):
        return _(change.unknown)
    if isinstance(error, DatabaseBusyError):
        return _(
            "The game records are busy right now; {not_done}. Try again in a moment.",
            not_done=_(change.not_done),
        )
    if isinstance(error, NothingStoredError):
        return _(
            "The game's storage is not answering; {not_done}. Try again in a minute.",
            not_done=_(change.not_done),
        )
    return None


def stored_text(done: str, *, lost_answer: bool) -> str:
    """The answer to a member whose change is stored, when something failed after it:
    what was stored, never "nothing was changed". `lost_answer`: Discord lost the first
    answer (which is why this one comes now). `done` is the bot's own words (member text in
    it is escaped where it was written)."""
    if lost_answer:
        return _("{done} (Discord lost my first answer, so this one comes separately.)", done=done)
    return done
