"""The world map of an Axis & Allies Classic game.

The input is plain data (``MapPicture``), so the renderer needs nothing from the engine: who owns each
land territory, which units stand where, the powers' IPCs and income, and what changed since the
viewer's last look. ``render_map`` draws owners' colours, names, IPC values (in the owner's badge shape,
a second cue beside colour), capitals, factories, pending battles, the changes
(``render.axis_allies.changes``), and each power's units in each space as one chip: its colour (Axis
chips square, Allied ones rounded), the count in big digits and, for a mix, each kind's small icon and
count. ``map_layer`` draws the map area alone, over the whole map or a window of it (the close-up of
``render.axis_allies.theatre``).
Sizes scale with the width, and are chosen for the preview Discord shows in the channel (the map shrunk
to 550–800 px wide): there the big counts, IPC values, stars and factories still read. Pure: the same
picture always gives the same PNG bytes. Where things go is worked out in ``render.axis_allies.layout``.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from functools import lru_cache

from PIL import Image, ImageDraw

from render.axis_allies.base import (
    GOLD,
    MapBase,
    clear_cache,
    land_palette,
    map_base,
    map_palette,
    name_font,
    power_colour,
)
from render.axis_allies.changes import Room, draw_marks, draw_moves, draw_outlines
from render.axis_allies.layout import (
    MapPicture,
    Marker,
    Token,
    check_picture,
    forget_rows,
    laid_out,
    token_layout,
)
from render.axis_allies.legend import draw_map_legend, legend_height, title_info
from render.core import colours as C
from render.core import masks
from render.core.badges import paste_sprites
from render.core.cache import forget_oldest
from render.core.fonts import Font
from render.core.panels import draw_title, title_height
from render.core.png import encode_png
from render.core.shapes import Point
from render.core.stamp import Paste, paste_of, stamp, stamp_all
from render.core.text import layers_ahead, text_mask, text_stamp
from rules.axis_allies.board import POWERS, classic_board

__all__ = [
    "DEFAULT_WIDTH",
    "MapPicture",
    "Token",
    "clear_cache",
    "map_image",
    "map_layer",
    "names_ahead",
    "render_map",
    "token_layout",
]


DEFAULT_WIDTH = 1600  # what the bot sends: Discord's full view of it is about 1:1 on most screens


def render_map(picture: MapPicture, *, width: int = DEFAULT_WIDTH) -> bytes:
    """The world map as PNG bytes."""
    return encode_png(map_image(picture, width=width))


def map_image(picture: MapPicture, *, width: int = DEFAULT_WIDTH) -> Image.Image:
    """The world map before encoding: a palette ("P") image, the title bar above and the legend below."""
    if not 480 <= width <= 4096:
        raise ValueError(f"width must be between 480 and 4096 pixels, not {width}")
    check_picture(picture)
    base = map_base(width)
    palette = map_palette()
    ui_panel = width / 1600  # the title bar and legend keep the Risk board's proportions
    top = title_height(ui_panel)
    canvas = Image.new("L", (width, top + base.height + legend_height(ui_panel)), palette[C.PANEL])
    canvas.paste(map_layer(picture, base), (0, top))
    draw_title(canvas, palette, title_info(picture), ui_panel)
    draw_map_legend(canvas, palette, top + base.height, picture, ui_panel)
    canvas.putpalette(land_palette(picture.owners))
    return canvas


def map_layer(picture: MapPicture, base: MapBase) -> Image.Image:
    """The map area alone, in palette indices (no palette attached): what changed, names, marker rows
    and chips, over ``base`` (the whole map or a window of it), its land in the territories' slots
    (``base.slot``): ``land_palette`` of the picture's owners colours them."""
    layer = base.image.copy()
    draw = ImageDraw.Draw(layer)
    changes = picture.changes
    draw_outlines(layer, base, picture.battles, changes.captured)
    rows, tokens = laid_out(picture, base)
    draw_moves(draw, base, changes.moves)
    for token in tokens:
        if token.tail is not None:
            _draw_tail(layer, token.centre, token.tail, token.power, base.ui)
    _draw_names(layer, base, picture)
    _draw_markers(layer, draw, rows.values(), base.ui)
    paste_sprites(layer, [(token.sprite, token.centre) for token in tokens])
    if changes:
        draw_marks(layer, base, changes, Room(base, rows, tokens))
    return layer


def forget_drawn(*bases: MapBase, names: bool = True) -> None:
    """Forget what renders keep of what they draw: chips' tails, the moves' arrows of ``bases`` and,
    with ``names``, names' stamps, marker rows and stars (a bench's bot just started; a new position keeps
    them, as they do not depend on it, as the text they are made of is kept)."""
    _TAILS.clear()
    for base in bases:
        base.arrows.clear()
    if names:
        _NAME_STAMPS.clear()
        _STARS.clear()
        forget_rows()


def _draw_names(canvas: Image.Image, base: MapBase, picture: MapPicture) -> None:
    """Names in the owner's ink; where a name does not fit on its land, white on a dark halo."""
    owners = picture.owners
    for i, name in _labelled(base):
        stamp_all(canvas, _name_stamps(base, i, owners.get(name)))


def _labelled(base: MapBase) -> tuple[tuple[int, str], ...]:
    """The territories with a name drawn on ``base`` (land that shows), each with its board index."""
    names = classic_board().names
    return tuple((i, names[i]) for i, label in enumerate(base.labels) if label is not None)


_NAME_STAMPS: dict[tuple[int, int, str | None], tuple[MapBase, tuple[Paste, ...]]] = {}
_NAME_STAMPS_KEPT = 4096  # a base's names in each owner's ink: under 500 a base


def _name_stamps(base: MapBase, index: int, owner: str | None) -> tuple[Paste, ...]:
    """What drawing territory ``index``'s name held by ``owner`` stamps on ``base``, in order: kept, as
    a name is drawn at the same place on every render (its layers are the text cache's: pasted, never
    drawn on)."""
    key = (id(base), index, owner)
    found = _NAME_STAMPS.get(key)
    if found is not None and found[0] is base:  # (an id can be reused once a base is dropped)
        return found[1]
    palette = map_palette()
    f = name_font(base.ui)
    label = base.labels[index]
    assert label is not None, "a sea zone's name is in the base"
    colour = power_colour(owner)
    x, y = label.name_at
    made: list[Paste] = []
    for k, line in enumerate(label.lines):
        at = (x, y + k * f.size * 1.15)
        if not line:
            continue
        if label.on_land:
            made.append(paste_of(*text_stamp(at, line, f, palette.ramp(C.ink_on(colour), colour), "mm")))
        else:  # white on a dark halo
            halo, (dx, dy) = _halo(line, f, max(1, round(2 * base.ui)))
            made.append(paste_of(palette[C.INK], (round(at[0]) + dx, round(at[1]) + dy), halo))
            made.append(paste_of(*text_stamp(at, line, f, palette.ramp(C.TEXT, C.INK), "mm")))
    forget_oldest(_NAME_STAMPS, _NAME_STAMPS_KEPT - 1)  # a race at worst works one out twice
    _NAME_STAMPS[key] = (base, tuple(made))
    return tuple(made)


def names_ahead(base: MapBase) -> None:
    """Each name on its land made in every owner's ink, and those off their land (islands) with their
    halos, and what each name stamps under each owner (a bot's start-up warm-up: a territory that
    changes hands shows its name in a colour no position has drawn yet); a few hundred small layers."""
    palette = map_palette()
    f = name_font(base.ui)
    inks = [palette.ramp(C.ink_on(colour), colour) for colour in map(power_colour, (None, *POWERS))]
    labels = [label for label in base.labels if label is not None]
    layers_ahead([line for label in labels if label.on_land for line in label.lines], f, inks, "mm")
    off = [line for label in labels if not label.on_land for line in label.lines]
    layers_ahead(off, f, [palette.ramp(C.TEXT, C.INK)], "mm")
    for line in off:
        _halo(line, f, max(1, round(2 * base.ui)))
    for i, label in enumerate(base.labels):  # and what each stamps, under every owner (a few hundred)
        if label is not None:
            for owner in (None, *POWERS):
                _name_stamps(base, i, owner)


def _draw_markers(
    canvas: Image.Image, draw: ImageDraw.ImageDraw, rows: Iterable[list[Marker]], ui: float
) -> None:
    """The marker rows' badges, factories and capitals' stars, row by row."""
    palette = map_palette()
    ink, gold = palette[C.INK], palette[GOLD]
    pastes: list[Paste] = []
    for markers in rows:
        for m in markers:
            (cx, cy), image = m.centre, m.sprite
            if image is not None:
                w, h = image.size
                x, y = round(cx - w / 2), round(cy - h / 2)
                pastes.append((image.image.im, (x, y, x + w, y + h), image.mask.im))
            elif min(cx, cy) - m.size[1] / 2 < 0:  # (Pillow rounds a negative corner the other way)
                stamp_all(canvas, pastes)
                pastes.clear()
                r = m.size[1] / 2
                draw.polygon(_star(m.centre, r), fill=ink)
                draw.polygon(_star(m.centre, r - 1.8 * ui), fill=gold)
            else:
                pastes.append(_star_stamp(m.centre, m.size[1] / 2, ui, ink, gold))
    stamp_all(canvas, pastes)


_STARS: dict[tuple[Point, float, float, int, int], Paste] = {}
_STARS_KEPT = 256  # a capital's star: under 1 KB; a dozen capitals a base


def _star_stamp(centre: Point, r: float, ui: float, ink: int, gold: int) -> Paste:
    """A capital's star at ``centre``: an ``ink`` star of radius ``r`` with a ``gold`` one inside, drawn
    on its own box whole pixels off the map's (Pillow rounds a polygon's corners to whole pixels, so
    the same pixels) and kept: a capital's star stands at the same place on every position."""
    key = (centre, r, ui, ink, gold)
    found = _STARS.get(key)
    if found is not None:
        return found
    assert 0 not in (ink, gold), "index 0 is where a star's box is left blank"
    left, top = math.floor(centre[0] - r) - 2, math.floor(centre[1] - r) - 2
    size = math.ceil(centre[0] + r) + 2 - left, math.ceil(centre[1] + r) + 2 - top
    image = Image.new("L", size, 0)
    draw = ImageDraw.Draw(image)
    for radius, fill in ((r, ink), (r - 1.8 * ui, gold)):
        draw.polygon([(x - left, y - top) for x, y in _star(centre, radius)], fill=fill)
    made = paste_of(image, (left, top), image.point(_SET))
    forget_oldest(_STARS, _STARS_KEPT - 1)  # a race at worst draws one twice
    _STARS[key] = made
    return made


@lru_cache(maxsize=512)
def _halo(text: str, f: Font, radius: int) -> tuple[Image.Image, tuple[int, int]]:
    """The dark halo round a name off its land: the same for every position, so made once (a
    dilation each render was most of what drawing those names cost). Only ever pasted, never drawn on."""
    mask, offset = text_mask(text, f, "mm")
    grown = Image.new("L", (mask.width + 2 * radius, mask.height + 2 * radius), 0)
    grown.paste(mask, (radius, radius))
    return masks.binary(masks.dilate(grown, radius)), (offset[0] - radius, offset[1] - radius)


def _draw_tail(layer: Image.Image, centre: Point, tip: Point, power: str, ui: float) -> None:
    """A chip placed off its territory points at it with a tail in its power's colour, outlined (the
    chip, pasted later, covers the tail's root; names, drawn later, stay readable over it): drawn on the
    map the first time a tail is asked for, drawn on its own box and kept the second (displaced chips'
    places come back from one position to the next), pasted after."""
    palette = map_palette()
    fill, ink = palette[power_colour(power)], palette[C.INK]
    key = (ui, centre, tip, fill, ink)
    try:
        found = _TAILS[key]
    except KeyError:  # (not seen, or forgotten): drawn on a cut-out of the map, as a box costs more
        seen = False
    else:
        if found is not None:
            stamp(layer, found[0], found[2], found[1])
            return
        seen = True
    made = _tail(centre, tip, fill, ink, ui, None if seen else layer)
    forget_oldest(_TAILS, _TAILS_KEPT - 1)  # a race at worst draws one twice
    _TAILS[key] = made if seen else None
    image, mask, at = made
    if seen:
        stamp(layer, image, at, mask)
    else:  # the cut-out, drawn on, back where it was
        layer.paste(image, at)


_TAILS: dict[
    tuple[float, Point, Point, int, int], tuple[Image.Image, Image.Image, tuple[int, int]] | None
] = {}
_TAILS_KEPT = 512  # a tail's box and its mask: 1-4 KB
_SET = [0] + [255] * 255  # no colour a tail draws is index 0 (the sea's): its mask is where its box is not 0


def _tail(
    centre: Point, tip: Point, fill: int, ink: int, ui: float, on: Image.Image | None
) -> tuple[Image.Image, Image.Image, tuple[int, int]]:
    """A tail drawn on its box, that box's mask and where it goes: the box cut out of ``on`` (the
    map: the caller pastes it back) or, without, a blank one to keep (the mask is where it is not 0).
    Drawn on a box (Pillow masks an outline wider than a pixel with an image the size of the one drawn
    on) whole pixels off the map's, so the same pixels. A kept one is shared: never drawn on."""
    assert 0 not in (fill, ink), "index 0 is where a tail's box is left blank"
    (x0, y0), (x1, y1) = centre, tip
    length = math.hypot(x1 - x0, y1 - y0) or 1.0
    half = 7 * ui
    nx, ny = -(y1 - y0) / length * half, (x1 - x0) / length * half
    wedge = [(x0 + nx, y0 + ny), (x1, y1), (x0 - nx, y0 - ny)]
    width = max(1, round(2 * ui))
    margin = 2 * width + 2
    left = math.floor(min(x for x, _ in wedge)) - margin
    top = math.floor(min(y for _, y in wedge)) - margin
    right = math.ceil(max(x for x, _ in wedge)) + margin
    bottom = math.ceil(max(y for _, y in wedge)) + margin
    box = (
        Image.new("L", (right - left, bottom - top), 0) if on is None else on.crop((left, top, right, bottom))
    )
    moved = [(x - left, y - top) for x, y in wedge]  # by whole pixels: the same pixels drawn
    ImageDraw.Draw(box).polygon(moved, fill=fill, outline=ink, width=width)
    return box, box if on is not None else box.point(_SET), (left, top)


def _star(centre: Point, r: float) -> list[Point]:
    points = []
    for k in range(10):
        a = math.radians(-90 + 36 * k)
        rr = r if k % 2 == 0 else r * 0.45
        points.append((centre[0] + rr * math.cos(a), centre[1] + rr * math.sin(a)))
    return points
