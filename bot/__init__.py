"""The Discord bot, in rooms:

- `commands/` — the slash commands and control presses (where interactions come in);
- `table/` — the turn machinery: desk, courier, scheduler, lobby, thinking;
- `screens/` — what people see: words, pictures, buttons, refusals;
- the core: `app` (builds and wires everything), `config`, `cli`, `playground`.

Dependencies go one way: commands → table → screens → storage/render/engine, and nothing
imports `app` but the core (`tests/test_layers.py` checks it).
"""
