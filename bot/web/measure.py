"""What the web server answered, for the bot's metrics: each request counted by its route's
pattern (`/g/{code}`, never the code itself, so the labels stay few and no game's address
reaches the metrics) and the class of its status."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from aiohttp import web

Observe = Callable[[str, int], None]
"""Told (route, status) once a request is answered."""
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]

UNMATCHED = "unmatched"
"""The route of a request no address of the server matches (a 404 or 405)."""


def route_of(request: web.Request) -> str:
    """The pattern of the route that took the request: `/g/{code}`, `/static/{path}`."""
    resource = request.match_info.route.resource
    return resource.canonical if resource is not None else UNMATCHED


def measured(observe: Observe) -> Callable[[web.Request, Handler], Awaitable[web.StreamResponse]]:
    """The outermost middleware: tells `observe` of every answer, the guard's refusals and
    error pages included (a WebSocket or an event stream once it ends)."""

    @web.middleware
    async def middleware(request: web.Request, handler: Handler) -> web.StreamResponse:
        status = 500
        try:
            response = await handler(request)
            status = response.status
            return response
        except web.HTTPException as error:
            status = error.status
            raise
        finally:
            observe(route_of(request), status)

    return middleware
