"""AXIO as a Discord Activity: the game page's board made playable inside Discord.

- `identity`: who signed in (Discord's OAuth2 and activity-instance API, or mock codes in
  the playground and tests);
- `sessions`: the session a sign-in opens, bound to member, server, channel and instance;
- `service`: the Activity's part of the bot (its sessions, open boards, the move path);
- `socket`: one open board (a WebSocket): states out, moves in;
- `view`: what a `state` message holds (the public board, and only the member's tiles);
- `routes`: the addresses under `/activity`.

The protocol between the page and the server is written in PROTOCOL.md, beside these
modules.
"""

from .identity import Application
from .routes import ActivityRoutes
from .service import Activity, Mover

__all__ = ["Activity", "ActivityRoutes", "Application", "Mover"]
