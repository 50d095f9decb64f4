"""A replay GIF as a browser decodes it (Debian's chromium, through Python playwright): its
frames are joined from parts coded apart (`render.gif_lzw`), so a decoder other than
Pillow's reads every frame to the pixels drawn, for its time. Skipped where chromium is
absent (.ci/run installs it)."""

from __future__ import annotations

import base64
import hashlib

import pytest

from engine import AxioGame, RotaGame
from render.replay import frame_durations, gif_bytes, turn_frames
from render.samples import finished
from tests.web.browser import has_chromium, phone_page

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not has_chromium(), reason="no chromium at /usr/bin/chromium"),
]

ORIGIN = "http://127.0.0.1:8/"  # a secure context for ImageDecoder, answered by the test
DECODE = """async (data) => {
  const bytes = Uint8Array.from(atob(data), c => c.charCodeAt(0));
  const decoder = new ImageDecoder({data: bytes, type: "image/gif"});
  await decoder.tracks.ready;
  const shown = [];
  for (let i = 0; i < decoder.tracks.selectedTrack.frameCount; i++) {
    const {image} = await decoder.decode({frameIndex: i});
    const canvas = new OffscreenCanvas(image.displayWidth, image.displayHeight);
    const context = canvas.getContext("2d");
    context.drawImage(image, 0, 0);
    const pixels = context.getImageData(0, 0, canvas.width, canvas.height).data;
    const digest = await crypto.subtle.digest("SHA-256", pixels);
    const hex = [...new Uint8Array(digest)].map(b => b.toString(16).padStart(2, "0")).join("");
    shown.push([hex, Math.round(image.duration / 1000)]);
    image.close();
  }
  return shown;
}"""


@pytest.mark.parametrize(("kind", "players", "seed"), [(AxioGame, 3, 4), (RotaGame, 2, 3)])
async def test_chromium_shows_every_frame_for_its_time(kind, players, seed):
    game = finished(kind(players, seed), seed)
    names = ["Ann", "Ben", "Cyd"][:players]
    drawn = list(turn_frames(kind, players, seed, [e.move for e in game.log], names, paletted=True))
    data = gif_bytes(drawn)
    async with phone_page() as page:
        await page.route(ORIGIN, lambda route: route.fulfill(body="<html></html>"))
        await page.goto(ORIGIN)
        shown = await page.evaluate(DECODE, base64.b64encode(data).decode())
    expected = [hashlib.sha256(f.convert("RGBA").tobytes()).hexdigest() for f in drawn]
    assert [digest for digest, _ in shown] == expected
    assert [ms for _, ms in shown] == [ms // 10 * 10 for ms in frame_durations(len(drawn))]
