"""The static part of the Axis & Allies world map, built once per width and shared by every render.

Like the Risk board (``render.risk.base``), the map is an 8-bit image of palette indices: the sea, sea
zone lines, coasts, borders and sea-zone names hold their final colours, and each land territory's
interior holds a *slot* (255 − land index) that a render maps to its owner's colour with one lookup
table. The base also works out, once, where each territory's label goes and where its unit chips may
sit (TripleA's placement points first, then free ground nearest the label).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from typing import Any

from PIL import Image, ImageChops, ImageDraw

from data import load_json
from render.core import colours as C
from render.core import masks, panels
from render.core.badges import BadgeStyle
from render.core.cache import BuildCache
from render.core.fonts import Font, font, text_width, wrap
from render.core.palette import Palette
from render.core.shapes import Point
from render.core.text import draw_text, text_box
from rules.axis_allies.board import classic_board

REFERENCE_WIDTH = 2000  # sizes here are designed at this width and scaled from it
MOSTLY = 0.7  # a token this much on its territory counts as on it (small ones have room for no more)
Box = tuple[float, float, float, float]

# Colour-blind-aware power colours: Okabe–Ito vermillion, orange and bluish green for the USSR, Japan
# and the USA, a light khaki for the UK and a dark field grey for Germany (apart from the others and
# from the light neutral grey by lightness). Each power also keeps its own badge shape, as in Risk.
POWER_COLOURS: dict[str, C.Rgb] = {
    "russia": C.hex_rgb("#D55E00"),
    "germany": C.hex_rgb("#59626E"),
    "uk": C.hex_rgb("#E3D199"),
    "japan": C.hex_rgb("#E69F00"),
    "usa": C.hex_rgb("#009E73"),
}
NEUTRAL = C.hex_rgb("#B4B4AE")
SEA = C.hex_rgb("#24507A")
SEA_ZONE_LINE = C.hex_rgb("#3B6A96")
SEA_TEXT = C.hex_rgb("#A7C3DE")
GOLD = C.hex_rgb("#FFD23F")


_REAL_SEAS = {f"{sea} Sea Zone" for sea in ("North", "Baltic", "Black", "Red", "Caspian", "Carribean")}


def power_colour(power: str | None) -> C.Rgb:
    return NEUTRAL if power is None else POWER_COLOURS[power]


def slot(land_index: int) -> int:
    return 255 - land_index


@cache
def map_palette() -> Palette:
    """Every colour the map and battle board use; indices from 256 − 70 up are the land slots."""
    palette = Palette(limit=256 - 70)
    palette.add_all((SEA, SEA_ZONE_LINE, C.INK, C.HIGHLIGHT, GOLD, NEUTRAL, *POWER_COLOURS.values()))
    panels.register(palette)
    for colour in (NEUTRAL, *POWER_COLOURS.values()):
        palette.add_ramp(C.ink_on(colour), colour)
    palette.add_ramp(SEA_TEXT, SEA)
    palette.add_ramp(C.TEXT, C.INK)  # names too big for their island: white on a dark halo
    return palette.freeze()


@dataclass(frozen=True, slots=True)
class Label:
    """A land territory's name (static) and where its row of markers goes beneath it: the capital star,
    the IPC badge and the factory and AA gun, which a render lays out (they change during the game)."""

    lines: tuple[str, ...]
    name_at: Point  # centre of the first line
    name_box: Box
    row_at: Point  # centre of the marker row
    on_land: bool  # False where the name does not fit on the land (islands): white with a dark halo


@dataclass(frozen=True, slots=True)
class MapBase:
    width: int
    height: int
    scale: float  # map pixels per TripleA pixel
    ui: float  # text and token scale: 1.0 at 2000 px wide
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
    lut: tuple[int, ...]

    def territory_value(self, x: float, y: float) -> int:
        """``territory_at`` at (x, y): territory index + 1, 0 off the map."""
        ix, iy = int(x), int(y)
        if 0 <= ix < self.width and 0 <= iy < self.height:
            return self.territory_bytes[iy * self.width + ix]
        return 0


def name_font(ui: float) -> Font:
    return font(max(7, round(13 * ui)), bold=True)


def sea_font(ui: float) -> Font:
    return font(max(7, round(13 * ui)))


def ipc_style(ui: float) -> BadgeStyle:
    return BadgeStyle(
        font_size=max(8, round(21 * ui)),
        height=max(11, round(28 * ui)),
        padding=max(2, round(3 * ui)),
        outline=max(1, round(2 * ui)),
    )


def _shapes() -> dict[str, Any]:
    raw: dict[str, Any] = load_json("axis_allies/shapes.json")
    return raw


def _build(width: int) -> MapBase:
    board = classic_board()
    raw = _shapes()
    palette = map_palette()
    map_w, map_h = raw["size"]
    scale = width / map_w
    height = round(map_h * scale)
    ui = width / REFERENCE_WIDTH

    def px(p: list[float]) -> Point:
        return (p[0] * scale, p[1] * scale)

    shapes = [raw["territories"][name] for name in board.names]
    rings = tuple(tuple(tuple(px(p) for p in ring) for ring in s["polygons"]) for s in shapes)
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

    labels: list[Label | None] = [
        None
        if board.territories[name].is_sea
        else _land_label(name, px(shapes[i]["center"]), i, territory_at, ui)
        for i, name in enumerate(board.names)
    ]
    avoid: list[Box] = []
    for label in labels:
        if label is not None:  # the name, and room for its marker row (star, IPCs, factory)
            x, y = label.row_at
            avoid += [label.name_box, (x - 60 * ui, y - 15 * ui, x + 60 * ui, y + 15 * ui)]
    reserved = [
        label.name_box
        if label
        else _sea_name(image, palette, i, name, px(shapes[i]["center"]), territory_at, avoid, ui)
        for i, (name, label) in enumerate(zip(board.names, labels, strict=True))
    ]
    spots, good = zip(
        *(_spots(shapes[i], i, px, territory_at, labels[i], ui, rings[i]) for i in range(len(board.names))),
        strict=True,
    )
    return MapBase(
        width,
        height,
        scale,
        ui,
        image,
        rings,
        tuple(labels),
        tuple(reserved),
        spots,
        good,
        tuple(territory_at.histogram()[1 : len(board.names) + 1]),
        tuple(_bounds(r) for r in rings),
        territory_at,
        territory_at.tobytes(),
        tuple(
            255 if 0 < v <= len(board.names) and board.territories[board.names[v - 1]].is_sea else 0
            for v in range(256)
        ),
        tuple(range(256)),
    )


def _bounds(rings: tuple[tuple[Point, ...], ...]) -> Box:
    xs = [x for ring in rings for x, _ in ring]
    ys = [y for ring in rings for _, y in ring]
    return (min(xs), min(ys), max(xs), max(ys))


def _sea_name(
    image: Image.Image,
    palette: Palette,
    index: int,
    name: str,
    centre: Point,
    territory_at: Image.Image,
    avoid: list[Box],
    ui: float,
) -> Box:
    """The sea zone's name without "Sea Zone" ("North Sea" keeps its "Sea" where it fits), in quiet
    text: TripleA's spelling, since it is the identifier players type. At TripleA's label point if that
    is clear, else the nearest place wholly in the zone and off every land label."""
    short = name.removesuffix(" Sea Zone")
    texts = [name.removesuffix(" Zone"), short] if name in _REAL_SEAS else [short]
    f = sea_font(ui)
    pad = 2 * ui
    rx, ry = 290 * ui, 160 * ui  # how far the search below reaches, plus half a long name
    reach = (centre[0] - rx, centre[1] - ry, centre[0] + rx, centre[1] + ry)
    near = [a for a in avoid if _overlaps(a, reach)]
    for text in texts:
        b = text_box(text, f, (0, 0), "mm")
        for candidate in nearby(centre, max(2.0, 5 * ui), 3000):
            x, y = round(candidate[0]), round(candidate[1])
            box = (x + b[0] - pad, y + b[1] - pad, x + b[2] + pad, y + b[3] + pad)
            if any(_overlaps(box, a) for a in near) or not _corners_inside(territory_at, index, box):
                continue
            if _share_inside(territory_at, index, box) > 0.9:
                b = draw_text(image, candidate, text, f, palette.ramp(SEA_TEXT, SEA), "mm")
                return (b[0] - pad, b[1] - pad, b[2] + pad, b[3] + pad)
    b = draw_text(image, centre, texts[-1], f, palette.ramp(SEA_TEXT, SEA), "mm")
    return (b[0] - pad, b[1] - pad, b[2] + pad, b[3] + pad)


def _corners_inside(territory_at: Image.Image, index: int, box: Box) -> bool:
    """A quick first test: all four corners of ``box`` lie on territory ``index``."""
    w, h = territory_at.size
    for x, y in ((box[0], box[1]), (box[2] - 1, box[1]), (box[0], box[3] - 1), (box[2] - 1, box[3] - 1)):
        if not (0 <= x < w and 0 <= y < h) or territory_at.getpixel((int(x), int(y))) != index + 1:
            return False
    return True


def _overlaps(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _land_label(name: str, centre: Point, index: int, territory_at: Image.Image, ui: float) -> Label:
    f = name_font(ui)
    line_h = f.size * 1.15
    limit = max(round(96 * ui), text_width(name, f) // 2 + round(8 * ui))
    lines: tuple[str, ...]
    if "-" in name and text_width(name, f) > limit:  # "Kenya-Rhodesia": break after the hyphen
        head, tail = name.split("-", 1)
        lines = (f"{head}-", tail)
    else:
        lines = tuple(wrap(name, f, limit, max_lines=3))
    row_h = ipc_style(ui).height + 2 * ui
    text_w = max(text_width(line, f) for line in lines) + 4 * ui
    top = centre[1] - (line_h * len(lines) + row_h) / 2
    name_box = (centre[0] - text_w / 2, top - 1 * ui, centre[0] + text_w / 2, top + line_h * len(lines))
    inside = _share_inside(territory_at, index, name_box)
    row_at = (centre[0], name_box[3] + row_h / 2)
    return Label(lines, (centre[0], top + line_h / 2), name_box, row_at, inside >= 0.5)


def _share_inside(territory_at: Image.Image, index: int, box: Box) -> float:
    crop = territory_at.crop((round(box[0]), round(box[1]), round(box[2]), round(box[3])))
    pixels = crop.width * crop.height
    return crop.histogram()[index + 1] / pixels if pixels else 0.0


def _spots(
    shape: dict[str, Any],
    index: int,
    px: Any,
    territory_at: Image.Image,
    label: Label | None,
    ui: float,
    rings: tuple[tuple[Point, ...], ...],
) -> tuple[tuple[Point, ...], int]:
    """Token centres to try, and how many of the first ones hold a token mostly on the territory.

    Candidates are TripleA's placement points (the top left of a 48 px unit there), then a grid over the
    territory nearest its label. Those where a token lies mostly (``MOSTLY``) inside come first, in that
    order; then the rest, the most inside first (islands and narrow coasts: TripleA's points in the sea
    beside them come in here).
    """
    half = 24
    places = [px([x + half, y + half]) for x, y in shape["places"]]
    anchor = label.row_at if label else px(shape["center"])
    xs = [x for ring in rings for x, _ in ring]
    ys = [y for ring in rings for _, y in ring]
    step = max(4, round(8 * ui))
    x0, y0 = max(0, round(min(xs))), max(0, round(min(ys)))
    x1, y1 = min(territory_at.width - 1, round(max(xs))), min(territory_at.height - 1, round(max(ys)))
    crop = territory_at.crop((x0, y0, x1 + 1, y1 + 1))
    pixels, row = crop.tobytes(), crop.width
    grid = [
        (float(x), float(y))
        for x in range(x0, x1 + 1, step)
        for y in range(y0, y1 + 1, step)
        if pixels[(y - y0) * row + (x - x0)] == index + 1
    ]
    grid.sort(key=lambda p: ((p[0] - anchor[0]) ** 2 + (p[1] - anchor[1]) ** 2, p))
    checked = 200  # enough for a dozen stacks anywhere; the rest of a big territory is rarely needed
    candidates = list(dict.fromkeys(places + grid[:checked]))
    w, h = 64 * ui, 38 * ui  # a chip of one kind and a two-digit count
    inside = [
        _share_inside(territory_at, index, (x - w / 2, y - h / 2, x + w / 2, y + h / 2))
        for x, y in candidates
    ]
    good = [p for p, share in zip(candidates, inside, strict=True) if share >= MOSTLY]
    rest = sorted((-share, k) for k, share in enumerate(inside) if share < MOSTLY)
    return tuple(good) + tuple(candidates[k] for _, k in rest) + tuple(grid[checked:]), len(good)


def nearby(centre: Point, step: float, count: int) -> Iterator[Point]:
    """Up to ``count`` points on a ``step`` grid round ``centre``, nearest first (lazily)."""
    for dx, dy in itertools.islice(_offsets(), count):
        yield (centre[0] + dx * step, centre[1] + dy * step)


@cache
def _offsets() -> tuple[tuple[int, int], ...]:
    r = 60
    return tuple(
        sorted(
            ((dx, dy) for dx in range(-r, r + 1) for dy in range(-r, r + 1)),
            key=lambda d: (d[0] ** 2 + d[1] ** 2, d),
        )
    )


_CACHE: BuildCache[MapBase] = BuildCache(_build)


def map_base(width: int) -> MapBase:
    """The cached static layer for ``width``; thread-safe, built on first use."""
    return _CACHE.get(width)


def clear_cache() -> None:
    _CACHE.clear()
