"""Unit icons for Axis & Allies, drawn by Warboard from Pillow primitives (no copied art); the unit
tokens of the battle board and the map's marker rows (the owner's colour, the unit's silhouette, a
count); and the map's unit chips (all of one power's units in one space, with a big count).

Each icon is drawn white-on-black in a 100×64 box (y down, facing right) at four times the size it is
shown, then shrunk to an antialiased coverage mask; a palette ramp turns coverage into colour
(``painted_icon``, kept per size and colour).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache

from PIL import Image, ImageDraw

from render.axis_allies.base import map_palette, power_colour
from render.core import colours as C
from render.core.badges import BadgeStyle, Sprite
from render.core.fonts import font, text_width
from render.core.shapes import draw_shape, end_room
from render.core.silhouettes import Pen, soldier, tank
from render.core.text import draw_text
from rules.axis_allies.board import AXIS, POWERS

ICON_BOX = (100, 64)
SUPERSAMPLE = 4
UNIT_ORDER = (
    "factory",
    "aa_gun",
    "infantry",
    "artillery",
    "tank",
    "fighter",
    "bomber",
    "transport",
    "submarine",
    "destroyer",
    "carrier",
    "battleship",
)


def _infantry(d: ImageDraw.ImageDraw, p: Pen, s: float) -> None:  # the soldier, an arm at the rifle
    soldier(d, p, s)
    d.polygon([p(58, 22), p(70, 26), p(68, 32), p(56, 30)], fill=255)  # arm


def _artillery(d: ImageDraw.ImageDraw, p: Pen, s: float) -> None:  # a field gun: barrel, wheel, trail
    d.polygon([p(30, 38), p(96, 12), p(99, 19), p(34, 48)], fill=255)
    d.line([p(40, 48), p(4, 62)], fill=255, width=round(8 * s))
    d.ellipse((*p(26, 32), *p(56, 62)), outline=255, width=round(7 * s))
    d.ellipse((*p(36, 42), *p(46, 52)), fill=255)


def _fighter(d: ImageDraw.ImageDraw, p: Pen, s: float) -> None:  # seen from above, nose right
    d.ellipse((*p(6, 26), *p(98, 38)), fill=255)
    d.polygon([p(62, 30), p(46, 4), p(38, 4), p(44, 30)], fill=255)
    d.polygon([p(62, 34), p(46, 60), p(38, 60), p(44, 34)], fill=255)
    d.polygon([p(18, 30), p(8, 14), p(3, 14), p(6, 32), p(3, 50), p(8, 50), p(18, 34)], fill=255)


def _bomber(d: ImageDraw.ImageDraw, p: Pen, s: float) -> None:  # long straight wings, four engines
    d.ellipse((*p(4, 24), *p(99, 40)), fill=255)
    d.polygon([p(64, 29), p(60, 0), p(46, 0), p(44, 29)], fill=255)
    d.polygon([p(64, 35), p(60, 64), p(46, 64), p(44, 35)], fill=255)
    for y in (8, 18, 46, 56):
        d.rounded_rectangle((*p(58, y - 3), *p(72, y + 3)), radius=round(2 * s), fill=255)
    d.polygon([p(16, 28), p(10, 12), p(4, 12), p(6, 32), p(4, 52), p(10, 52), p(16, 36)], fill=255)


def _hull(d: ImageDraw.ImageDraw, p: Pen, top: float, bottom: float, bow: float = 10) -> None:
    d.polygon([p(2, top), p(99, top), p(99 - bow, bottom), p(12, bottom)], fill=255)


def _transport(d: ImageDraw.ImageDraw, p: Pen, s: float) -> None:
    _hull(d, p, 40, 60)
    d.rectangle((*p(12, 27), *p(30, 40)), fill=255)
    d.rectangle((*p(34, 27), *p(52, 40)), fill=255)
    d.rectangle((*p(62, 16), *p(84, 40)), fill=255)
    d.rectangle((*p(70, 4), *p(78, 16)), fill=255)


def _submarine(d: ImageDraw.ImageDraw, p: Pen, s: float) -> None:
    d.ellipse((*p(2, 36), *p(99, 58)), fill=255)
    d.polygon([p(40, 38), p(44, 22), p(60, 22), p(62, 38)], fill=255)
    d.line([p(52, 22), p(52, 8), p(58, 8)], fill=255, width=round(4 * s))


def _destroyer(d: ImageDraw.ImageDraw, p: Pen, s: float) -> None:
    _hull(d, p, 42, 58, bow=16)
    d.rectangle((*p(36, 30), *p(62, 42)), fill=255)
    d.rectangle((*p(46, 18), *p(54, 30)), fill=255)
    d.rectangle((*p(72, 36), *p(96, 40)), fill=255)


def _carrier(d: ImageDraw.ImageDraw, p: Pen, s: float) -> None:  # flat deck, island to starboard
    d.polygon([p(0, 34), p(100, 34), p(100, 40), p(0, 40)], fill=255)
    d.polygon([p(8, 40), p(94, 40), p(84, 58), p(16, 58)], fill=255)
    d.rectangle((*p(66, 16), *p(78, 34)), fill=255)
    d.rectangle((*p(70, 8), *p(74, 16)), fill=255)


def _battleship(d: ImageDraw.ImageDraw, p: Pen, s: float) -> None:  # stepped superstructure, two turrets
    _hull(d, p, 40, 58, bow=14)
    d.rectangle((*p(34, 28), *p(66, 40)), fill=255)
    d.rectangle((*p(42, 16), *p(58, 28)), fill=255)
    d.rectangle((*p(48, 4), *p(52, 16)), fill=255)
    for x0, x1, b0, b1 in ((70, 82, 80, 98), (18, 30, 2, 20)):
        d.rounded_rectangle((*p(x0, 31), *p(x1, 40)), radius=round(3 * s), fill=255)
        d.rectangle((*p(b0, 32), *p(b1, 36)), fill=255)


def _aa_gun(d: ImageDraw.ImageDraw, p: Pen, s: float) -> None:  # twin barrels pointing at the sky
    d.polygon([p(24, 63), p(76, 63), p(66, 50), p(34, 50)], fill=255)
    d.ellipse((*p(40, 36), *p(60, 56)), fill=255)
    for dx in (-6, 6):
        a = math.radians(-55)
        x0, y0 = 50 + dx, 44
        d.line([p(x0, y0), p(x0 + 46 * math.cos(a), y0 + 46 * math.sin(a))], fill=255, width=round(6 * s))


def _factory(d: ImageDraw.ImageDraw, p: Pen, s: float) -> None:  # sawtooth roof and a chimney
    d.rectangle((*p(6, 34), *p(94, 63)), fill=255)
    for x in (6, 30, 54):
        d.polygon([p(x, 34), p(x + 24, 18), p(x + 24, 34)], fill=255)
    d.rectangle((*p(80, 2), *p(90, 34)), fill=255)
    for x in (14, 38, 62):
        d.rectangle((*p(x, 42), *p(x + 12, 52)), fill=0)


_DRAW: dict[str, Callable[[ImageDraw.ImageDraw, Pen, float], None]] = {
    "infantry": _infantry,
    "artillery": _artillery,
    "tank": tank,
    "fighter": _fighter,
    "bomber": _bomber,
    "transport": _transport,
    "submarine": _submarine,
    "destroyer": _destroyer,
    "carrier": _carrier,
    "battleship": _battleship,
    "aa_gun": _aa_gun,
    "factory": _factory,
}
UNITS = frozenset(_DRAW)


@lru_cache(maxsize=256)
def icon_mask(unit: str, height: int) -> Image.Image:
    """The unit's silhouette as coverage (0–255), ``height`` pixels tall, 100:64 wide."""
    if unit not in _DRAW:
        raise ValueError(f"no icon for unit {unit!r}; known: {', '.join(sorted(_DRAW))}")
    w, h = round(height * ICON_BOX[0] / ICON_BOX[1]), height
    big = Image.new("L", (w * SUPERSAMPLE, h * SUPERSAMPLE), 0)
    s = big.height / ICON_BOX[1]

    def pen(x: float, y: float) -> tuple[float, float]:
        return (x * s, y * s)

    _DRAW[unit](ImageDraw.Draw(big), pen, s)
    return big.resize((w, h), Image.Resampling.BOX)


@lru_cache(maxsize=512)
def painted_icon(unit: str, height: int, ramp: tuple[int, ...]) -> tuple[Image.Image, Image.Image]:
    """The unit's icon ``height`` pixels tall in ``ramp``'s colours (coverage mapped along the ramp,
    background to ink), and its paste mask, kept: a power's chips come back in many counts and mixes.
    Never drawn on."""
    coverage = icon_mask(unit, height)
    steps = len(ramp) - 1
    levels = [round(a * steps / 255) for a in range(256)]
    return coverage.point([ramp[v] for v in levels]), coverage.point([255 if v else 0 for v in levels])


def _paint_icon(
    canvas: Image.Image, unit: str, height: int, xy: tuple[int, int], ramp: tuple[int, ...]
) -> None:
    """``icon_mask(unit, height)`` pasted onto an indexed canvas in ``ramp``'s colours."""
    image, cover = painted_icon(unit, height, ramp)
    canvas.paste(image, xy, cover)


def token_style(ui: float) -> BadgeStyle:
    """Token sizes at scale ``ui`` (1.0 on the 2000 px map): 25 px tall, 17 px bold digits."""
    return BadgeStyle(
        font_size=max(8, round(17 * ui)),
        height=max(12, round(25 * ui)),
        padding=max(2, round(3 * ui)),
        outline=max(1, round(2 * ui)),
    )


def token_size(shape: str, count: int, style: BadgeStyle) -> tuple[int, int]:
    icon_h = round(style.height * 0.72)
    inner = round(icon_h * ICON_BOX[0] / ICON_BOX[1]) + 2 * style.padding
    if count > 1:
        inner += text_width(str(count), font(style.font_size, bold=True)) + style.padding // 2
    return round(inner + 2 * end_room(shape, style.height)), style.height


@lru_cache(maxsize=4096)
def token_sprite(
    unit: str, count: int, shape: str, style: BadgeStyle, fill: int, outline: int, ramp: tuple[int, ...]
) -> Sprite:
    """A unit token: ``shape`` in the owner's ``fill``, the icon and (above 1) the count in ``ramp``'s ink.

    Shared between renders and threads: never draw on one.
    """
    w, h = token_size(shape, count, style)
    image = Image.new("L", (w, h), fill)
    mask = Image.new("L", (w, h), 0)
    box = (0.0, 0.0, float(w - 1), float(h - 1))
    draw_shape(ImageDraw.Draw(image), shape, box, fill, outline, style.outline)
    draw_shape(ImageDraw.Draw(mask), shape, box, 255, 255, style.outline)
    icon = icon_mask(unit, round(h * 0.72))
    x = round(end_room(shape, h)) + style.padding
    _paint_icon(image, unit, icon.height, (x, (h - icon.height) // 2), ramp)
    if count > 1:
        digits = font(style.font_size, bold=True)
        draw_text(image, (x + icon.width + style.padding // 2, h / 2), str(count), digits, ramp, "lm")
    return Sprite(image, mask)


@dataclass(frozen=True, slots=True)
class ChipStyle:
    """Sizes of a map unit chip, in pixels."""

    height: int
    total_font: int  # the big number: one kind's count, or how many units the power has there in all
    icon: int  # a one-kind chip's icon height
    mini: tuple[tuple[int, int], ...]  # a mixed chip's small (icon height, font size) for 2 and 3 rows
    padding: int
    outline: int


def chip_style(ui: float) -> ChipStyle:
    """Chip sizes at scale ``ui`` (1.0 on the 2000 px map): 38 px tall with 32 px bold digits, so a count
    is still about 6 px tall when Discord shows the map 550 px wide."""
    return ChipStyle(
        height=max(14, round(38 * ui)),
        total_font=max(10, round(32 * ui)),
        icon=max(9, round(22 * ui)),
        mini=(
            (max(7, round(13 * ui)), max(7, round(14 * ui))),
            (max(6, round(10 * ui)), max(6, round(11 * ui))),
        ),
        padding=max(2, round(4 * ui)),
        outline=max(1, round(2 * ui)),
    )


Units = tuple[tuple[str, int], ...]  # (unit, count) in ``UNIT_ORDER``, every count above 0


def _icon_width(height: int) -> int:
    return round(height * ICON_BOX[0] / ICON_BOX[1])


def _mini_rows(units: Units) -> int:
    """Two rows of small icons for up to four kinds, three (smaller) beyond: keeps a chip narrow."""
    return 2 if len(units) <= 4 else 3


@dataclass(frozen=True, slots=True)
class ChipPlan:
    width: int
    lead: int  # the big number's (or the one kind's icon and number's) width
    rows: int
    columns: tuple[Units, ...]
    column_widths: tuple[int, ...]


def chip_plan(units: Units, style: ChipStyle) -> ChipPlan:
    big = font(style.total_font, bold=True)
    gap = max(1, style.padding // 2)
    edge = 2 * (style.outline + style.padding)
    if len(units) == 1:
        count = units[0][1]
        lead = _icon_width(style.icon) + (gap + text_width(str(count), big) if count > 1 else 0)
        return ChipPlan(lead + edge, lead, 0, (), ())
    rows = _mini_rows(units)
    icon_h, size = style.mini[rows - 2]
    small = font(size, bold=True)
    columns = tuple(units[k : k + rows] for k in range(0, len(units), rows))
    widths = tuple(
        max(_icon_width(icon_h) + (gap + text_width(str(n), small) if n > 1 else 0) for _, n in column)
        for column in columns
    )
    lead = text_width(str(sum(n for _, n in units)), big)
    width = edge + lead + 2 * style.padding + sum(widths) + style.padding * (len(widths) - 1)
    return ChipPlan(width, lead, rows, columns, widths)


def count_span(units: Units, style: ChipStyle) -> tuple[int, int] | None:
    """Where the chip's big number runs, left to right, in its own pixels (None: a single unit, no
    number)."""
    big = font(style.total_font, bold=True)
    x = style.outline + style.padding
    if len(units) > 1:
        return x, x + chip_plan(units, style).lead
    if units[0][1] == 1:
        return None
    x += _icon_width(style.icon) + max(1, style.padding // 2)
    return x, x + text_width(str(units[0][1]), big)


@lru_cache(maxsize=4096)
def chip_sprite(
    units: Units, style: ChipStyle, shape: str, fill: int, outline: int, ramp: tuple[int, ...]
) -> Sprite:
    """All of one power's units in one space as a single chip in its colour.

    One kind: its icon and (above 1) the count in big digits. Several: the total in big digits, a thin
    rule, then each kind's small icon and count in columns of two (or three) rows. The big number is
    what a glance at a shrunken preview reads; the small ones are for the picture at full size.
    Shared between renders and threads: never draw on one.
    """
    if not units or any(n <= 0 for _, n in units):
        raise ValueError(f"a chip needs units, each with a count above 0: {units!r}")
    plan = chip_plan(units, style)
    w, h = plan.width, style.height
    ground = _chip_ground(w, h, shape, fill, outline, style.outline)
    image, mask = ground.image.copy(), ground.mask  # (the mask is never drawn on: shared)
    big = font(style.total_font, bold=True)
    gap = max(1, style.padding // 2)
    x = style.outline + style.padding
    span = count_span(units, style)
    if not plan.columns:
        unit, count = units[0]
        icon = icon_mask(unit, style.icon)
        _paint_icon(image, unit, style.icon, (x, (h - icon.height) // 2), ramp)
        if span is not None:
            draw_text(image, (span[0], h / 2), str(count), big, ramp, "lm")
        return Sprite(image, mask)
    draw_text(image, (x, h / 2), str(sum(n for _, n in units)), big, ramp, "lm")
    x += plan.lead + style.padding
    inset = style.outline + style.padding
    ImageDraw.Draw(image).line([(x, inset), (x, h - 1 - inset)], fill=ramp[len(ramp) // 2], width=1)
    x += style.padding
    icon_h, size = style.mini[plan.rows - 2]
    small = font(size, bold=True)
    pitch = (h - 2 * style.outline - 2) / plan.rows
    for column, column_width in zip(plan.columns, plan.column_widths, strict=True):
        for k, (unit, count) in enumerate(column):
            y = h / 2 + (k - (plan.rows - 1) / 2) * pitch
            icon = icon_mask(unit, icon_h)
            _paint_icon(image, unit, icon_h, (x, round(y - icon.height / 2)), ramp)
            if count > 1:
                draw_text(image, (x + icon.width + gap, y), str(count), small, ramp, "lm")
        x += column_width + style.padding
    return Sprite(image, mask)


@lru_cache(maxsize=512)
def _chip_ground(w: int, h: int, shape: str, fill: int, outline: int, line: int) -> Sprite:
    """A chip with nothing on it yet, and its mask: the shape drawn once per size and power. Never
    drawn on (a chip copies the image)."""
    image = Image.new("L", (w, h), fill)
    mask = Image.new("L", (w, h), 0)
    box = (0.0, 0.0, float(w - 1), float(h - 1))
    draw_shape(ImageDraw.Draw(image), shape, box, fill, outline, line)
    draw_shape(ImageDraw.Draw(mask), shape, box, 255, 255, line)
    return Sprite(image, mask)


def icons_ahead(style: ChipStyle) -> None:
    """Every unit's chip icon at the chip sizes of ``style``, in every power's ink, and each power's
    blank chips in the widths of one to three kinds (a bot's start-up warm-up: a first position's new
    chips paste them)."""
    for unit in UNIT_ORDER:
        for height in (style.icon, *(icon_h for icon_h, _ in style.mini)):
            for power in POWERS:
                painted_icon(unit, height, chip_look(power)[3])
    widths = chip_widths(UNIT_ORDER[2:5], style)
    for power in POWERS:
        shape, fill, outline, _ = chip_look(power)
        for width in widths:
            _chip_ground(width, style.height, shape, fill, outline, style.outline)


def chip_widths(kinds: Sequence[str], style: ChipStyle) -> list[int]:
    """The widths, smallest first, of chips holding the first one, two... of ``kinds`` in counts of 1, 5
    or 15 (one, two or three digits): the few sizes a position's small chips come in, for the warm-up."""
    return sorted(
        {
            chip_plan(tuple(zip(kinds[:n], counts, strict=False)), style).width
            for n in range(1, len(kinds) + 1)
            for counts in itertools.product((1, 5, 15), repeat=n)
        }
    )


def chip_for(power: str, units: Units, style: ChipStyle) -> Sprite:
    """``power``'s chip for ``units``: its colour, square corners for the Axis, round for the Allies."""
    return chip_sprite(units, style, *chip_look(power))


@cache
def chip_look(power: str) -> tuple[str, int, int, tuple[int, ...]]:
    """``power``'s token shape, fill, outline and ink ramp (square corners for the Axis, round for the
    Allies: compact shapes, since Europe has little room to spare)."""
    palette = map_palette()
    colour = power_colour(power)
    shape = "square" if power in AXIS else "rounded"
    return shape, palette[colour], palette[C.INK], palette.ramp(C.ink_on(colour), colour)


def token_for(power: str, unit: str, count: int, style: BadgeStyle) -> Sprite:
    """The token of ``count`` × ``unit`` owned by ``power`` (the battle board and the marker rows)."""
    shape, fill, outline, ink = chip_look(power)
    return token_sprite(unit, count, shape, style, fill, outline, ink)
