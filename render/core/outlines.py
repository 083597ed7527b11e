"""Territories outlined on a board (a conquest: a white line on a dark one), each drawn once on its own
small box and pasted after.

A territory taken shows its outline on every picture of its turn (the turn's ping, each /game map, a
DM), and a position seen for the first time outlines every territory taken since: Pillow draws a wide
line's rounded joints as a pie slice per corner, in Python, some 1-2 ms a territory (on one board, 40%
of a first-seen position's drawing), where pasting a kept one takes some 0.3 ms (it is kept packed,
``Kept``). Each is drawn where the picture draws it and cut out, so the same pixels.
"""

from __future__ import annotations

import math
import zlib
from collections.abc import Hashable, Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from render.core import colours as C
from render.core.cache import forget_oldest
from render.core.palette import Palette
from render.core.stamp import stamp

Point = tuple[float, float]
Strokes = tuple[tuple[int, int], ...]  # (palette index, line width), drawn in this order


@dataclass(frozen=True, slots=True)
class Kept:
    """An outline's box, packed: for each stroke in turn, the pixels it covers (255, else 0), deflated
    together. An outline is a thin line round a large box (a fifth of its pixels), so it keeps in a few
    KiB instead of two boxes' worth (a board's 30-60 territories some 2-3 MB, every game's some 15)."""

    xy: tuple[int, int]
    size: tuple[int, int]
    packed: bytes

    def paste(self, canvas: Image.Image, strokes: Strokes) -> None:
        """Each stroke's colour where it covers, in turn, on ``canvas``: what drawing them there draws."""
        covers = memoryview(zlib.decompress(self.packed))
        area = self.size[0] * self.size[1]
        for k, (index, _) in enumerate(strokes):
            stamp(canvas, index, self.xy, Image.frombytes("L", self.size, covers[k * area : (k + 1) * area]))


def conquest_strokes(palette: Palette, ui: float, dark: float = 8) -> Strokes:
    """A conquest's outline: a white line on a dark one ``dark`` pixels wide at ``ui`` 1, so it shows on
    every owner's colour."""
    return tuple((palette[colour], max(1, round(k * ui))) for colour, k in ((C.INK, dark), (C.HIGHLIGHT, 4)))


# A board's territories at a couple of widths (the board's and a replay's frames), for every game.
OUTLINES_KEPT = 1000
_KEPT: dict[tuple[int, Hashable, Strokes, int], tuple[object, Kept]] = {}


def paste_outline(
    canvas: Image.Image,
    owner: object,
    key: Hashable,
    rings: Sequence[Sequence[Point]],
    strokes: Strokes,
    dy: int,
) -> None:
    """Each of ``rings`` (closed, in map pixels) outlined on ``canvas`` (an "L" image of palette indices)
    ``dy`` pixels lower, by the ``strokes`` in order, with curved joints: as drawing them would. The
    drawing is kept for ``owner`` (the board's static layer: its territories' rings never change) and
    ``key`` (the territory)."""
    kept_outline(owner, key, rings, strokes, dy).paste(canvas, strokes)


def kept_outline(
    owner: object, key: Hashable, rings: Sequence[Sequence[Point]], strokes: Strokes, dy: int
) -> Kept:
    """``paste_outline``'s drawing and where its box goes: made the first time, kept after (a bot's
    start-up warm-up makes a board's ahead)."""
    entry = (id(owner), key, strokes, dy)
    found = _KEPT.get(entry)
    if found is None or found[0] is not owner:  # (ids are reused once an owner is dropped)
        forget_oldest(_KEPT, OUTLINES_KEPT - 1)
        found = (owner, _drawn(rings, strokes, dy))
        _KEPT[entry] = found
    return found[1]


def draw_outline(draw: ImageDraw.ImageDraw, rings: Sequence[Sequence[Point]], strokes: Strokes) -> None:
    """``rings`` outlined on ``draw``'s image: what ``paste_outline`` pastes."""
    for index, width in strokes:
        for ring in rings:
            draw.line([*ring, ring[0]], fill=index, width=width, joint="curve")


def forget_outlines() -> None:
    """Forget every kept outline (a bench's bot just started)."""
    _KEPT.clear()


def _drawn(rings: Sequence[Sequence[Point]], strokes: Strokes, dy: int) -> Kept:
    margin = max(width for _, width in strokes) // 2 + 2
    shifted = [[(x, y + dy) for x, y in ring] for ring in rings]
    xs = [x for ring in shifted for x, _ in ring]
    ys = [y for ring in shifted for _, y in ring]
    left, top = max(0, math.floor(min(xs)) - margin), max(0, math.floor(min(ys)) - margin)
    right, bottom = max(left + 1, math.ceil(max(xs)) + margin), max(top + 1, math.ceil(max(ys)) + margin)
    # Drawn at the picture's own coordinates, then cut out: Pillow's wide lines and joints round their
    # float corners, and the same points moved by whole pixels round a pixel or two differently.
    box = (left, top, right, bottom)
    covers = []
    for _, width in strokes:
        cover = Image.new("L", (right, bottom), 0)
        draw_outline(ImageDraw.Draw(cover), shifted, ((255, width),))
        covers.append(cover.crop(box).tobytes())
    return Kept((left, top), (right - left, bottom - top), zlib.compress(b"".join(covers), 1))
