"""The table's machinery: what keeps games moving whether or not anyone is typing.

The desk stores moves and lets computer seats play (`desk`, thinking in `thinking`'s
process pool), the courier delivers the posts stored moves owe (`courier`), the scheduler
reminds and times out (`scheduler`), the lobby seats and deals (`lobby`), and private
pages whose controls a move has made stale lose them (`private`). Each part is
given the few things it uses (the repository, the channels, the clock, a callback), never
the whole bot, so a test can build any of them alone.

May import: `bot.screens`, storage, render, engine. Never `bot.commands` or `bot.app`.
"""
