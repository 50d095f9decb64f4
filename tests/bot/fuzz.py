"""A hostile member, seeded: `/axio play` texts, autocomplete queries, odd option values and
forged component payloads, sent through SimCord to a server with games under way.

For every input the fuzzer checks what a member would see and what storage holds:
- an answer: ephemeral (unless the command's honest answer is public) and readable
  (non-empty, at most 2,000 characters);
- nothing unhandled: no new SimCord error, nothing logged at ERROR;
- no state change unless the input was a legal move by the player to move.
Used by tests/bot/test_fuzz.py (a few thousand inputs) and bench/bench_fuzz.py (more).
"""

from __future__ import annotations

import logging
import random
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

import simcord
from simcord import SetupError

from bot.screens.moves import parse_player_move
from engine import IllegalMoveError
from tests.bot.forge import forged_autocomplete, forged_component, forged_slash

MESSAGE_LIMIT = 2000
PIECES = [
    " ",
    "  ",
    "\t",
    "\n",
    "\x00",
    "\u200b",
    ",",
    ":",
    ";",
    "=",
    "-",
    "+",
    "/",
    "&",
    "#",
    "(",
    ")",
    "°",
    "`",
    "*",
    "_",
    "~",
    "|",
    ">",
    "@everyone",
    "<@1>",
    "<@&2>",
    "<#3>",
    "0",
    "1",
    "9",
    "90",
    "180",
    "270",
    "-1",
    "١",
    "²",
    "٩",
    "e",
    "E5",
    "m13",
    "n",
    "b",
    "r",
    "green",
    "star",
    "deg",
    "turn",
    "r90",
    "exchange",
    "keep",
    "🙂",
    "é",
    "x",
]
RUN_PIECES = [" ", "1", "-", ",", ":", "9", "#", "\x00", "e5", "١", "`"]
GAME_IDS = ["0", "-1", "١", "x", "", str(2**63), str(2**64), "9" * 30, "007"]
COUNTS = ["0", "1", "-1", "99999999999999999999", "١", "", "x"]


@dataclass
class Tally:
    """What the fuzz found: the goal is zero in every list."""

    inputs: int = 0
    unhandled: list[str] = field(default_factory=list)
    no_reply: list[str] = field(default_factory=list)
    unreadable: list[str] = field(default_factory=list)
    public_refusals: list[str] = field(default_factory=list)
    state_changes: list[str] = field(default_factory=list)
    legal_moves: int = 0
    slowest_refusal_ms: float = 0.0
    slowest_refusal: str = ""
    refusal_ms: list[float] = field(default_factory=list)
    kinds: dict[str, int] = field(default_factory=dict)

    def problems(self) -> dict[str, list[str]]:
        found = {
            "unhandled": self.unhandled,
            "no_reply": self.no_reply,
            "unreadable": self.unreadable,
            "public_refusals": self.public_refusals,
            "state_changes": self.state_changes,
        }
        return {name: items[:5] for name, items in found.items() if items}


class ErrorLog(logging.Handler):
    """Everything logged at ERROR or above while the fuzz runs."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


@dataclass
class Input:
    kind: str
    label: str
    send: Callable[[], Awaitable[Any]]
    legal: bool = False  # a legal move by the player to move: the one allowed change
    public_ok: bool = False  # the command's honest answer is public
    choices: bool = False  # autocomplete: the answer is a list of choices


class Fuzzer:
    def __init__(self, env: simcord.Env, seed: int) -> None:
        self.env = env
        self.rng = random.Random(seed)
        self.guild = env.create_guild("fuzz")
        self.members = {
            name: self.guild.add_member(env.create_user(name))
            for name in ("ann", "ben", "cat", "dan", "eve")
        }
        self.channels = {
            kind: self.guild.create_text_channel(kind) for kind in ("axio", "rota", "lobby")
        }
        self.errors_seen = 0
        self._legal: dict[tuple[int, int], list[str]] = {}
        poll_sooner(env)

    @property
    def repo(self) -> Any:
        return self.env.bot.repo  # type: ignore[attr-defined]

    # --- the table ---------------------------------------------------------------------------
    async def ensure_games(self) -> None:
        """A two-player AXIO game, Cat's solo Rota game with Eve's lobby beside it, and an
        open lobby, whatever happened: every channel has a table game, so `/axio new` is
        a refusal everywhere (and `/axio solo` is sent by Cat beside her own)."""
        ann, ben, cat, dan, eve = self.members.values()
        axio, rota, lobby = self.channels.values()
        if not await self._running(axio):
            opened = (await ann.slash(axio, "axio new", game="axio", seats=2)).response
            await ben.click(opened, label="Join")
            await ann.click(opened, label="Start")
        if not await self._running(rota, cat):
            await cat.slash(rota, "axio solo", game="rota")
        if await self.repo.table_game(rota.id) is None:
            await eve.slash(rota, "axio new", game="axio")
        if await self.repo.table_game(lobby.id) is None:
            await dan.slash(lobby, "axio new", game="axio")
        self.errors_seen = len(self.env.errors)

    async def target(self, channel: Any) -> Any:
        """The game the fuzz plays in a channel: its table game, or in the Rota channel
        Cat's solo game (her own game there comes before Eve's lobby)."""
        cat = self.members["cat"].id if channel is self.channels["rota"] else None
        return await self.repo.game_in_channel(channel.id, cat)

    async def _running(self, channel: Any, solo_player: Any = None) -> bool:
        """Whether the channel's game (with `solo_player`, their solo game) is running; a
        table game stuck in its lobby is ended, to be opened and started again."""
        record = await self.target(channel)
        if solo_player is not None:
            return bool(record and record.solo and record.seat_of(solo_player.id))
        if record is not None and record.status != "running":
            await self.repo.cancel(record.id, now=self.env.now())
            return False
        return record is not None

    async def snapshot(self) -> dict[int, tuple]:
        """Every unfinished game of the fuzz's server: a new solo game shows as a change."""
        return {
            record.id: (record.channel_id, record.status, record.move_count, record.seats)
            for record in await self.repo.open_games(self.guild.id)
        }

    # --- inputs ------------------------------------------------------------------------------
    def hostile_text(self, legal: list[str]) -> str:
        rng = self.rng
        roll = rng.random()
        if roll < 0.06 and legal:
            return rng.choice(legal)
        if roll < 0.35 and legal:  # a legal move, mutated
            text = list(rng.choice(legal))
            for _ in range(rng.randint(1, 4)):
                at = rng.randrange(len(text) + 1)
                piece = rng.choice(PIECES)
                if rng.random() < 0.5 and text:
                    text[min(at, len(text) - 1)] = piece
                else:
                    text.insert(at, piece)
            return "".join(text)
        if roll < 0.55:  # long runs: the inputs that once made a parser backtrack
            head = rng.choice(["1,1", "1,1 90", "e5 b", "E5:", "#3", "", "2 0"])
            run = rng.choice(RUN_PIECES) * rng.choice([50, 95, 300, 2000, 10_000])
            return head + run + rng.choice(["x", "", "g", "f5 r", "1"])
        return "".join(rng.choice(PIECES) for _ in range(rng.randint(0, 30)))

    async def next_input(self) -> Input:
        rng = self.rng
        channel_kind = rng.choice(["axio", "axio", "rota", "lobby"])
        channel = self.channels[channel_kind]
        record = await self.target(channel)
        game = record.game if record is not None else None
        mover = None
        if game is not None and record.seat_to_move is not None:
            mover = next(
                (m for m in self.members.values() if m.id == record.seat_to_move.user_id), None
            )
        actor = mover if mover and rng.random() < 0.6 else rng.choice(list(self.members.values()))
        legal = self.legal_moves(record)
        roll = rng.random()
        if roll < 0.45:
            return self._play(actor, channel, self.hostile_text(legal), game, actor is mover)
        if roll < 0.62:
            typed = self.hostile_text(legal)
            return Input(
                "autocomplete",
                f"autocomplete {typed[:30]!r}",
                lambda: forged_autocomplete(actor, channel, "axio play", "move", typed),
                choices=True,
            )
        if roll < 0.80:
            return self._option(actor, channel, record)
        return self._component(actor, channel, record, game, actor is mover)

    def legal_moves(self, record: Any) -> list[str]:
        """The legal moves' texts, worked out once per position (the fuzzer's own cost)."""
        if record is None or record.game is None:
            return []
        key = (record.id, record.move_count)
        if key not in self._legal:
            self._legal = {key: [str(m) for m in record.game.legal_moves()]}
        return self._legal[key]

    def _play(self, actor: Any, channel: Any, text: str, game: Any, is_mover: bool) -> Input:
        legal = is_mover and game is not None and is_legal(game, text)

        async def send() -> Any:
            if 1 <= len(text) <= 100:
                try:
                    return await actor.slash(channel, "axio play", move=text)
                except SetupError:  # e.g. a NUL Discord's client would not send
                    pass
            return await forged_slash(actor, channel, "axio play", move=text)

        return Input("play", f"play {text[:40]!r} ({len(text)} chars)", send, legal=legal)

    def _option(self, actor: Any, channel: Any, record: Any) -> Input:
        rng = self.rng
        odd_int = rng.choice([0, -1, 1, 2**31, 2**53, 2**63, 2**64, 10**30])
        odd_hours = rng.choice([-1.0, 0.0, 0.5, 8760.0, 8761.0, 1e12, -1e308])
        choices: list[tuple[str, dict[str, Any], bool]] = [
            ("axio replay", {"game": odd_int}, False),
            ("axio replay", {"game": record.id if record else 1}, False),
            ("axio settings", {"reminder_hours": odd_hours}, False),
            ("axio settings", {"timeout_hours": odd_hours, "hints": False}, False),
            ("axio new", {"game": rng.choice(["axio", "rota"]), "seats": rng.randint(1, 4)}, False),
            ("axio solo", {"game": "rota"}, False),
            ("axio leaderboard", {"game": "axio", "solo": rng.random() < 0.5}, True),
            ("axio history", {}, True),
            ("axio log", {}, False),
            ("axio hand", {}, False),
            ("axio rules", {"game": rng.choice(["axio", "rota"])}, False),
            ("axio skip", {}, False),
            ("axio stats", {"member": rng.choice(list(self.members.values()))}, True),
            ("axio notify", {"enabled": rng.random() < 0.5}, False),
            ("axio board", {}, False),
            ("axio scores", {}, False),
        ]
        name, options, public_ok = rng.choice(choices)
        # Nobody here may manage the server, so settings changes are refused too.
        if name == "axio solo":  # anyone else's would be a new game, as it may be now
            actor, channel = self.members["cat"], self.channels["rota"]

        async def send() -> Any:
            try:
                return await actor.slash(channel, name, **options)
            except SetupError:  # out of the option's range: forge it past the client
                return await forged_slash(actor, channel, name, **options)

        return Input("option", f"{name} {options}", send, public_ok=public_ok)

    def _component(self, actor: Any, channel: Any, record: Any, game: Any, is_mover: bool) -> Input:
        rng = self.rng
        game_id = str(record.id) if record and rng.random() < 0.7 else rng.choice(GAME_IDS)
        count = str(record.move_count) if record and rng.random() < 0.6 else rng.choice(COUNTS)
        move = self.hostile_text(self.legal_moves(record))[:60]
        kind = rng.choice(["lobby", "cpu", "tiles", "pick", "move", "zzz", ""])
        select = kind == "pick"
        values: list[Any] | None = None
        legal = False
        # Honest lobby and computer presses change the lobby (the host adding a computer is
        # no forgery): only malformed ones are sent.
        if kind == "lobby":
            custom_id = f"axio:lobby:{rng.choice(GAME_IDS)}:{rng.choice(['join', 'zzz', ''])}"
        elif kind == "cpu":
            level = rng.choice(["easy", "godlike", "", "hard:x"])
            custom_id = f"axio:cpu:{rng.choice(GAME_IDS)}:{level}"
        elif kind == "tiles":
            custom_id = f"axio:tiles:{game_id}:{count}"
        elif kind == "pick":
            step = rng.choice(["tile", "position", "move", "colour", ""])
            custom_id = f"axio:pick:{game_id}:{count}:{step}"
            values = rng.choice([[], [""], [move], [move, "x"], ["9" * 99], ["١"]])
        elif kind == "move":
            act = rng.choice(["ok", "back", "exchange", "keep", "fly", ""])
            custom_id = f"axio:move:{game_id}:{count}:{act}:{move}"[:100]
            legal = (
                is_mover
                and record is not None
                and (game_id, count) == (str(record.id), str(record.move_count))
                and act in ("ok", "exchange", "keep")
                and is_legal(game, (move or act) if act == "ok" else act)
            )
        else:
            custom_id = f"axio:{kind}:{game_id}:{count}"
        public = [
            m for m in self.env.backend.messages.get(channel.id, {}).values() if not m.is_ephemeral
        ]
        if not public:
            return self._play(actor, channel, move, game, is_mover)
        message = rng.choice(public[-5:])

        async def send() -> Any:
            return await forged_component(actor, message, custom_id, values=values, select=select)

        return Input("component", f"{custom_id!r} values={values!r}", send, legal=legal)

    # --- checking ----------------------------------------------------------------------------
    async def run(self, count: int, tally: Tally | None = None) -> Tally:
        tally = tally or Tally()
        errors = ErrorLog()
        logging.getLogger().addHandler(errors)
        try:
            await self.ensure_games()
            for _ in range(count):
                await self.check_one(await self.next_input(), tally, errors)
        finally:
            logging.getLogger().removeHandler(errors)
        return tally

    async def check_one(self, item: Input, tally: Tally, errors: ErrorLog) -> None:
        before = await self.snapshot()
        logged = len(errors.records)
        start = time.perf_counter()
        result = await item.send()
        elapsed_ms = (time.perf_counter() - start) * 1000
        tally.inputs += 1
        tally.kinds[item.kind] = tally.kinds.get(item.kind, 0) + 1
        new_errors = self.env.errors[self.errors_seen :]
        self.errors_seen += len(new_errors)
        if new_errors or len(errors.records) > logged:
            shown = [repr(e) for e in new_errors] + [
                r.getMessage() for r in errors.records[logged:]
            ]
            tally.unhandled.append(f"{item.label}: {shown}")
        after = await self.snapshot()
        if item.legal:
            tally.legal_moves += 1
        elif after != before:
            tally.state_changes.append(item.label)
        if not result.acknowledged:
            tally.no_reply.append(item.label)
        elif not item.choices and self._check_answer(item, result, tally) and not item.legal:
            tally.refusal_ms.append(elapsed_ms)
            if elapsed_ms > tally.slowest_refusal_ms:
                tally.slowest_refusal_ms, tally.slowest_refusal = elapsed_ms, item.label
        if item.legal or after != before:
            await self.ensure_games()

    def _check_answer(self, item: Input, result: Any, tally: Tally) -> bool:
        """Check the answer; True when it was a refusal (words only, no image or embed)."""
        answers = [m for m in [result.response, *result.followups] if m is not None]
        if not answers:
            tally.no_reply.append(item.label)
            return False
        last = answers[-1]
        readable = bool(last.content or last.embeds or last.attachments)
        if not readable or any(len(m.content or "") > MESSAGE_LIMIT for m in answers):
            tally.unreadable.append(item.label)
        if not (item.public_ok or item.legal or last.ephemeral):
            tally.public_refusals.append(f"{item.label}: {last.content[:80]!r}")
        return bool(last.content) and not (last.embeds or last.attachments)


SETTLE_POLL_S = 0.002


def poll_sooner(env: simcord.Env) -> None:
    """SimCord waits for the bot's work in polls of 50 ms when callbacks are pending (a
    component's dynamic-item task, say); a poll of 2 ms keeps SimCord's waiting out of the
    figures (and the fuzz quick) without changing what the bot does."""
    settle = env._settle_internal

    async def settle_sooner(**options: Any) -> None:
        options.setdefault("idle", SETTLE_POLL_S)
        await settle(**options)

    env._settle_internal = settle_sooner  # type: ignore[method-assign]


def is_legal(game: Any, text: str) -> bool:
    """Whether `text` is a legal move for the player to move (the oracle, from the engine)."""
    try:
        game.copy().play(parse_player_move(game, text))
    except IllegalMoveError:
        return False
    return True
