"""The playground's front page: #games and the threads the bot made in it, each opened in
SimCord's browser preview; and each member's **Open the board** link, the Discord Activity
of that channel in a browser tab as that member (the page runs on the SDK's
`DiscordSDKMock`, whose sign-ins only the playground's own web app accepts).

SimCord previews one channel a session, one session at a time, and links a thread's
mention to discord.com: so opening a thread here closes the preview of the channel shown
and starts one of the thread (pages of the old one say to reload). The page is served on
127.0.0.1 under a secret path, as the preview's own address carries a secret.
"""

from __future__ import annotations

import asyncio
import html
import secrets
from collections.abc import Sequence
from typing import Any
from urllib.parse import urlencode

import simcord
from aiohttp import web
from simcord.builders import ChannelHandle
from simcord.preview import Preview


class Rooms:
    """The channel shown in the preview, and the front page that changes it."""

    def __init__(
        self,
        env: simcord.Env,
        home: ChannelHandle,
        viewers: Sequence[Any],
        boards: str | None = None,
        guild_id: int = 0,
    ) -> None:
        self.env = env
        self.home = home
        self.viewers = list(viewers)
        self.boards = boards
        """Where the Activity is served (its web app's address), or None: no board links."""
        self.guild_id = guild_id
        self.preview: Preview | None = None
        self.closed_by_member = asyncio.Event()
        """The browser's Close button was pressed on the preview shown."""
        self.secret = secrets.token_urlsafe(16)
        self._lock = asyncio.Lock()
        self._runner: web.AppRunner | None = None
        self.url = ""

    def channels(self) -> list[ChannelHandle]:
        """#games, then its threads, oldest first."""
        return [self.home, *sorted(self.home.threads, key=lambda thread: thread.id)]

    async def show(self, channel: ChannelHandle) -> str:
        """The preview's address for `channel`, started now unless it is the one shown."""
        async with self._lock:
            shown = self.preview
            if shown is not None and shown.channel.id == channel.id:
                return shown.url
            self.preview = None  # its closing is not the member's Close
            if shown is not None:
                await shown.close()
            preview = self.env.preview(channel, viewers=self.viewers, layout="channel")
            await preview.__aenter__()
            self.preview = preview
            asyncio.get_running_loop().create_task(self._watch(preview))
            return preview.url

    async def _watch(self, preview: Preview) -> None:
        await preview.wait_closed()
        if self.preview is preview:
            self.closed_by_member.set()

    async def start(self, port: int | None) -> str:
        """Serve the front page; its address."""
        app = web.Application()
        app.router.add_get(f"/{self.secret}/", self._front)
        app.router.add_get(f"/{self.secret}/open/{{channel_id}}", self._open)
        app.router.add_get("/", self._elsewhere)  # a newcomer who typed the port alone
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", port or 0)
        await site.start()
        host, bound = self._runner.addresses[0][:2]
        self.url = f"http://{host}:{bound}/{self.secret}/"
        return self.url

    async def stop(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()
        if self.preview is not None:
            preview, self.preview = self.preview, None
            await preview.close()

    async def _front(self, request: web.Request) -> web.Response:
        items = "".join(
            f'<li><a href="open/{channel.id}">{html.escape(label(channel))}</a>'
            f"{self._board_links(channel)}</li>"
            for channel in self.channels()
        )
        page = FRONT.format(items=items)
        return web.Response(text=page, content_type="text/html")

    def board_url(self, channel: ChannelHandle, member: Any) -> str:
        """The Activity launched in `channel`, opened as `member` (the mock signs them in)."""
        query = urlencode(
            {
                "mock_user": member.id,
                "guild_id": self.guild_id,
                "channel_id": channel.id,
                "instance_id": f"playground-{channel.id}",
                "frame_id": "playground",
            }
        )
        return f"{self.boards}/activity?{query}"

    def _board_links(self, channel: ChannelHandle) -> str:
        if not self.boards:
            return ""
        links = " · ".join(
            f'<a class="board" href="{html.escape(self.board_url(channel, member))}" '
            f'target="_blank" rel="noopener">{html.escape(member.name)}</a>'
            for member in self.viewers
        )
        return f'<p class="boards">Open the board as {links}</p>'

    async def _elsewhere(self, request: web.Request) -> web.Response:
        """The port's root: where the page is (its address holds a secret, so not here)."""
        return web.Response(text=ELSEWHERE, content_type="text/html", status=404)

    async def _open(self, request: web.Request) -> web.Response:
        wanted = request.match_info["channel_id"]
        channel = next((c for c in self.channels() if str(c.id) == wanted), None)
        if channel is None:
            raise web.HTTPNotFound(text="No such channel or thread: go back and reload.")
        try:
            url = await self.show(channel)
        except simcord.SetupError:  # an action is being answered in the preview shown
            raise web.HTTPServiceUnavailable(
                text="The bot is answering an action: try again in a moment."
            ) from None
        raise web.HTTPFound(url)


def label(channel: ChannelHandle) -> str:
    return f"🧵 {channel.name}" if channel.is_thread else f"# {channel.name}"


ELSEWHERE = """<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>AXIO playground</title><link rel="icon" href="data:,"></head>
<body style="font:16px system-ui,sans-serif"><main>
<h1>AXIO playground</h1><p>The playground's pages have secret addresses: open the one
<code>axio-bot playground</code> printed in its terminal (the line that begins
<q>The board</q>), with the part after the port.</p></main></body></html>"""

FRONT = """<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>AXIO playground</title><link rel="icon" href="data:,">
<style>body{{font:16px system-ui,sans-serif;background:#313338;color:#dbdee1;margin:1rem}}
a{{color:#00a8fc;display:block;padding:.6rem 0}}li{{list-style:none}}ul{{padding:0}}
.boards{{margin:0 0 .8rem}}
.boards a.board{{display:inline-block;padding:.6rem .3rem;min-width:44px}}</style>
</head><body><main><h1>AXIO playground</h1>
<p>Open the channel, or a thread the bot made in it (a tournament's table,
<code>/axio new thread:True</code>). Reload this page to see new threads; opening one
closes the preview shown before. <b>Open the board</b> opens the channel's game on the
board one plays by tapping (the Discord Activity), as that member, in a new tab.</p>
<ul>{items}</ul></main></body></html>"""
