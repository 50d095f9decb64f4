"""Making a move on the Activity's board by tapping, as a player would, and counting the
taps: what the browser tests play whole games with, and what `taps_axio_max` and
`taps_rota_max` are counted by (every legal move of a position, each from a fresh choice).

AXIO: the rack tile's half that goes on the first cell, that cell tapped near the side of
the other half, then Confirm; where that does not give the move, the other cell is tapped
too. Rota: the position, the turn if the one offered is not it, the colour if the one
offered is not it, then Confirm."""

from __future__ import annotations

import re
from typing import Any

COLUMNS = "ABCDEFGHIJKLM"
PLACEMENT = re.compile(r"^([A-M])(\d{1,2}):([rgbop]) ([A-M])(\d{1,2}):([rgbop])$")
ROTA = re.compile(r"^(-?\d+),(-?\d+) (0|90|180|270)(?: ([rgbop]))?$")


class Unreachable(AssertionError):
    """A legal move the board would not give by tapping."""


async def boxes(page: Any, attribute: str) -> dict[str, list[float]]:
    """Where each cell (data-cell) or position (data-position) of the board is on screen."""
    return await page.eval_on_selector_all(
        f"#board [{attribute}]",
        f"""nodes => Object.fromEntries(nodes.map(n => {{
            const r = n.getBoundingClientRect();
            return [n.getAttribute("{attribute}"), [r.x, r.y, r.width, r.height]];
        }}))""",
    )


async def chosen(page: Any) -> str:
    return await page.locator("#confirm").get_attribute("data-move") or ""


async def fresh(page: Any) -> None:
    """Back to no choice (Cancel, not counted: a player starts from here)."""
    cancel = page.locator("#cancel")
    if await cancel.is_visible():
        await cancel.click()


def position_name(x: int, y: int) -> str:
    """As board.js names a Rota position (columns A… left of 0, rows from 10)."""
    prefix = ""
    while x > 13:
        prefix, x = prefix + "Z", x - 26
    while x < -12:
        prefix, x = prefix + "A", x + 26
    return prefix + chr(65 + x + 12) + str(y + 10)


async def tap_axio(page: Any, move: str, cells: dict[str, list[float]]) -> int:
    """Choose `move` by tapping; the taps it took, Confirm included (not pressed)."""
    found = PLACEMENT.match(move)
    if not found:
        raise Unreachable(f"{move}: not a placement")
    a, colour_a = found[1] + found[2], found[3]
    b, colour_b = found[4] + found[5], found[6]
    tiles = await page.eval_on_selector_all(".tile", "ts => ts.map(t => t.dataset.tile)")
    for first, lead, other, second in ((a, colour_a, b, colour_b), (b, colour_b, a, colour_a)):
        index = next((i for i, t in enumerate(tiles) if sorted(t) == sorted(lead + second)), None)
        if index is None:
            raise Unreachable(f"{move}: no such tile in the rack {tiles}")
        await fresh(page)
        await (
            page.locator(".tile").nth(index).locator(".half").nth(tiles[index].index(lead)).click()
        )
        x, y, w, h = cells[first]
        ox, oy, _w, _h = cells[other]
        dx, dy = (ox > x) - (ox < x), (oy > y) - (oy < y)
        await page.mouse.click(x + w * (0.5 + 0.35 * dx), y + h * (0.5 + 0.35 * dy))
        if await chosen(page) == move:
            return 3
        await page.mouse.click(ox + w / 2, oy + h / 2)
        if await chosen(page) == move:
            return 4
    raise Unreachable(f"{move}: tapping gave {await chosen(page)!r}")


async def tap_rota(page: Any, move: str, positions: dict[str, list[float]]) -> int:
    found = ROTA.match(move)
    if not found:
        raise Unreachable(f"{move}: not a Rota move")
    x, y, w, h = positions[position_name(int(found[1]), int(found[2]))]
    await fresh(page)
    await page.mouse.click(x + w / 2, y + h / 2)
    taps = 2  # the position, and Confirm
    if await page.locator("[data-turn][aria-pressed=true]").get_attribute("data-turn") != found[3]:
        await page.locator(f"[data-turn='{found[3]}']").click()
        taps += 1
    if found[4] and await chosen(page) != move:
        await page.locator(f"[data-colour='{found[4]}']").click()
        taps += 1
    if await chosen(page) != move:
        raise Unreachable(f"{move}: tapping gave {await chosen(page)!r}")
    return taps


async def tap_move(page: Any, kind: str, move: str) -> int:
    """Choose one move from a fresh choice; its taps, Confirm included (not pressed)."""
    if kind == "axio":
        return await tap_axio(page, move, await boxes(page, "data-cell"))
    return await tap_rota(page, move, await boxes(page, "data-position"))


async def most_taps(page: Any, kind: str, moves: list[str]) -> int:
    """The taps the hardest of `moves` takes (each chosen from a fresh choice)."""
    found = 0
    attribute = "data-cell" if kind == "axio" else "data-position"
    where = await boxes(page, attribute)
    for move in moves:
        if kind == "axio":
            found = max(found, await tap_axio(page, move, where))
        else:
            found = max(found, await tap_rota(page, move, where))
    await fresh(page)
    return found
