"""Marks for what changed on a board, shared by every game that draws changes: arrows along a path,
dashed outlines, a battle burst, small "+3" / "−2" tags and a tag stuck to a badge.

Everything draws in palette indices (see ``palette``), like the boards themselves.
"""

from __future__ import annotations

import math
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import pairwise
from typing import Any

from PIL import Image, ImageDraw

from render.core.badges import BadgeStyle, Sprite, badge_sprite
from render.core.shapes import Point

MINUS = "−"  # U+2212: as wide as the plus sign, so "+3" and "−3" tags are the same size


def signed(n: int) -> str:
    """``+3``, ``−2`` (a true minus sign), ``0``."""
    return f"+{n}" if n > 0 else f"{MINUS}{-n}" if n < 0 else "0"


def tag_style(scale: float) -> BadgeStyle:
    """A change tag beside a 1600 px board's badge (``scale`` 1): 19 px bold digits in a 24 px pill, so
    a delta still reads at about 6.5 px when Discord shows the board 550 px wide."""
    return BadgeStyle(
        font_size=max(8, round(19 * scale)),
        height=max(10, round(24 * scale)),
        padding=max(2, round(4 * scale)),
        outline=max(1, round(2 * scale)),
    )


def change_tag(
    n: int, style: BadgeStyle, fill: int, outline: int, ramp: tuple[int, ...], shape: str = "pill"
) -> Sprite:
    """A small pill reading ``+n`` or ``−n`` (cached with the badges)."""
    return badge_sprite(shape, signed(n), style, fill, outline, ramp)


@dataclass(frozen=True, slots=True)
class Tagged:
    """A badge with a tag stuck to its top right corner, as one sprite, and where the badge sits in it."""

    sprite: Sprite
    badge_offset: tuple[float, float]  # the badge's centre minus the sprite's centre


def attach(badge: Sprite, tag: Sprite, overlap: float = 0.35) -> Tagged:
    """``tag`` overlapping the top right corner of ``badge`` by ``overlap`` of its own size, so the two
    read as one thing and the tag covers nothing but the badge's corner."""
    bw, bh = badge.size
    tw, th = tag.size
    tx, ty = round(bw - tw * overlap), 0
    by = round(th * (1 - overlap) * 0.6)  # the tag rides a little above the badge
    width, height = max(bw, tx + tw), max(by + bh, ty + th)
    image = Image.new("L", (width, height), 0)
    mask = Image.new("L", (width, height), 0)
    image.paste(badge.image, (0, by), badge.mask)
    mask.paste(badge.mask, (0, by), badge.mask)
    image.paste(tag.image, (tx, ty), tag.mask)
    mask.paste(tag.mask, (tx, ty), tag.mask)
    offset = (bw / 2 - width / 2, by + bh / 2 - height / 2)
    return Tagged(Sprite(image, mask), offset)


def polyline_arrow(
    points: Sequence[Point], shaft: float, head_length: float, head_width: float
) -> tuple[list[Point], list[Point]]:
    """An arrow along ``points``: the shaft's polyline (to the head's neck) and the head's triangle."""
    pts = [p for k, p in enumerate(points) if k == 0 or math.dist(p, points[k - 1]) >= 0.5]
    if len(pts) < 2:
        return [], []
    tip, before = pts[-1], pts[-2]
    length = math.dist(before, tip)
    head_length = min(head_length, length * 0.8)
    ux, uy = (tip[0] - before[0]) / length, (tip[1] - before[1]) / length
    neck = (tip[0] - ux * head_length, tip[1] - uy * head_length)
    px, py = -uy * head_width / 2, ux * head_width / 2
    head = [(neck[0] + px, neck[1] + py), tip, (neck[0] - px, neck[1] - py)]
    return [*pts[:-1], neck], head


# A core drawing call with its ink left out: the method's name, the arguments before the ink and after.
CoreCall = tuple[str, tuple[Any, ...], tuple[Any, ...]]
_INK = object()  # the ink a recorded call leaves out


class _Recorder:
    """Stands in for Pillow's core drawing object under an ``ImageDraw``: notes each drawing call instead
    of drawing, so what ``ImageDraw`` works out per shape (a line's rounded joints) is worked out once."""

    def __init__(self) -> None:
        self.calls: list[CoreCall] = []

    def draw_ink(self, ink: object) -> object:
        return ink

    def __getattr__(self, name: str) -> Callable[..., None]:
        if not name.startswith("draw_"):
            raise AttributeError(name)

        def note(*args: Any) -> None:
            k = next(k for k, arg in enumerate(args) if arg is _INK)
            self.calls.append((name, args[:k], args[k + 1 :]))

        return note


def arrow_passes(
    points: Sequence[Point], *, shaft: float, head: float, edge: float
) -> tuple[tuple[CoreCall, ...], ...]:
    """The core calls of ``draw_arrow``'s two passes, the casing's and the fill's, each without its ink,
    as ``ImageDraw`` makes them (its line's rounded joints too); none for a path too short to draw. A
    caller may keep them for a path it draws again (``draw_arrow_passes``)."""
    draws = getattr(_RECORDING, "draws", None)
    if draws is None:  # (each thread its own two: a recorder is written to as it notes)
        draws = _RECORDING.draws = (
            ImageDraw.Draw(Image.new("L", (1, 1))),
            ImageDraw.Draw(Image.new("L", (1, 1))),
        )
        for draw in draws:
            draw.draw = _Recorder()
    recorders = [draw.draw for draw in draws]
    for recorder in recorders:
        recorder.calls = []
    _cased_arrow(draws, (_INK, _INK), points, shaft, head, edge)
    if not recorders[0].calls:
        return ()
    return tuple(tuple(recorder.calls) for recorder in recorders)


_RECORDING = threading.local()


def draw_arrow_passes(
    draw: ImageDraw.ImageDraw, passes: Sequence[Sequence[CoreCall]], fill: int, casing: int
) -> None:
    """``arrow_passes``' arrow: the casing's pass in ``casing``, then the fill's in ``fill`` (an "L" or
    "P" image's indices), handed to Pillow's core: a board of a round's moves draws some forty arrows."""
    core = draw.draw
    for colour, calls in zip((casing, fill), passes, strict=False):
        for name, before, after in calls:
            getattr(core, name)(*before, colour, *after)


def draw_arrow(
    draw: ImageDraw.ImageDraw,
    points: Sequence[Point],
    fill: int,
    casing: int,
    *,
    shaft: float,
    head: float,
    edge: float,
) -> None:
    """A cased arrow along ``points``: ``casing`` ``edge`` pixels wide all round, then ``fill``, so it
    shows on every colour beneath."""
    _cased_arrow((draw, draw), (casing, fill), points, shaft, head, edge)


def _cased_arrow(
    draws: Sequence[ImageDraw.ImageDraw],
    inks: Sequence[Any],
    points: Sequence[Point],
    shaft: float,
    head: float,
    edge: float,
) -> None:
    """The casing's pass with ``draws[0]`` in ``inks[0]``, then the fill's with ``draws[1]`` in
    ``inks[1]``: each a line (joints rounded), a round tail and the head's triangle."""
    for draw, ink, grow in zip(draws, inks, (edge, 0.0), strict=True):
        line, tri = polyline_arrow(points, shaft + 2 * grow, head + 1.6 * grow, head + 2.6 * grow)
        if not line:
            return
        if grow:  # push the casing's tip past the fill's, so the point is outlined too
            (ax, ay), tip, (bx, by) = tri
            mx, my = (ax + bx) / 2, (ay + by) / 2
            d = math.dist((mx, my), tip) or 1.0
            tip = (tip[0] + (tip[0] - mx) / d * grow, tip[1] + (tip[1] - my) / d * grow)
            tri = [(ax, ay), tip, (bx, by)]
        draw.line(line, fill=ink, width=max(1, round(shaft + 2 * grow)), joint="curve")
        r = (shaft + 2 * grow) / 2
        x, y = line[0]
        draw.ellipse((x - r, y - r, x + r, y + r), fill=ink)  # a round tail
        draw.polygon(tri, fill=ink)


def trim(points: Sequence[Point], start: float, end: float) -> list[Point]:
    """``points`` with ``start`` pixels cut from the first end and ``end`` from the last (never to
    nothing: a path shorter than both cuts keeps its middle)."""
    pts = list(points)
    total = sum(math.dist(a, b) for a, b in pairwise(pts))
    if total <= 0:
        return pts
    if start + end > total * 0.8:
        scale = total * 0.8 / (start + end)
        start, end = start * scale, end * scale
    return _cut_end(_cut_end(pts, start)[::-1], end)[::-1]


def _cut_end(pts: list[Point], distance: float) -> list[Point]:
    """Cut ``distance`` pixels off the start of the polyline."""
    while len(pts) >= 2 and distance > 0:
        a, b = pts[0], pts[1]
        seg = math.dist(a, b)
        if seg > distance:
            t = distance / seg
            return [(a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t), *pts[1:]]
        distance -= seg
        pts = pts[1:]
    return pts


def dashed_path(
    draw: ImageDraw.ImageDraw,
    points: Sequence[Point],
    fill: int,
    width: int,
    dash: float,
    gap: float,
    *,
    closed: bool = True,
    offset: tuple[int, int] = (0, 0),
) -> None:
    """A dashed line along a polyline (a ring when ``closed``), the pattern running on across corners;
    drawn ``offset`` whole pixels up and left (on a cut-out), with the dashes worked out where they are
    on the picture, so they end on the same pixels."""
    ox, oy = offset
    pts = [*points, points[0]] if closed and points else list(points)
    on, left = True, dash
    current: list[Point] = [pts[0]] if pts else []
    for a, b in pairwise(pts):
        seg = math.dist(a, b)
        pos = 0.0
        while seg - pos > left:
            pos += left
            t = pos / seg
            p = (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)
            if on:
                current.append(p)
                draw.line([(x - ox, y - oy) for x, y in current], fill=fill, width=width, joint="curve")
                current = []
            else:
                current = [p]
            on = not on
            left = dash if on else gap
        left -= seg - pos
        if on:
            current.append(b)
    if on and len(current) >= 2:
        draw.line([(x - ox, y - oy) for x, y in current], fill=fill, width=width, joint="curve")


def burst(centre: Point, radius: float, spikes: int = 9) -> list[Point]:
    """A jagged star: the mark of a battle fought (spikes alternate long and short)."""
    points = []
    for k in range(spikes * 2):
        a = math.radians(-90 + 180 * k / spikes)
        r = radius if k % 2 == 0 else radius * 0.58
        points.append((centre[0] + r * math.cos(a), centre[1] + r * math.sin(a)))
    return points


@lru_cache(maxsize=64)
def burst_sprite(radius: int, rim: int, core: int, casing: int, edge: int) -> Sprite:
    """A battle burst: ``casing`` outline, a ``rim`` band and a ``core`` of the winner's colour."""
    size = 2 * radius + 2 * edge + 2
    c = (size / 2, size / 2)
    image = Image.new("L", (size, size), 0)
    mask = Image.new("L", (size, size), 0)
    draw = ImageDraw.Draw(image)
    draw.polygon(burst(c, radius + edge), fill=casing)
    draw.polygon(burst(c, radius), fill=rim)
    draw.polygon(burst(c, radius * 0.62), fill=core)
    ImageDraw.Draw(mask).polygon(burst(c, radius + edge), fill=255)
    return Sprite(image, mask)
