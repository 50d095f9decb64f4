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


@dataclass(frozen=True)
class Change:
    """What a command changes, as its answers to a database fault put it."""

    not_done: str
    """What certainly did not happen, as a clause: "your move was not played"."""
    unknown: str
    """The whole answer when the change may or may not have been stored: what to look at
    before trying again."""


NOTHING = Change(
    "nothing was changed",
    "I could not confirm that change, so it may or may not have been made. "
    "Look again in a moment before trying it again.",
)
MOVE = Change(
    "your move was not played",
    "I could not confirm your move; if it was stored it will appear in the channel in a "
    "moment, and the table will show it.",
)
NEW_GAME = Change(
    "no game was opened",
    "I could not confirm that the game was opened; if it was, it appears here in a moment "
    "(a lobby whose message is missing comes back with `/axio new`).",
)
LOBBY = Change(
    "the lobby was not changed",
    "I could not confirm that change to the lobby, so it may or may not have been made; a "
    "game that started appears in the channel in a moment. Try again in a moment: joining, "
    "leaving, starting or cancelling twice is refused, never done twice.",
)
COMPUTER_SEAT = Change(
    "no computer player joined",
    "I could not confirm that the computer player joined; it may have. The lobby message "
    "shows every seat after its next change: look there before adding another.",
)
RESIGN = Change(
    "you have not resigned",
    "I could not confirm your resignation; if it was stored, a computer plays your seat "
    "from now on (`/axio hand` says so in a moment).",
)
SKIP_VOTE = Change(
    "your vote was not counted",
    "I could not confirm your vote; vote again in a moment with `/axio skip`: a vote "
    "counts only once.",
)
END = Change(
    "the game was not ended",
    "I could not confirm that the game was ended; in a moment `/axio board` shows whether "
    "it still runs.",
)
SETTINGS = Change(
    "the settings were not changed",
    "I could not confirm the new settings; `/axio settings` shows what is stored.",
)
NOTIFY = Change(
    "your choice was not saved",
    "I could not confirm your choice; run `/axio notify` again in a moment: saving it "
    "twice does no harm.",
)
DAILY = Change(
    "today's deal was not dealt",
    "I could not confirm that today's deal was dealt; `/axio daily play` again shows it (or "
    "deals it): you get one counted game either way.",
)
TOURNAMENT = Change(
    "the tournament was not changed",
    "I could not confirm that change to the tournament; in a moment "
    "`/axio tournament standings` shows whether it was made.",
)
FORGET = Change(
    "nothing was deleted",
    "I could not confirm the deletion; in a moment `/axio forget-me` shows what is still kept.",
)


def fault_text(error: BaseException, change: Change | None) -> str | None:
    """The answer to a database fault (None for anything else)."""
    change = change or NOTHING
    if isinstance(error, OutcomeUnknownError):
        return change.unknown
    if isinstance(error, DatabaseBusyError):
        return f"The game records are busy right now; {change.not_done}. Try again in a moment."
    if isinstance(error, NothingStoredError):
        return f"The game's storage is not answering; {change.not_done}. Try again in a minute."
    return None


def stored_text(done: str, *, lost_answer: bool) -> str:
    """The answer to a member whose change is stored, when something failed after it:
    what was stored, never "nothing was changed". `lost_answer`: Discord lost the first
    answer (which is why this one comes now). `done` is the bot's own words (member text in
    it is escaped where it was written)."""
    if lost_answer:
        return f"{done} (Discord lost my first answer, so this one comes separately.)"
    return done
