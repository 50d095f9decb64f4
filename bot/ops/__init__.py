"""Operations: what an operator sees of the running bot, and what they do to its data.

The metrics (`metrics`: Prometheus, one registry per bot; `measured`: the repository's
database errors and transactions; `lag`: the event loop's lag), the health and readiness
of the process (`health`), the internal HTTP port that serves both (`server`, on
METRICS_PORT), one-JSON-object-a-line logs (`logs`), and the operator's commands for
backups, restores and a member's data (`admin`). The core (`app`, `cli`) wires them in;
the commands and the table are handed what they report to (a callback, the metrics), never
the other way round.

May import: storage (and prometheus_client, aiohttp). Never `bot.commands`, `bot.table`,
`bot.screens` or `bot.app`.
"""
