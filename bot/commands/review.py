"""`/axio review game:<id>`: a finished game's moves beside the expert's, each player's
accuracy, the review picture, and a button per marked move for the position before and
after it (`ReviewControl` in controls.py answers those).

Who may review what, and why, is `table/reviews.py`'s docstring. The answer is private
(only the asker sees it): a review judges people's play, which is theirs to share. The
refusals are checked before the defer (a quick read); the first review of a game may then
think for a while in the process pool, behind Discord's "thinking…", and a second request
is read from storage.
"""

from __future__ import annotations

import discord
from discord import app_commands

from engine.daily import day_number

from ..i18n import _
from ..screens.game_choices import game_choices, searched
from ..screens.links import page_button
from ..screens.refusals import Refusal, answered, reply
from ..screens.review import marked_move_files, review_file, review_text, review_view
from .options import OPTION_INTEGER_LIMIT
from .services import Services


class ReviewCommands:
    services: Services

    @app_commands.command(description="A finished game's moves beside the expert's (only you)")
    @answered()
    @app_commands.describe(game="The game: pick one of yours or this server's, or type its number")
    async def review(
        self,
        interaction: discord.Interaction,
        game: app_commands.Range[int, 1, OPTION_INTEGER_LIMIT],
    ) -> None:
        await show_review(self.services, interaction, game)

    @review.autocomplete("game")
    async def review_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[int]]:
        """The member's own finished games (any server) and this server's, newest first:
        the games `/axio review` would show them."""
        return await finished_game_choices(self.services, interaction, current, own=True)


async def finished_game_choices(
    services: Services, interaction: discord.Interaction, typed: str, *, own: bool
) -> list[app_commands.Choice[int]]:
    """Finished games matching what was typed, newest first: this server's, and with `own`
    the member's own on any server too."""
    found = await services.repo.finished_games(
        interaction.guild_id or 0,
        interaction.user.id if own else None,
        open_day=day_number(services.clock()),
        limit=searched(str(typed)),
    )
    return game_choices(found, str(typed))


async def show_review(services: Services, interaction: discord.Interaction, game_id: int) -> None:
    reviews = services.reviews
    record = await reviews.reviewable(game_id, interaction.guild_id or 0, interaction.user.id)
    await interaction.response.defer(ephemeral=True, thinking=True)
    review = await reviews.review(record)
    view = review_view(record, review)
    link = await services.links.game(record.id)
    if link:
        view = view or discord.ui.View(timeout=None)
        view.add_item(page_button(link))
    extra = {"view": view} if view is not None else {}
    file = await review_file(record, review, services.paint)
    await reply(interaction, review_text(record, review), file=file, **extra)


async def show_marked_move(
    services: Services, interaction: discord.Interaction, game_id: int, number: int
) -> None:
    """A review button: the position before and after move `number`, privately. Checked
    again on every press (a forged id names any game): the same rights as the review, a
    review that exists, a move it has."""
    reviews = services.reviews
    record = await reviews.reviewable(game_id, interaction.guild_id or 0, interaction.user.id)
    review = await reviews.stored(record.id)
    if review is None:
        raise Refusal(
            _("Game #{game} has no review yet: ask for one with `/axio review`.", game=game_id)
        )
    if not 1 <= number <= len(review.moves):
        raise Refusal(
            _(
                "Game #{game} has no move {number}: use the buttons of its review.",
                game=game_id,
                number=number,
            )
        )
    await interaction.response.defer(ephemeral=True, thinking=True)
    words, files = await marked_move_files(record, review, number, services.paint)
    await reply(interaction, words, files=files)
