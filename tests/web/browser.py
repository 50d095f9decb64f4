"""A phone-sized page in Debian's chromium (playwright, never `playwright install`): what
the accessibility test and bench/bench_web.py look through."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

CHROMIUM = Path("/usr/bin/chromium")
PHONE = {"width": 390, "height": 844}


def has_chromium() -> bool:
    return CHROMIUM.exists()


@asynccontextmanager
async def phone_page(*, bypass_csp: bool = False) -> AsyncIterator[Any]:
    """A fresh 390×844 page (a phone); `bypass_csp` lets a test inject its own script."""
    from playwright.async_api import async_playwright

    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(
            executable_path=str(CHROMIUM), args=["--no-sandbox"]
        )
        try:
            context = await browser.new_context(viewport=PHONE, bypass_csp=bypass_csp)
            yield await context.new_page()
        finally:
            await browser.close()
