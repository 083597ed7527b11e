"""Unit chips and hex marks as cached sprites (palette indices and a mask), pasted by the board.

A chip is all of one seat's units in one hex: the seat's badge shape in its colour with a dark outline
(shape and colour both tell seats apart). One kind of unit: its icon and the count. Several kinds: the
total in big digits, a thin rule, then each kind's small icon and count in columns: the big number
is what a 550 px preview reads, the small ones are for the picture at full size (columns of two rows
for two kinds, of three for more, so that a chip stays about a hex wide). Units aboard
hovercraft at sea get their own columns, so the count is of every unit in the hex.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from render.core import colours as C
from render.core.badges import Sprite
from render.core.fonts import font, text_width
from render.core.shapes import draw_shape, end_room, seat_shape
from render.core.text import draw_text
from render.hexwar.icons import icon_mask, icon_width, paint
from render.hexwar.look import board_palette
from rules.hexwar.state import Stack
from rules.hexwar.units import ORDER

Units = tuple[tuple[str, int], ...]  # (unit, count) in table order, every count above 0


@dataclass(frozen=True, slots=True)
class ChipStyle:
    height: int
    font: int  # the big number
    icon: int  # a one-kind chip's icon height
    mini_icon: int
    mini_font: int
    padding: int
    outline: int


def chip_style(scale: float) -> ChipStyle:
    """At scale 1 (an 89 px hex): 30 px tall, 22 px bold digits (10 px when shown 550 px wide)."""
    return ChipStyle(
        height=max(12, round(30 * scale)),
        font=max(9, round(22 * scale)),
        icon=max(8, round(19 * scale)),
        mini_icon=max(6, round(8 * scale)),
        mini_font=max(6, round(10 * scale)),
        padding=max(2, round(3 * scale)),
        outline=max(1, round(2 * scale)),
    )


def seat_units(stacks: Sequence[Stack], seat: int) -> Units:
    """What ``seat`` has in a hex, by kind in table order, counting units aboard its hovercraft."""
    counts = dict.fromkeys(ORDER, 0)
    for s in stacks:
        if s.seat != seat:
            continue
        counts[s.unit] += s.count
        for unit in s.cargo:
            counts[unit] += s.count
    return tuple((u, n) for u, n in counts.items() if n)


def _per_column(units: Units) -> int:
    """Two kinds in one column of two rows; three or more in columns of three (keeps a chip narrow)."""
    return 2 if len(units) <= 2 else 3


def _columns(units: Units) -> list[Units]:
    rows = _per_column(units)
    return [units[k : k + rows] for k in range(0, len(units), rows)]


def chip_width(units: Units, shape: str, style: ChipStyle) -> int:
    big = font(style.font, bold=True)
    edge = 2 * (style.outline + style.padding) + round(2 * end_room(shape, style.height) * 0.6)
    if len(units) == 1:
        count = units[0][1]
        digits = text_width(str(count), big) + style.padding if count > 1 else 0
        return edge + icon_width(style.icon) + digits
    small = font(style.mini_font, bold=True)
    widths = [
        max(icon_width(style.mini_icon) + 1 + (text_width(str(n), small) if n > 1 else 0) for _, n in column)
        for column in _columns(units)
    ]
    total = text_width(str(sum(n for _, n in units)), big)
    return edge + total + 2 * style.padding + sum(widths) + style.padding * (len(widths) - 1)


@lru_cache(maxsize=4096)
def chip_sprite(seat: int, units: Units, style: ChipStyle) -> Sprite:
    """The chip of ``seat``'s ``units``. Shared between renders and threads: never draw on one."""
    if not units or any(n <= 0 for _, n in units):
        raise ValueError(f"a chip needs units, each with a count above 0: {units!r}")
    palette = board_palette()
    colour = C.seat_colour(seat)
    ramp = palette.ramp(C.ink_on(colour), colour)
    shape = seat_shape(seat)
    w, h = chip_width(units, shape, style), style.height
    image = Image.new("L", (w, h), palette[colour])
    mask = Image.new("L", (w, h), 0)
    box = (0.0, 0.0, float(w - 1), float(h - 1))
    draw_shape(ImageDraw.Draw(image), shape, box, palette[colour], palette[C.INK], style.outline)
    draw_shape(ImageDraw.Draw(mask), shape, box, 255, 255, style.outline)
    big = font(style.font, bold=True)
    x = style.outline + style.padding + round(end_room(shape, h) * 0.6)
    if len(units) == 1:
        unit, count = units[0]
        icon = icon_mask(unit, style.icon)
        paint(image, icon, (x, (h - icon.height) // 2), ramp)
        if count > 1:
            draw_text(image, (x + icon.width + style.padding, h / 2), str(count), big, ramp, "lm")
        return Sprite(image, mask)
    total = str(sum(n for _, n in units))
    x = draw_text(image, (x, h / 2), total, big, ramp, "lm")[2] + style.padding
    inset = style.outline + style.padding
    ImageDraw.Draw(image).line([(x, inset), (x, h - 1 - inset)], fill=ramp[len(ramp) // 2], width=1)
    x += style.padding
    small = font(style.mini_font, bold=True)
    pitch = (h - 2 * style.outline) / _per_column(units)
    for column in _columns(units):
        right = x
        for k, (unit, count) in enumerate(column):
            y = style.outline + pitch * (k + 0.5)
            icon = icon_mask(unit, style.mini_icon)
            paint(image, icon, (x, round(y - icon.height / 2)), ramp)
            end = x + icon.width
            if count > 1:
                end = draw_text(image, (end + 1, y), str(count), small, ramp, "lm")[2]
            right = max(right, end)
        x = right + style.padding
    return Sprite(image, mask)


@lru_cache(maxsize=512)
def mark_sprite(name: str, height: int, fill: int, ramp: tuple[int, ...], outline: int = -1) -> Sprite:
    """An icon alone (a city, an anchor, a star) in ``ramp``'s ink on ``fill``. With an ``outline`` (a
    palette index; -1 for none) the icon is drawn solid in the ramp's last colour inside a one-pixel
    halo of that colour instead, so it shows on any fill without a ramp per fill."""
    icon = icon_mask(name, height)
    pad = 1 if outline >= 0 else 0
    w, h = icon.width + 2 * pad, icon.height + 2 * pad
    image = Image.new("L", (w, h), fill)
    mask = Image.new("L", (w, h), 0)
    if outline < 0:
        paint(image, icon, (0, 0), ramp)
        mask.paste(icon.point(lambda v: 255 if v > 16 else 0), (0, 0))
        return Sprite(image, mask)
    solid = icon.point(lambda v: 255 if v > 100 else 0)
    for dx in (0, 1, 2):
        for dy in (0, 1, 2):
            mask.paste(255, (dx, dy), solid)
    image.paste(outline, (0, 0), mask)
    image.paste(ramp[-1], (pad, pad), solid)
    return Sprite(image, mask)


@lru_cache(maxsize=256)
def pill_sprite(text: str, size: int, fill: int, ramp: tuple[int, ...], outline: int) -> Sprite:
    """A small rounded label (a gain ``+3``, a loss ``−2``, a defence ``G``) in ``ramp``'s ink."""
    f = font(size, bold=True)
    pad = max(2, size // 4)
    w, h = text_width(text, f) + 2 * pad + 2, size + pad + 2
    image = Image.new("L", (w, h), fill)
    mask = Image.new("L", (w, h), 0)
    radius = max(2, h // 3)
    ImageDraw.Draw(image).rounded_rectangle((0, 0, w - 1, h - 1), radius=radius, fill=fill, outline=outline)
    ImageDraw.Draw(mask).rounded_rectangle((0, 0, w - 1, h - 1), radius=radius, fill=255)
    draw_text(image, (w / 2, h / 2), text, f, ramp, "mm")
    return Sprite(image, mask)
