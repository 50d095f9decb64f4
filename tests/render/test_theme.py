"""The shared look: every flat colour survives PNG encoding exactly, so what tests read is
what was drawn; images are palette PNGs; the shipped font has every letter names use, and
draws any name on one line, leaving out the emoji it has no letter for."""

from __future__ import annotations

import io

from PIL import Image, ImageDraw

from render import theme, typeface


def test_key_colours_survive_encoding_exactly():
    keys = list(dict.fromkeys(theme.KEY_COLOURS))
    image = Image.new("RGB", (len(keys), 1))
    image.putdata(keys)
    decoded = Image.open(io.BytesIO(theme.png_bytes(image)))
    assert decoded.mode == "P"
    assert list(decoded.convert("RGB").get_flattened_data()) == keys


def test_the_shipped_font_writes_every_german_letter():
    """Names and German words are drawn with their own letters, not the box a font draws
    for a letter it lacks (Pillow's own font drew "Züge" as "Z□ge")."""
    for bold in (False, True):
        font = typeface.font(24, bold)
        assert font.size == 24 and font.getbbox("A1")[3] > 12
        missing = bytes(font.getmask("\U0010fffd"))  # a private-use letter no font has
        for letter in "äöüÄÖÜßéèçñøåłšğ–":
            assert bytes(font.getmask(letter)) != missing, (letter, bold)


def test_a_name_with_a_line_break_or_a_lone_surrogate_is_drawn_on_one_line():
    """The text layout refuses both ("raqm_layout() failed"): they are drawn as spaces."""
    image = Image.new("RGB", (400, 60), theme.CARD)
    draw = ImageDraw.Draw(image)
    for name in ("**x** __y__\nline", "a\ud800b", "tab\there"):
        theme.text(draw, (10, 30), name, 24, anchor="lm")
        spaced = "".join(ch if ch.isprintable() else " " for ch in name)
        assert theme.text_width(name, 24) == theme.text_width(spaced, 24)


def test_emoji_in_a_name_are_left_out_rather_than_drawn_as_boxes():
    """Discord names often carry emoji, which DejaVu lacks: the letters around them are
    drawn alone, joiners and variation selectors too go."""
    for name, drawn in (
        ("🎲 Anna", "Anna"),
        ("Anna 🇩🇪", "Anna"),
        ("👨\u200d👩\u200d👧 Familie Müller", "Familie Müller"),
        ("1\ufe0f\u20e3 Eins", "1 Eins"),
        ("Jürgen ★", "Jürgen ★"),
    ):
        for bold in (False, True):
            assert typeface.drawable(name, bold) == drawn, (name, bold)
        assert theme.text_width(name, 24) == theme.text_width(drawn, 24)


def test_a_name_of_nothing_the_font_draws_keeps_its_boxes():
    """Better a box a letter than no name at all: the message beside the picture shows it."""
    for name in ("太郎", "🎲🎲"):
        assert typeface.drawable(name) == name
        assert theme.text_width(name, 24) > 0
