"""What people see: words, pictures as attachments, buttons and menus.

Turn posts and their summaries (`turn_post`, `summary`, `present`), the small words every
screen shares (`words`: colours, tiles, points, articles), the move builder's pages
(`builder`) and its paged menus that reach every move (`menus`), move text and suggestions
(`moves`, `suggest`, `autocomplete`, `hints`),
the lobby card, the community's embeds and the leaderboard (`leaderboard`), finished
games offered as suggestions (`game_choices`), the rules, refusals and how member text is made
safe (`refusals`, `safe_text`), and the controls with their custom_ids (`controls`).
Screens draw; they do not act (a control's press is handled in `bot.commands`).

May import: storage, render, engine. Never `bot.table`, `bot.commands` or `bot.app`.
"""
