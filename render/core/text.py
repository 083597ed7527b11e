"""Antialiased text on an indexed canvas (an "L" image whose values are palette indices).

FreeType draws the text's coverage into a small mask; a lookup table turns each coverage level into the
matching step of a background-to-foreground ramp of the palette, and only the covered pixels are pasted.
The ramp's background must be the colour actually behind the text for the edges to look right.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache, lru_cache

from PIL import Image, ImageDraw

from render.core.fonts import Font
from render.core.stamp import stamp

Box = tuple[int, int, int, int]


def text_box(text: str, f: Font, xy: tuple[float, float], anchor: str = "la") -> Box:
    """Where ``text`` drawn at ``xy`` would land, in whole pixels."""
    left, top, right, bottom = f.getbbox(text, anchor=anchor)
    x, y = round(xy[0]), round(xy[1])
    return (x + int(left), y + int(top), x + int(right), y + int(bottom))


def text_mask(text: str, f: Font, anchor: str = "la") -> tuple[Image.Image, tuple[int, int]]:
    """The text's coverage and the offset of its top-left corner from the anchor point."""
    left, top, right, bottom = (int(v) for v in f.getbbox(text, anchor=anchor))
    mask = Image.new("L", (max(1, right - left), max(1, bottom - top)), 0)
    ImageDraw.Draw(mask).text((-left, -top), text, font=f, fill=255, anchor=anchor)
    return mask, (left, top)


@cache
def _ramp_lut(ramp: tuple[int, ...]) -> tuple[list[int], list[int]]:
    """Coverage to palette index, and coverage to a paste mask (skip pixels that round to background)."""
    steps = len(ramp) - 1
    levels = [round(a * steps / 255) for a in range(256)]
    return [ramp[v] for v in levels], [255 if v else 0 for v in levels]


@lru_cache(maxsize=4096)
def _coverage(text: str, f: Font, anchor: str) -> tuple[Image.Image, tuple[int, int]]:
    """``text_mask``, kept: the same words or number come back in other colours (a name under a new
    owner, a count on another power's chip), and FreeType drawing them is most of a new text's cost.
    Only ever mapped, never drawn on."""
    return text_mask(text, f, anchor)


def masks_ahead(texts: Iterable[str], f: Font, anchor: str = "la") -> None:
    """Make and keep the coverage of each of ``texts`` in ``f`` (a bot's start-up warm-up: the numbers a
    position may show), so a first position maps them in its colours instead of drawing them."""
    for text in texts:
        _coverage(text, f, anchor)


# Room for the texts a game's start-up warm-up makes in each colour they are drawn in (``layers_ahead``:
# some 3,000 for the largest map) beside those renders add; about 2 KB each.
@lru_cache(maxsize=8192)
def _text_layers(
    text: str, f: Font, ramp: tuple[int, ...], anchor: str
) -> tuple[Image.Image, Image.Image, int, int]:
    """Indexed text and its paste mask; cached because names and small numbers recur on every render."""
    mask, (dx, dy) = _coverage(text, f, anchor)
    colours, cover = _ramp_lut(ramp)
    return mask.point(colours), mask.point(cover), dx, dy


def layers_ahead(texts: Iterable[str], f: Font, ramps: Iterable[tuple[int, ...]], anchor: str = "la") -> None:
    """Make and keep each of ``texts`` in each of ``ramps``, ready to paste (a bot's start-up warm-up: the
    numbers and names a position may show, in the colours it may show them in): a first position then
    pastes them instead of drawing or mapping them."""
    ramps = tuple(ramps)
    for text in texts:
        for ramp in ramps:
            _text_layers(text, f, ramp, anchor)


def draw_text(
    canvas: Image.Image,
    xy: tuple[float, float],
    text: str,
    f: Font,
    ramp: tuple[int, ...],
    anchor: str = "la",
) -> Box:
    """Draw ``text`` in palette indices; returns the box it covers."""
    if not text:
        return (round(xy[0]), round(xy[1]), round(xy[0]), round(xy[1]))
    image, (x, y), cover = text_stamp(xy, text, f, ramp, anchor)
    stamp(canvas, image, (x, y), cover)
    return (x, y, x + image.width, y + image.height)


def text_stamp(
    xy: tuple[float, float], text: str, f: Font, ramp: tuple[int, ...], anchor: str = "la"
) -> tuple[Image.Image, tuple[int, int], Image.Image]:
    """What ``draw_text`` stamps for a (non-empty) ``text``: the indexed text, its top-left corner and
    its mask (``render.core.stamp.stamp``'s arguments), for a caller that draws the same text at the
    same place on every render and keeps them."""
    image, cover, dx, dy = _text_layers(text, f, ramp, anchor)
    return image, (round(xy[0]) + dx, round(xy[1]) + dy), cover
