"""What the pages send is compressed as the reader allows (the first load's size counts on
a phone): the HTML, the JSON, the script and the style; a static file unchanged is a 304."""

from __future__ import annotations

import gzip

from tests.web.conftest import played


async def test_pages_scripts_and_styles_are_gzipped_when_the_reader_takes_it(repo, client):
    _, code = await played(repo, "axio")
    for path in (f"/g/{code}", f"/g/{code}.json", "/static/game.js", "/static/page.css"):
        zipped = await client.get(path, headers={"Accept-Encoding": "gzip"}, auto_decompress=False)
        raw = await zipped.read()
        assert zipped.headers["Content-Encoding"] == "gzip", path
        plain = await client.get(path, headers={"Accept-Encoding": "identity"})
        assert "Content-Encoding" not in plain.headers
        assert gzip.decompress(raw) == await plain.read() and len(raw) < len(await plain.read())


async def test_a_static_file_unchanged_is_a_304_and_unknown_ones_a_404(client):
    first = await client.get("/static/board.js")
    assert first.status == 200 and first.content_type == "text/javascript"
    again = await client.get("/static/board.js", headers={"If-None-Match": first.headers["ETag"]})
    assert again.status == 304
    for path in ("/static/nothing.js", "/static/..%2Fapp.py", "/static/app.py"):
        assert (await client.get(path)).status == 404
