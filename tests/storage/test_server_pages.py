"""A server's web page switch and code (storage/server_pages.py, migration 0013), on both
databases: off by default, a code that is not the server's id and survives off and on, and
off taking the server's game pages with it."""

from __future__ import annotations

from storage.pages import CODE_PATTERN
from tests.storage.conftest import GUILD, running_game


async def test_off_by_default_with_game_pages_on(repo):
    page = await repo.web_page(GUILD)
    assert (page.server_page, page.code, page.game_pages) == (False, None, True)
    record = await running_game(repo)
    assert await repo.shown_game_code(record.id) == await repo.game_code(record.id)


async def test_turned_on_it_has_an_unguessable_code_kept_after_off_and_on(repo):
    page = await repo.set_web_page(GUILD, True)
    assert page.server_page and page.game_pages and CODE_PATTERN.fullmatch(page.code)
    assert page.code != str(GUILD)  # a random code (it may hold the id's digits by chance)
    assert await repo.server_of_page(page.code) == GUILD
    other = await repo.set_web_page(GUILD + 1, True)
    assert other.code != page.code
    off = await repo.set_web_page(GUILD, False)
    assert (off.server_page, off.game_pages, off.code) == (False, False, page.code)
    assert await repo.server_of_page(page.code) is None
    again = await repo.set_web_page(GUILD, True)
    assert again.code == page.code and await repo.server_of_page(page.code) == GUILD


async def test_off_hides_the_servers_game_pages_and_their_links(repo):
    record = await running_game(repo)
    code = await repo.game_code(record.id)
    assert await repo.shown_game_codes(GUILD, [record.id]) == {record.id: code}
    await repo.set_web_page(GUILD, False)
    assert await repo.page_game(code) is None
    assert await repo.shown_game_code(record.id) is None
    assert await repo.shown_game_codes(GUILD, [record.id]) == {}


async def test_malformed_and_unknown_codes_name_no_server(repo):
    await repo.set_web_page(GUILD, True)
    assert await repo.server_of_page("A" * 16) is None
    assert await repo.server_of_page("'; DROP TABLE games; --") is None
