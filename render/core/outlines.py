"""Territories outlined on a board (a conquest: a white line on a dark one), each drawn once on its own
small box and pasted after.

A territory taken shows its outline on every picture of its turn (the turn's ping, each /game map, a
DM), and a position seen for the first time outlines every territory taken since: Pillow draws a wide
line's rounded joints as a pie slice per corner, in Python, some 1-2 ms a territory (on one board, 40%
of a first-seen position's drawing), where pasting a kept one takes a few hundredths. Each is drawn
where the picture draws it and cut out, so the same pixels.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Sequence

from PIL import Image, ImageDraw

from render.core.badges import Sprite
from render.core.cache import forget_oldest
from render.core.stamp import stamp

Point = tuple[float, float]
Strokes = tuple[tuple[int, int], ...]  # (palette index, line width), drawn in this order

# A board's territories at a couple of widths (the board's and a replay's frames): a few hundred boxes,
# a megabyte or two.
OUTLINES_KEPT = 600
_KEPT: dict[tuple[int, Hashable, Strokes, int], tuple[object, tuple[Sprite, tuple[int, int]]]] = {}


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
    sprite, xy = kept_outline(owner, key, rings, strokes, dy)
    stamp(canvas, sprite.image, xy, sprite.mask)


def kept_outline(
    owner: object, key: Hashable, rings: Sequence[Sequence[Point]], strokes: Strokes, dy: int
) -> tuple[Sprite, tuple[int, int]]:
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


def _drawn(rings: Sequence[Sequence[Point]], strokes: Strokes, dy: int) -> tuple[Sprite, tuple[int, int]]:
    margin = max(width for _, width in strokes) // 2 + 2
    shifted = [[(x, y + dy) for x, y in ring] for ring in rings]
    xs = [x for ring in shifted for x, _ in ring]
    ys = [y for ring in shifted for _, y in ring]
    left, top = max(0, math.floor(min(xs)) - margin), max(0, math.floor(min(ys)) - margin)
    right, bottom = max(left + 1, math.ceil(max(xs)) + margin), max(top + 1, math.ceil(max(ys)) + margin)
    # Drawn at the picture's own coordinates, then cut out: Pillow's wide lines and joints round their
    # float corners, and the same points moved by whole pixels round a pixel or two differently.
    image, mask = Image.new("L", (right, bottom), 0), Image.new("L", (right, bottom), 0)
    draw_outline(ImageDraw.Draw(image), shifted, strokes)
    # Every pixel some stroke covers, whatever its index (an index may be 0).
    draw_outline(ImageDraw.Draw(mask), shifted, tuple((255, width) for _, width in strokes))
    box = (left, top, right, bottom)
    return Sprite(image.crop(box), mask.crop(box)), (left, top)
