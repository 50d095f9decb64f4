"""The slash commands and the controls' presses: where an interaction comes in.

One module per area (`lobby`, `play`, `look`, `community`, `privacy`), gathered into the one `/axio`
GroupCog (`cog`); `controls` handles button and menu presses by their custom_id; `builder`
is the move builder's flow; `answers` what a command and a button both answer (a close-up,
a replay, resigning, the rules). Each is thin: it parses the interaction, calls the table or
storage, and answers with what `screens` draws.

May import: `bot.table`, `bot.screens`, `bot.ops` (the metrics they report to), storage,
render, engine. Never `bot.app`.
"""
