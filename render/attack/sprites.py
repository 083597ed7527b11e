"""The marks on the Attack! board, as small indexed sprites with masks (``render.core.badges``), cached:
army badges (a seat's shape and colour, the units' count), navy badges (dark, outlined in the seat's
colour, ``⚓`` and the ships' count), a neutral's government marker (``?`` face down, else its initial),
the capital's star, oil markers, gains and losses. ``region_mark`` puts one region's marks side by side
in one sprite, so they move together when badges are nudged apart."""

from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageDraw

from render.attack.style import GAIN, GOLD, LOSS, MARKER, NAME_PX, OIL_BLACK, palette, seat_colour
from render.attack.text import rimmed_layers
from render.core import colours as C
from render.core.badges import BadgeStyle, Sprite, badge_sprite
from render.core.fonts import font
from render.core.shapes import NEUTRAL_SHAPE, seat_shape


def army_style(ui: float) -> BadgeStyle:
    return BadgeStyle(
        font_size=max(10, round(24 * ui)),
        height=max(14, round(32 * ui)),
        padding=max(3, round(6 * ui)),
        outline=max(1, round(2 * ui)),
    )


def small_style(ui: float) -> BadgeStyle:
    return BadgeStyle(
        font_size=max(9, round(20 * ui)),
        height=max(12, round(27 * ui)),
        padding=max(2, round(5 * ui)),
        outline=max(2, round(3 * ui)),
    )


def army_badge(seat: int, count: int, ui: float) -> Sprite:
    pal = palette()
    colour = seat_colour(seat)
    ramp = pal.ramp(C.ink_on(colour), colour)
    return badge_sprite(seat_shape(seat), str(count), army_style(ui), pal[colour], pal[C.INK], ramp)


def navy_badge(seat: int, text: str, ui: float) -> Sprite:
    """Ships: a dark badge outlined in the seat's colour and shape, so it reads apart from armies."""
    pal = palette()
    return badge_sprite(
        seat_shape(seat),
        f"⚓{text}",
        small_style(ui),
        pal[C.INK],
        pal[seat_colour(seat)],
        pal.ramp(C.TEXT, C.INK),
    )


def marker(government: str, ui: float) -> Sprite:
    """A neutral region's government marker: ``?`` while face down, else the government's initial."""
    pal = palette()
    text = "?" if government == "hidden" else government[:1].upper()
    style = small_style(ui)
    return badge_sprite(
        NEUTRAL_SHAPE, text, style, pal[MARKER], pal[C.INK], pal.ramp(C.WHITE, MARKER), style.height
    )


def delta(amount: int, ui: float) -> Sprite:
    """A gain (+3, green) or loss (−2, red) of units since the viewer's last look."""
    pal = palette()
    colour = GAIN if amount > 0 else LOSS
    text = f"+{amount}" if amount > 0 else f"−{-amount}"
    return badge_sprite(
        "pill", text, small_style(ui * 0.9), pal[colour], pal[C.INK], pal.ramp(C.WHITE, colour)
    )


@lru_cache(maxsize=64)
def star(ui: float) -> Sprite:
    """The capital's star: gold, outlined in ink."""
    pal = palette()
    size = max(12, round(30 * ui))
    image = Image.new("L", (size, size), pal[C.INK])
    mask = Image.new("L", (size, size), 0)
    outer, inner = size / 2, size / 2 * 0.45
    points = []
    for k in range(10):
        angle = -math.pi / 2 + k * math.pi / 5
        radius = outer if k % 2 == 0 else inner
        points.append(
            (size / 2 + radius * math.cos(angle), size / 2 + radius * math.sin(angle) + size * 0.04)
        )
    ImageDraw.Draw(mask).polygon(points, fill=255)
    shrunk = [(size / 2 + (x - size / 2) * 0.72, size / 2 + (y - size / 2) * 0.72) for x, y in points]
    ImageDraw.Draw(image).polygon(shrunk, fill=pal[GOLD])
    return Sprite(image, mask)


@lru_cache(maxsize=64)
def oil(count: int, ui: float) -> Sprite:
    """Oil markers: a black drop ringed in white (read on any owner's colour), with the count if over one."""
    pal = palette()
    h = max(12, round(24 * ui))
    w = round(h * 0.72)
    image = Image.new("L", (w, h), pal[C.WHITE])
    mask = Image.new("L", (w, h), 0)

    def drop(draw: ImageDraw.ImageDraw, inset: float, fill: int) -> None:
        r = w / 2 - inset
        cx, cy = w / 2, h - w / 2
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill)
        draw.polygon(
            [(cx, inset * 1.4), (cx - r * 0.9, cy - r * 0.35), (cx + r * 0.9, cy - r * 0.35)], fill=fill
        )

    drop(ImageDraw.Draw(mask), 0, 255)
    drop(ImageDraw.Draw(image), max(1.5, 2 * ui), pal[OIL_BLACK])
    sprite = Sprite(image, mask)
    if count <= 1:
        return sprite
    number = badge_sprite(
        "rounded", str(count), small_style(ui * 0.8), pal[OIL_BLACK], pal[C.WHITE], pal.ramp(C.TEXT, C.INK)
    )
    return row((sprite, number), round(1 * ui))


def row(parts: tuple[Sprite, ...], gap: int) -> Sprite:
    """Sprites side by side, centred on one line."""
    width = sum(p.size[0] for p in parts) + gap * (len(parts) - 1)
    height = max(p.size[1] for p in parts)
    image = Image.new("L", (width, height), 0)
    mask = Image.new("L", (width, height), 0)
    x = 0
    for part in parts:
        y = (height - part.size[1]) // 2
        image.paste(part.image, (x, y), part.mask)
        mask.paste(part.mask, (x, y), part.mask)
        x += part.size[0] + gap
    return Sprite(image, mask)


MARK_ROW = 32  # the height of a row of marks at ``ui`` 1 (the army badge's)
SHORT = (("United States", "US"),)  # names shortened on the map (the log and menus use the full ones)


def short_name(name: str) -> str:
    for long, short in SHORT:
        name = name.replace(long, short)
    return name


@lru_cache(maxsize=1024)
def name_sprite(name: str, ui: float) -> Sprite:
    """A region's name: light letters on a dark rim, readable on any owner's colour and on the sea."""
    pal = palette()
    letters, mask, rim_mask, _, _ = rimmed_layers(
        name, font(round(NAME_PX * ui), bold=True), pal.ramp(C.TEXT, C.INK), pal[C.INK]
    )
    image = Image.new("L", rim_mask.size, pal[C.INK])
    image.paste(letters, (0, 0), mask)
    return Sprite(image, rim_mask)


def stack(top: Sprite | None, bottom: Sprite) -> Sprite:
    """``top`` centred over ``bottom``."""
    if top is None:
        return bottom
    width = max(top.size[0], bottom.size[0])
    height = top.size[1] + bottom.size[1]
    image = Image.new("L", (width, height), 0)
    mask = Image.new("L", (width, height), 0)
    for part, y in ((top, 0), (bottom, top.size[1])):
        x = (width - part.size[0]) // 2
        image.paste(part.image, (x, y), part.mask)
        mask.paste(part.mask, (x, y), part.mask)
    return Sprite(image, mask)


@lru_cache(maxsize=2048)
def region_mark(
    owner: int,
    army: int,
    navy: str,
    government: str | None,
    capital: bool,
    oil_markers: int,
    name: str,
    ui: float,
) -> Sprite:
    """One region's marks in a row (capital star, army badge or a neutral's marker, coastline navy, oil)
    over its name: one sprite, so that nudging badges apart keeps a region's marks and name together."""
    marks = _marks(owner, army, navy, government, capital, oil_markers, ui)
    return stack(marks, name_sprite(name, ui)) if name else marks or name_sprite("·", ui)


def _marks(
    owner: int, army: int, navy: str, government: str | None, capital: bool, oil_markers: int, ui: float
) -> Sprite | None:
    parts: list[Sprite] = []
    if capital:
        parts.append(star(ui))
    if owner < 0 and government is not None:
        parts.append(marker(government, ui))
    elif army:
        parts.append(army_badge(owner, army, ui))
    if navy:
        parts.append(navy_badge(owner, navy, ui))
    if oil_markers:
        parts.append(oil(oil_markers, ui))
    if not parts:
        return None
    return row(tuple(parts), max(1, round(3 * ui)))
