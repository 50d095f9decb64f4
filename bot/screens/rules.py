"""`/axio rules`: each game in a few lines, with the table's picture of a game under way
(what its marks mean is one of the lines)."""

from __future__ import annotations

import random

from engine import game_class
from render import PictureWords, render_table

from ..i18n import N_, _, current
from .summary import Paint
from .words import picture_words

RULES = {
    "axio": N_(
        "**AXIO** — 1 to 4 players, a 13×13 board (9×9 for 1–2 players, 11×11 for 3).\n"
        "• On your turn place one tile from your rack of five on two empty cells side by side. "
        "Your first tile must touch a printed colour space no tile touches yet.\n"
        "• Each half scores its colour: count matching symbols in a straight line in the three "
        "directions away from its other half (printed spaces count).\n"
        "• An empty cell boxed in on all sides gets a pyramid: 1 point per symbol around it.\n"
        "• A colour reaching 18 calls **AXIO!**: place another tile at once.\n"
        "• If your rack shows none of your lowest colour(s), you may exchange it.\n"
        "• The game ends when the player to move cannot place. "
        "**The highest lowest colour wins**; ties go to the next lowest.\n"
        "On the table's picture every tile placed since your last turn is ringed in its "
        "player's colour (the stripe beside their name) with a badge numbered in order, "
        "①, ②, …; the turn post names each by its badge.\n"
        "Press **My tiles** to play, or type moves like `E5 blue, F5 red` (each cell and "
        "the colour that goes there)."
    ),
    "rota": N_(
        "**AXIO Rota** — 1 to 4 players, square tiles with a quarter circle in each corner.\n"
        "• Each player has a face-down stack of 12 and one tile in hand.\n"
        "• Place your tile next to the display (sharing a side), turned any way you like.\n"
        "• Each corner scores 1 point per matching symbol in the circle it joins. An empty "
        "corner of your tile counts as a colour you name; old empty corners never match.\n"
        "• A colour reaching 12 calls **AXIO!**: play an extra tile from the general supply.\n"
        "• The game ends when every stack is played. "
        "**The highest lowest colour wins**; ties go to the next lowest.\n"
        "On the table's picture every tile placed since your last turn is framed in its "
        "player's colour (the stripe beside their name) with a badge numbered in order, "
        "①, ②, …, in its middle; the turn post names each by its badge.\n"
        "Press **My tiles** to play, or type moves like `O10 90 green` (the position's name "
        "from the display's edges, the turn clockwise, the colour named for an empty corner)."
    ),
}


HELP = N_("""**AXIO bot: the commands** (all under `/axio`)
**Play**
• `/axio new game:<AXIO|Rota>`: open a lobby here; others press **Join**, the host \
**Add computer** and **Start**. `thread:True` gives the game a thread of its own.
• `/axio solo game:<…>`: play alone at once, in your own window.
• `/axio lobby join|leave|start|cancel`: the lobby's buttons, typed.
• **My tiles** (on the turn post) or `/axio hand`: your tiles and the best moves; tap one, \
then **Confirm**. **Other move…** reaches every move.
• `/axio play move:<…>`: type a move, with suggestions as you type.
• `/axio hint`: the computer's suggestions for your move.
**Look**
• `/axio board` (`close_up:True` for the part around the last move), `/axio scores`, \
`/axio log`: only you see the answer.
• `/axio rules game:<…>`: how to play; `/axio help`: this list.
**Leave**
• `/axio resign`: a computer plays your seat on and you rank last (asks first).
• `/axio skip`: vote to let a computer make a late player's move.
• `/axio end`: end the game with no result (the host or a moderator).
**Every day, every month**
• `/axio daily play game:<…>`: today's deal, the same for everyone, only you see it; \
`/axio daily results`: the day's table.
• `/axio tournament new|join|start|standings|…`: Swiss or round robin, over days.
• `/axio leaderboard [season]`, `/axio stats`, `/axio history`, `/axio replay game:<number>`.
• `/axio review game:<number>`: a finished game's moves beside the expert's, with each \
player's accuracy and mistakes (your own games, or this server's).
**You and this server**
• `/axio notify`: a direct message when your move is overdue.
• `/axio forget-me`: delete what the bot keeps about you.
• `/axio settings`: this server's reminders, timeouts, hints, computers, daily channel and language.
The highest **lowest** colour wins: raise your weakest colour.""")
"""English msgids (`N_`), as RULES: translated where shown (`_(HELP)`)."""


def example_png(kind: str, words: PictureWords) -> bytes:
    """The table's picture a few turns into a seeded game: what a player will see, its
    marks of the moves since the player to move last played and their legend included."""
    game = game_class(kind)(3, 2024)  # three players: two others' moves, two colours
    rng = random.Random(2024)
    for __ in range(13 if kind == "axio" else 9):
        game.play(rng.choice(game.legal_moves()))
    return render_table(game, [], words=words)


_EXAMPLES: dict[tuple[str, str], bytes] = {}
"""Each kind's example picture in each language, drawn once a process (it never changes)."""


async def rules_message(kind: str, paint: Paint) -> tuple[str, bytes]:
    """The rules in the reader's language, and the example picture."""
    key = (kind, current())
    if key not in _EXAMPLES:
        _EXAMPLES[key] = await paint(example_png, kind, picture_words())
    return _(RULES[kind]), _EXAMPLES[key]


def rules_alt(kind: str) -> str:
    """Alt text of the example picture."""
    if kind == "rota":
        return _(
            "An example AXIO Rota table a few turns in: square tiles with a coloured quarter "
            "circle in each corner, columns lettered along the top and rows numbered down the "
            "left, the open positions marked with their names, the two tiles placed since the "
            "player to move last played framed in their players' colours with badges numbered "
            "1 and 2, a line under the display explaining them, and three scoreboards."
        )
    return _(
        "An example AXIO table a few turns in: two-cell tiles on a grid with lettered columns "
        "and numbered rows, coloured symbols on each half, printed colour spaces at the edges, "
        "the two tiles placed since the player to move last played ringed in their players' "
        "colours with badges numbered 1 and 2, a line under the board explaining them, and "
        "three scoreboards."
    )
