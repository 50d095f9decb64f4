"""A small server for driving the Activity's page in chromium without the bot: it serves
the real page (template, scripts, the vendored SDK) and speaks the Activity's protocol
(bot/web/activity/PROTOCOL.md) from a real engine game held in memory. For the tap-counting
test only: the page's choosing of moves, measured against every legal move the engine
lists. Never shipped; the tests that play whole games go through the bot's own server
(bot/web/activity)."""

from __future__ import annotations

import json
import secrets
from typing import Any

import aiohttp_jinja2
import jinja2
from aiohttp import WSMsgType, web

from bot.web.activity_page import activity_context
from bot.web.app import STATIC, TEMPLATES
from bot.web.compress import StaticFiles
from bot.web.public import placed_cells
from engine import TileGame, game_class
from engine.common import COLOURS
from engine.rota_tiles import tile_text

CLIENT_ID = "1100000000000000001"


def public_game(game: TileGame, names: list[str], pairs: list[list[int]]) -> dict[str, Any]:
    """The public view of the game, as the protocol's `state.game`."""
    view: dict[str, Any] = {
        "code": "harness",
        "kind": game.kind,
        "move_count": game.move_count,
        "to_move": None if game.is_over else game.to_move,
        "status": "finished" if game.is_over else "running",
        "players": [
            {"name": name, "scores": list(game.scores(seat))} for seat, name in enumerate(names)
        ],
        "last_moves": [],
    }
    if game.kind == "axio":
        view["board"] = "".join(game.board.cells)  # type: ignore[attr-defined]
        view["pairs"] = pairs
    else:
        view["tiles"] = [[x, y, tile_text(t)] for (x, y), t in game.display]  # type: ignore[attr-defined]
        extra = game.extra_tile  # type: ignore[attr-defined]
        view["extra"] = None if extra is None else tile_text(extra)
    return view


def private_view(game: TileGame, seat: int | None) -> dict[str, Any]:
    """The protocol's `state.you` for `seat` (None: a watcher)."""
    if seat is None:
        return {"seat": None, "to_move": False}
    mine = not game.is_over and game.to_move == seat
    if game.kind == "axio":
        tiles: list[Any] = [a.value + b.value for a, b in game.rack(seat)]  # type: ignore[attr-defined]
        phase = game.phase if game.phase == "exchange" else "move"  # type: ignore[attr-defined]
    else:
        hand = game.hand(seat)  # type: ignore[attr-defined]
        tiles = [] if hand is None else [tile_text(hand)]
        phase = "extra" if game.extra_tile is not None else "move"  # type: ignore[attr-defined]
    you: dict[str, Any] = {"seat": seat, "to_move": mine, "tiles": tiles, "phase": phase}
    if mine:
        if phase == "exchange":
            moves = [{"move": str(m), "gains": {}, "axio": False} for m in game.legal_moves()]
        else:
            moves = [
                {
                    "move": str(s.move),
                    "gains": {c.value: p for c, p in zip(COLOURS, s.points, strict=True) if p},
                    "axio": False,
                }
                for s in game.scored_moves()
            ]
        you["moves"] = moves
        ranked = sorted(moves, key=lambda m: -sum(m["gains"].values()))
        you["suggested"] = [m["move"] for m in ranked[:3]]
    return you


class Harness:
    """One game, players by Discord user id, every open socket told of each move."""

    def __init__(self, kind: str, players: dict[str, str], seed: int = 3) -> None:
        self.game = game_class(kind)(len(players), seed)
        self.users = list(players)
        self.names = list(players.values())
        self.pairs: list[list[int]] = []
        self.sessions: dict[str, str] = {}
        self.sockets: dict[web.WebSocketResponse, str] = {}
        self.moves_received: list[str] = []

    def app(self) -> web.Application:
        app = web.Application()
        aiohttp_jinja2.setup(
            app,
            loader=jinja2.FileSystemLoader(TEMPLATES),
            autoescape=jinja2.select_autoescape(default=True),
        )
        app.router.add_get("/activity", self.page)
        app.router.add_post("/activity/api/session", self.session)
        app.router.add_get("/activity/ws", self.socket)
        StaticFiles(STATIC).add_to(app)
        return app

    async def page(self, request: web.Request) -> web.Response:
        return aiohttp_jinja2.render_template(
            "activity.html", request, activity_context(CLIENT_ID, mock=True)
        )

    async def session(self, request: web.Request) -> web.Response:
        body = await request.json()
        _mock, user, _nonce = str(body["code"]).split(":")
        token = secrets.token_urlsafe(16)
        self.sessions[token] = user
        return web.json_response(
            {"access_token": "t", "session": token, "user_id": user, "locale": "en-US"}
        )

    def public(self) -> dict[str, Any]:
        return public_game(self.game, self.names, self.pairs)

    def state(self, user: str) -> str:
        seat = self.users.index(user) if user in self.users else None
        return json.dumps(
            {
                "type": "state",
                "game": public_game(self.game, self.names, self.pairs),
                "you": private_view(self.game, seat),
            }
        )

    async def socket(self, request: web.Request) -> web.WebSocketResponse:
        user = self.sessions[request.query["session"]]
        ws = web.WebSocketResponse()
        await ws.prepare(request)
        self.sockets[ws] = user
        await ws.send_str(self.state(user))
        async for message in ws:
            if message.type != WSMsgType.TEXT:
                break
            data = json.loads(message.data)
            if data.get("type") == "move":
                self.moves_received.append(data["move"])
                self.play(data["move"])
                await self.tell_everyone()
        self.sockets.pop(ws, None)
        return ws

    async def tell_everyone(self) -> None:
        for ws, user in list(self.sockets.items()):
            await ws.send_str(self.state(user))

    def play(self, text: str) -> None:
        cells = placed_cells(text) if self.game.kind == "axio" else []
        self.game.play(text)
        if cells:
            self.pairs.append([cells[0][0], cells[1][0]])
