"""Game reviews for `/axio review`: who may see one, and getting it, computed once per game.

The first request for a finished game's review analyses its moves in the thinker's process
pool (`Thinker.review`, one task per move, so the event loop never waits on it) and stores
the result (`Repository.save_review`); every later request reads it back. Two requests in
this process at once share one computation (an in-flight map); two processes may both
compute one, and storage keeps the first to commit, so a game never shows two reviews.

Decisions where the issue is silent:
- **Who may review.** A player of the game, wherever they ask (their own game of any
  server); anyone else only a game of the server they ask in. A game still running (or a
  lobby) cannot be reviewed by anyone, at its table or not: the review weighs every move
  against what the expert would have played with the mover's rack, so it would show
  the racks and the best moves while they still matter. A game ended without a result
  has nothing to review. A daily challenge's game is private: only its player may review
  it, and only once its day is over (until then the expert's line would be the day's
  solution, passed on).
- **Racks after the game.** A review shows, per move, what was played and what the expert
  would have played with that rack. Once a game is over, no rack can change anything, and
  the replay already shows every tile that was played; so a finished game's racks are no
  longer a secret worth keeping, and the review may show its moves to whoever may see it.
- **The expert's budget and seed.** A review is made at the bot's `review_budget_s`
  (REVIEW_BUDGET_S, by default the expert's 2 s a position), not at a server's expert
  budget: a review is kept for good and should weigh every game alike. The seed is the
  game's own, so the same game always gets the same review.
- **A stand-in's moves** (the server's computer playing for a late, skipped or resigned
  player) are reviewed but not counted as the player's: not in their accuracy, marks or
  mistakes (storage marks them as they are played).
- **Names** are not part of a stored review (it knows seats only); they come from the
  game's seats when it is shown, so a member deleted by `/axio forget-me` shows as "a
  former player" in every review, kept before or after.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from datetime import datetime

from engine.ai.review import GameReview, review_tasks
from engine.daily import is_over
from storage import GameNotFoundError, GameRecord, Repository

from ..i18n import _
from ..screens.controls import GAME_ID_LIMIT
from ..screens.refusals import Refusal
from .thinking import Thinker


class Reviews:
    def __init__(
        self,
        repo: Repository,
        thinker: Thinker,
        *,
        budget_s: float,
        clock: Callable[[], datetime],
    ) -> None:
        self.repo = repo
        self.thinker = thinker
        self.budget_s = budget_s
        self.clock = clock
        self._computing: dict[int, asyncio.Future[GameReview]] = {}

    async def reviewable(self, game_id: int, guild_id: int, user_id: int) -> GameRecord:
        """The game, if this member may review it here; else a refusal that changes
        nothing (see the module's docstring for who may)."""
        record = await self._game(game_id)
        player = record is not None and record.seat_of(user_id) is not None
        if record is None or not (player or (guild_id and record.guild_id == guild_id)):
            raise Refusal(
                _(
                    "There is no game #{game} of yours or of this server. `/axio history` "
                    "lists this server's finished games.",
                    game=game_id,
                )
            )
        if record.is_open:
            raise Refusal(
                _(
                    "Game #{game} is still being played. Its review shows the expert's move "
                    "for every rack, so it opens once the game has finished.",
                    game=game_id,
                )
            )
        if record.status != "finished" or record.game is None or not record.game.log:
            raise Refusal(
                _("Game #{game} ended without a result: there is nothing to review.", game=game_id)
            )
        attempt = await self.repo.daily_attempt_of_game(record.id)
        if attempt is not None and attempt.user_id != user_id:
            raise Refusal(
                _(
                    "Game #{game} is a daily challenge: only its player may review it. "
                    "`/axio daily results` shows the day's scores.",
                    game=game_id,
                )
            )
        if attempt is not None and not is_over(attempt.day, self.clock()):
            raise Refusal(
                _(
                    "Game #{game} is today's daily challenge: its review would give the "
                    "day's best moves away, so it opens when the day turns at 00:00 UTC.",
                    game=game_id,
                )
            )
        return record

    async def _game(self, game_id: int) -> GameRecord | None:
        if not 0 < game_id <= GAME_ID_LIMIT:
            return None
        try:
            return await self.repo.get_game(game_id)
        except GameNotFoundError:
            return None

    async def stored(self, game_id: int) -> GameReview | None:
        """The kept review, or None if none was made yet."""
        data = await self.repo.review(game_id)
        return None if data is None else GameReview.from_dict(data)

    async def review(self, record: GameRecord) -> GameReview:
        """The review of a finished game: the kept one, or one computed now and kept."""
        found = await self.stored(record.id)
        if found is not None:
            return found
        computing = self._computing.get(record.id)
        if computing is None:
            computing = asyncio.ensure_future(self._compute(record))
            self._computing[record.id] = computing
            computing.add_done_callback(lambda _: self._computing.pop(record.id, None))
        # Shielded: a request that gives up (its interaction expired) leaves the work to
        # finish and be kept for the next one.
        return await asyncio.shield(computing)

    async def _compute(self, record: GameRecord) -> GameReview:
        assert record.seed is not None
        moves = await self.repo.moves(record.id)
        tasks = review_tasks(
            record.kind,
            len(record.seats),
            record.seed,
            [move.text for move in moves],
            budget_s=self.budget_s,
            seed=record.seed,
            stand_ins={move.move_number for move in moves if move.stand_in},
        )
        review = await self.thinker.review(tasks)
        return GameReview.from_dict(await self.repo.save_review(record.id, review.to_dict()))
