"""The web room: a page for every game (`PUBLIC_URL/g/<code>`), served by aiohttp with
Jinja2 templates (`templates/`) and plain ES modules (`static/`, no build step).

`app.py` builds the application and runs it (in the bot's process, or alone with
`axio-bot web`); `routes.py` answers the pages; `public.py` turns a stored game into what
its channel saw, step by step; `live.py` tells open pages of new moves (Server-Sent
Events); `guard.py` holds the rate limit, the security headers and the plain error pages;
`words.py` the page's texts, through the bot's catalogs.

It reads storage and the engine, draws nothing with Pillow, and nothing but the core
(`app`, `cli`, `playground`) imports it.
"""
