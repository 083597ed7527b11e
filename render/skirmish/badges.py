"""Unit badges: a territory's units by type in its owner's colour and badge shape.

The troops are the plain number; cavalry, cannons and generals follow as a small icon and their count
(◆ cavalry, ● cannon, ★ general), so "7 ◆2 ★1" reads as seven troops, two cavalry and a general. Icons
are drawn as shapes the size of a digit rather than taken from the font, whose symbols are too small to
read at 550 px. Cavalry is a diamond, not a triangle: ▲ marks higher ground beside a territory's name.
Sprites are cached per (owner, units, size), so a render only pastes them.
"""

from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageDraw

from render.core import colours as C
from render.core.badges import BadgeStyle, Sprite
from render.core.fonts import font, text_width
from render.core.shapes import Point, draw_shape, end_room, seat_shape
from render.core.text import draw_text
from render.skirmish.base import map_palette, owner_colour

ICON_KINDS = ("cavalry", "cannon", "general")  # after the troops, in the order of the unit table
KIND_NAMES = {"cavalry": "cavalry", "cannon": "cannon", "general": "general"}


def icon_points(kind: str, centre: Point, size: float) -> list[Point]:
    """The outline of a unit icon ``size`` pixels high: a diamond, a circle (as a polygon) or a star."""
    x, y = centre
    r = size / 2
    if kind == "cavalry":  # a diamond a little taller than wide, so it never reads as a square
        return [(x, y - r * 1.1), (x + r, y), (x, y + r * 1.1), (x - r, y)]
    if kind == "cannon":
        return [(x + r * math.cos(a * math.pi / 8), y + r * math.sin(a * math.pi / 8)) for a in range(16)]
    points = []
    for k in range(10):
        radius = r * 1.1 if k % 2 == 0 else r * 0.45
        angle = -math.pi / 2 + k * math.pi / 5
        points.append((x + radius * math.cos(angle), y + radius * math.sin(angle) + r * 0.08))
    return points


def draw_icon(draw: ImageDraw.ImageDraw, kind: str, centre: Point, size: float, fill: int) -> None:
    draw.polygon(icon_points(kind, centre, size), fill=fill)


def _pieces(counts: tuple[int, int, int, int]) -> list[tuple[str | None, str]]:
    """(icon kind or None for troops, number) for each type present."""
    parts: list[tuple[str | None, str]] = []
    if counts[0]:
        parts.append((None, str(counts[0])))
    for kind, n in zip(ICON_KINDS, counts[1:], strict=True):
        if n:
            parts.append((kind, str(n)))
    return parts


@lru_cache(maxsize=4096)
def unit_badge(owner: int, counts: tuple[int, int, int, int], style: BadgeStyle) -> Sprite:
    """The badge for ``counts`` (troops, cavalry, cannons, generals) of ``owner``. Never draw on it."""
    palette = map_palette()
    colour = owner_colour(owner)
    ink = C.ink_on(colour)
    digits = font(style.font_size, bold=True)
    icon = style.font_size * 0.72  # the height of a digit
    gap, icon_gap = round(style.font_size * 0.35), round(style.font_size * 0.12)
    parts = _pieces(counts)
    widths = [text_width(n, digits) + (round(icon) + icon_gap if kind else 0) for kind, n in parts]
    inner = sum(widths) + gap * (len(parts) - 1)
    shape = seat_shape(owner)
    # An icon at the start needs more room than a digit from the badge's rounded or slanted end.
    lead = 0.2 * style.height if parts and parts[0][0] is not None else 0.0
    w = max(style.height, round(inner + lead + 2 * style.padding + 2 * end_room(shape, style.height)))
    h = style.height
    image = Image.new("L", (w, h), palette[colour])
    mask = Image.new("L", (w, h), 0)
    box = (0.0, 0.0, float(w - 1), float(h - 1))
    draw_shape(ImageDraw.Draw(image), shape, box, palette[colour], palette[C.INK], style.outline)
    draw_shape(ImageDraw.Draw(mask), shape, box, 255, 255, style.outline)
    draw = ImageDraw.Draw(image)
    x, mid = (w - inner + lead) / 2, h / 2
    ramp = palette.ramp(ink, colour)
    for (kind, number), width in zip(parts, widths, strict=True):
        left = x
        if kind is not None:
            draw_icon(draw, kind, (left + icon / 2, mid), icon, palette[ink])
            left += round(icon) + icon_gap
        draw_text(image, (left, mid), number, digits, ramp, "lm")
        x += width + gap
    return Sprite(image, mask)
