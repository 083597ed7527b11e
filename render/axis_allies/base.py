"""The static part of the Axis & Allies world map, built once per width (or per close-up window) and
shared by every render.

Like the Risk board (``render.risk.base``), the map is an 8-bit image of palette indices: the sea, sea
zone lines, coasts, borders and sea-zone names hold their final colours, and each land territory's
interior holds a *slot* (255 − land index) that a picture's palette gives its owner's colour
(``land_palette``: no pixel is mapped for a position's owners). The base also works out, once, where
each territory's label goes and where its unit chips may sit (``render.axis_allies.places``).

A base may show the whole map, or only a window of it (a close-up of a crowded theatre,
``render.axis_allies.theatre``) drawn at its own scale and text size: territories outside the window get
no label and no chip places, and those cut by its edge have their name in the part that shows.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from PIL import Image, ImageChops, ImageDraw

from data import load_json
from render.axis_allies.colours import (
    GOLD,
    NEUTRAL,
    POWER_COLOURS,
    SEA,
    SEA_TEXT,
    SEA_ZONE_LINE,
    map_palette,
    power_colour,
    slot,
)
from render.axis_allies.places import (
    MOSTLY,
    Box,
    Label,
    ipc_style,
    land_label,
    name_font,
    nearby,
    ring_bounds,
    sea_font,
    sea_name,
    spots,
    visible_centre,
)
from render.axis_allies.reach import OwnLand, Reach
from render.core import colours as C
from render.core import masks
from render.core.boxes import BoxIndex
from render.core.cache import BuildCache, forget_oldest
from render.core.marks import CoreCall
from render.core.shapes import Point
from rules.axis_allies.board import classic_board

__all__ = [
    "GOLD",
    "MOSTLY",
    "NEUTRAL",
    "POWER_COLOURS",
    "SEA",
    "SEA_TEXT",
    "SEA_ZONE_LINE",
    "Box",
    "Label",
    "MapBase",
    "Window",
    "clear_cache",
    "ipc_style",
    "land_lut",
    "land_palette",
    "map_base",
    "map_palette",
    "name_font",
    "nearby",
    "power_colour",
    "sea_font",
    "slot",
    "window_base",
]

REFERENCE_WIDTH = 2000  # sizes here are designed at this width and scaled from it
Window = tuple[float, float, float, float]  # a part of the map, in TripleA's pixels: x0, y0, x1, y1


Arrow = tuple[tuple[tuple[CoreCall, ...], ...], ...]  # a move's arrow, per side of the map's edge it shows


@dataclass(frozen=True, slots=True)
class MapBase:
    width: int
    height: int
    scale: float  # map pixels per TripleA pixel
    ui: float  # text and token scale: 1.0 on the whole map 2000 px wide
    image: Image.Image  # "L": indices and land slots; shared, never drawn on
    rings: tuple[tuple[tuple[Point, ...], ...], ...]  # per territory (board order), in map pixels
    labels: tuple[Label | None, ...]  # per territory; None for sea zones (their names are in ``image``)
    reserved: tuple[Box, ...]  # per territory, its name's box (sea zones: drawn in ``image``)
    spots: tuple[tuple[Point, ...], ...]  # per territory, chip centres to try in order
    good: tuple[int, ...]  # per territory, how many of its first spots hold a chip mostly inside
    area: tuple[int, ...]  # per territory, its size in pixels
    bounds: tuple[Box, ...]  # per territory, the box round its outline
    territory_at: Image.Image  # "L": territory index + 1 under each pixel (0 off the map)
    territory_bytes: bytes  # the same, row by row, for quick lookups
    sea_lut: tuple[int, ...]  # territory_at value -> 255 on a sea zone, else 0
    shown: tuple[bool, ...]  # per territory, whether any of it is in the picture
    centres: tuple[Point, ...]  # per territory, its middle (in a window: of the part that shows)
    wrap: float  # the whole map's width in these pixels: the Pacific runs off one edge onto the other
    tail_points: tuple[tuple[Point, ...], ...]  # per territory, where a displaced chip's tail may point
    names: BoxIndex  # the names' boxes (``reserved``), indexed: copied by every layout, never changed
    # Displaced chips' candidate places, read lazily per territory and chip size (``layout.reach_of``).
    reaches: dict[Hashable, Reach]
    fitting: dict[Hashable, OwnLand]  # chips' places on their own land, by territory and chip size
    tails: dict[Hashable, Point | None]  # where a chip's tail points, by territory, centre and size
    arrows: dict[Hashable, Arrow | None]  # moves' arrows by path (``changes.arrow``; None: seen once)

    def territory_value(self, x: float, y: float) -> int:
        """``territory_at`` at (x, y): territory index + 1, 0 off the map."""
        ix, iy = int(x), int(y)
        if 0 <= ix < self.width and 0 <= iy < self.height:
            return self.territory_bytes[iy * self.width + ix]
        return 0


def _shapes() -> dict[str, Any]:
    raw: dict[str, Any] = load_json("axis_allies/shapes.json")
    return raw


def _build(width: int, window: Window | None = None, ui: float | None = None) -> MapBase:
    board = classic_board()
    raw = _shapes()
    palette = map_palette()
    map_w, map_h = raw["size"]
    x0, y0, x1, y1 = window or (0, 0, map_w, map_h)
    scale = width / (x1 - x0)
    height = round((y1 - y0) * scale)
    ui = ui if ui is not None else width / REFERENCE_WIDTH

    def px(p: list[float]) -> Point:
        return ((p[0] - x0) * scale, (p[1] - y0) * scale)

    shapes = [raw["territories"][name] for name in board.names]
    rings = tuple(tuple(tuple(px(p) for p in ring) for ring in s["polygons"]) for s in shapes)
    bounds = tuple(ring_bounds(r) for r in rings)
    shown = [b[0] < width and b[2] > 0 and b[1] < height and b[3] > 0 for b in bounds]
    territory_at = Image.new("L", (width, height), 0)
    land_at = Image.new("L", (width, height), 0)
    image = Image.new("L", (width, height), palette[SEA])
    draw_t, draw_l, draw = ImageDraw.Draw(territory_at), ImageDraw.Draw(land_at), ImageDraw.Draw(image)
    land = 0
    # Sea zones first: TripleA's sea-zone outlines enclose the islands in them (the UK, Japan...).
    for i in sorted(range(len(board.names)), key=lambda i: not board.territories[board.names[i]].is_sea):
        for ring in rings[i]:
            draw_t.polygon(ring, fill=i + 1)
    for i, name in enumerate(board.names):
        if not board.territories[name].is_sea:
            for ring in rings[i]:
                draw_l.polygon(ring, fill=land + 1)
                draw.polygon(ring, fill=slot(land))
            land += 1
    image.paste(palette[SEA_ZONE_LINE], (0, 0), masks.edges(territory_at))
    borders = masks.edges(land_at)
    if ui >= 0.75:  # three pixels, so borders still show when Discord shrinks the map to a preview
        borders = ImageChops.lighter(borders, masks.shift(borders, 1, 1))
    image.paste(palette[C.INK], (0, 0), borders)

    margin = 40 * ui
    centres = [
        visible_centre(territory_at, i, px(shapes[i]["center"]), margin) if window and shown[i] else
        px(shapes[i]["center"])
        for i in range(len(board.names))
    ]  # fmt: skip
    labels: list[Label | None] = [
        None
        if board.territories[name].is_sea or not shown[i]
        else land_label(name, centres[i], i, territory_at, ui)
        for i, name in enumerate(board.names)
    ]
    avoid: list[Box] = []
    for label in labels:
        if label is not None:  # the name, and room for its marker row (star, IPCs, factory)
            x, y = label.row_at
            avoid += [label.name_box, (x - 60 * ui, y - 15 * ui, x + 60 * ui, y + 15 * ui)]
    nowhere: Box = (-1.0, -1.0, -1.0, -1.0)
    reserved = [
        label.name_box
        if label
        else sea_name(image, palette, i, name, centres[i], territory_at, avoid, ui)
        if shown[i]
        else nowhere
        for i, (name, label) in enumerate(zip(board.names, labels, strict=True))
    ]
    places, good = zip(
        *(
            spots(shapes[i], i, px, territory_at, labels[i], ui, rings[i]) if shown[i] else ((), 0)
            for i in range(len(board.names))
        ),
        strict=True,
    )
    pixels = territory_at.tobytes()
    return MapBase(
        width,
        height,
        scale,
        ui,
        image,
        rings,
        tuple(labels),
        tuple(reserved),
        places,
        good,
        tuple(territory_at.histogram()[1 : len(board.names) + 1]),
        bounds,
        territory_at,
        pixels,
        tuple(
            255 if 0 < v <= len(board.names) and board.territories[board.names[v - 1]].is_sea else 0
            for v in range(256)
        ),
        tuple(shown),
        tuple(centres),
        map_w * scale,
        tuple(_tail_points(i, spots_of, rings[i], pixels, width) for i, spots_of in enumerate(places)),
        _names_index(reserved, ui),
        {},
        {},
        {},
        {},
    )


def _names_index(reserved: list[Box], ui: float) -> BoxIndex:
    index = BoxIndex(round(64 * ui))
    for box in reserved:
        index.add(box)
    return index


def _tail_points(
    index: int, spots_of: tuple[Point, ...], rings: tuple[tuple[Point, ...], ...], pixels: bytes, width: int
) -> tuple[Point, ...]:
    """The chip spots that lie on territory ``index`` (or, for one too small for any, its outline)."""
    inside = tuple(p for p in spots_of if _value_at(pixels, width, p) == index + 1)
    return inside or tuple(p for ring in rings for p in ring)


def _value_at(pixels: bytes, width: int, p: Point) -> int:
    ix, iy = int(p[0]), int(p[1])
    height = len(pixels) // width
    return pixels[iy * width + ix] if 0 <= ix < width and 0 <= iy < height else 0


_CACHE: BuildCache[MapBase] = BuildCache(_build)


def map_base(width: int) -> MapBase:
    """The cached static layer of the whole map ``width`` pixels wide; thread-safe, built on first use."""
    return _CACHE.get(width)


def window_base(width: int, window: Window, ui: float) -> MapBase:
    """The cached static layer of a part of the map (``window``, in TripleA's pixels) drawn ``width``
    pixels wide with text and chips at scale ``ui``."""
    return _CACHE.get(width, window, ui)


def clear_cache() -> None:
    _CACHE.clear()


def land_palette(owners: Mapping[str, str | None]) -> bytes:
    """For ``Image.putpalette``: the map's palette (``map_palette``) with each land territory's slot
    (``slot``) in its owner's colour. A map's land keeps its slots (``map_layer`` copies the base as it
    is), so the owners colour it through the palette: no pixel is mapped for a new set of owners, and
    the picture shows the colours mapping each slot to its owner's index gave."""
    key = tuple(owners.get(name) for name in _land_names())
    found = _LAND_PALETTES.get(key)
    if found is not None:
        return found
    colours = bytearray(map_palette().as_bytes().ljust(3 * 256, b"\0"))
    for k, owner in enumerate(key):
        at = 3 * slot(k)
        colours[at : at + 3] = bytes(power_colour(owner))
    made = bytes(colours)
    forget_oldest(_LAND_PALETTES, _LAND_PALETTES_KEPT - 1)  # a race at worst makes one twice
    _LAND_PALETTES[key] = made
    return made


_LAND_PALETTES: dict[tuple[str | None, ...], bytes] = {}
_LAND_PALETTES_KEPT = 256  # 768 bytes each


@cache
def _land_names() -> tuple[str, ...]:
    """The land territories in board order: slot ``k`` is the ``k``th's."""
    board = classic_board()
    return tuple(name for name in board.names if not board.territories[name].is_sea)


def land_lut(owners: Mapping[str, str | None]) -> list[int]:
    """Per index, the index a map's pixel takes on the map's own palette (``map_palette``): each land
    slot its owner's colour's, the rest unchanged (for frames that must share one palette: a replay's)."""
    palette = map_palette()
    lut = list(range(256))
    for k, name in enumerate(_land_names()):
        lut[slot(k)] = palette[power_colour(owners.get(name))]
    return lut
