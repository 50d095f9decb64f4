"""What the Activity's page (templates/activity.html, static/activity.js) is rendered with:
its words in every language the bot speaks, since the member's language is only known
once Discord has said who they are (the session's `locale`), the application's client id,
and whether the page runs on the SDK's `DiscordSDKMock` (the playground and the tests).

The words go through the bot's catalogs like every other text (`python -m bot.catalog`
finds them here); the game page's script words (words.py) come along for the colours and
the move descriptions both pages share.
"""

from __future__ import annotations

from typing import Any

from ..i18n import LANGUAGES, _, pgettext, speaking
from .words import script_words


def activity_words() -> dict[str, Any]:
    """What the Activity's script writes, in the language being spoken."""
    return {
        **script_words(),
        "title": _("AXIO board"),
        "connecting": _("Connecting to Discord…"),
        "reconnecting": _("Connection lost: reconnecting…"),
        "refused": _("Discord did not let this board open: {reason}"),
        "noGame": _("No game is being played in this channel."),
        "howToStart": _(
            "Start one with /axio new in this channel: this board shows it as soon as it starts."
        ),
        "openAgain": _("This board shows the game as soon as it starts: keep it open."),
        "you": _("you"),
        "winner": pgettext("picture", "winner"),
        "yourTurn": _("Your turn"),
        "watching": _("You are watching: only the players see their own tiles."),
        "waiting": _("{name} to move: your tiles are below."),
        "rack": _("Your rack"),
        "hand": _("Your tile"),
        "supply": _("The extra tile from the supply"),
        "pickTile": _("Tap a tile of your rack, then a ringed cell."),
        "pickCell": _("Tap a ringed cell: the tile's half you tapped goes there."),
        "pickOther": _(
            "Tap a ringed neighbour for the other half, or the same cell again to turn the tile."
        ),
        "ready": _("{move}: check the points, then Confirm."),
        "pickPosition": _("Tap a ringed position for your tile."),
        "pickTurn": _("Turn the tile, then Confirm."),
        "pickColour": _("Name a colour for the empty corner, then Confirm."),
        "turned": _("Turned {degrees}°"),
        "nameColour": _("Colour for the empty corner"),
        "confirm": _("Confirm"),
        "cancel": _("Cancel"),
        "sending": _("Sending your move…"),
        "suggestions": _("Suggestions"),
        "exchangeQuestion": _(
            "No tile of your rack shows your lowest colour: exchange the whole rack for five "
            "new tiles, or keep it?"
        ),
        "exchange": _("Exchange"),
        "keep": _("Keep"),
        "extraTurn": _("AXIO! Play another tile from your rack."),
        "gains": _("Points"),
        "axioGain": _("AXIO!: an extra turn"),
        "zoom": _("Enlarge the board"),
        "cellTaken": _("{cell} already holds a tile."),
        "cellPrinted": _("{cell} is a printed colour space: never covered."),
        "cellPyramid": _("{cell} holds a pyramid."),
        "cellDeadWhy": _("{cell} is a dead cell: never playable."),
        "cellNoNeighbour": _("{cell} has no empty neighbour for a tile's other half."),
        "cellFirst": _(
            "Your first tile must touch a printed colour space that no tile touches yet: "
            "{cell} does not."
        ),
        "cellNoMove": _("No tile of your rack can go on {cell} now."),
        "cellNotTile": _("Your tile cannot go on {cell}; the ringed cells can take it."),
        "notYourTurn": _("It is not your turn: {name} is to move."),
        "positionTaken": _("A tile already lies at {position}."),
        "positionNoFit": _("Your tile fits at {position} in no turn."),
        "positionAlone": _("{position} touches no tile: a tile goes next to one."),
    }


def activity_context(client_id: str, *, mock: bool) -> dict[str, Any]:
    """The template's context: `words` holds every language's words (the page picks the
    member's once the session says it)."""
    every: dict[str, Any] = {}
    for language in LANGUAGES:
        with speaking(language):
            every[language] = activity_words()
    return {
        "language": "en",
        "title": every["en"]["title"],
        "config": {"clientId": client_id, "mock": mock, "words": every},
    }
