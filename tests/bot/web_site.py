"""A bot with PUBLIC_URL set (a test parametrized with `site` None runs without it), for
the tests of the links to the web pages and their setting; reviews at a tiny budget."""

from __future__ import annotations

import pytest

from bot.config import Settings

SITE = "https://axio.example"


@pytest.fixture
def site() -> str | None:
    return SITE


@pytest.fixture
def bot_settings(bot_settings: Settings, site: str | None) -> Settings:
    return bot_settings.model_copy(update={"public_url": site, "review_budget_s": 0.02})
