"""A phone-sized page in Debian's chromium (playwright, never `playwright install`): what
the accessibility tests and bench/bench_web.py look through; and axe-core's verdict on a
page (tests/web/vendor, see fetch_axe.sh)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

CHROMIUM = Path("/usr/bin/chromium")
PHONE = {"width": 390, "height": 844}
AXE = Path(__file__).with_name("vendor") / "axe.min.js"
SEVERE = ("serious", "critical")


def has_chromium() -> bool:
    return CHROMIUM.exists()


@asynccontextmanager
async def phone_page(*, bypass_csp: bool = False, locale: str | None = None) -> AsyncIterator[Any]:
    """A fresh 390×844 page (a phone); `bypass_csp` lets a test inject its own script;
    `locale` is the browser's language (chromium's own by default)."""
    from playwright.async_api import async_playwright

    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(
            executable_path=str(CHROMIUM), args=["--no-sandbox"]
        )
        try:
            context = await browser.new_context(
                viewport=PHONE, bypass_csp=bypass_csp, locale=locale
            )
            yield await context.new_page()
        finally:
            await browser.close()


async def severe_violations(page: Any) -> list[dict[str, Any]]:
    """axe-core's serious and critical violations on the page as it is now (the page must
    have been opened with `bypass_csp`, as axe is injected)."""
    await page.add_script_tag(content=AXE.read_text())
    found = await page.evaluate(
        "async () => (await axe.run(document)).violations.map(v => "
        "({id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map(n => n.target)}))"
    )
    return [v for v in found if v["impact"] in SEVERE]
