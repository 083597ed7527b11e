"""The static part of an Attack! board, built once per (layout, width) and shared by every render.

A layout is one theatre (``western``, ``pacific``: cropped to its regions and zones, the other theatre's
land and water shown dimmed, out of play) or the joined ``world``. The image holds the sea, the other
theatre, sea lanes, the Arctic Circle, coasts and borders in their final colours (the sea-zone names are
placed here, drawn by each render: ``render.attack.seas``); each
region's land holds its slot and each sea zone's water its slot, which a render maps to the owner's
colour (or the tint of the navy holding the zone) with one lookup table (the same technique as the
other world boards).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any

from PIL import Image, ImageDraw

from data import load_json
from render.attack.geometry import Point, Ring, geometry
from render.attack.labels import SHIPS_BELOW, SeaName, away_choices, name_choices, region_boxes
from render.attack.seas import AWAY_TRIED, KEPT, Options, name_box, options
from render.attack.settle import descend, region_choices, spots
from render.attack.style import (
    ARCTIC,
    LANE,
    OFF_LAND,
    OFF_SEA,
    REFERENCE_WIDTH,
    SEA,
    ZONE_LINE,
    ZONE_PX,
    ZONE_TEXT,
    palette,
    region_slot,
    zone_slot,
)
from render.core import colours as C
from render.core import masks
from render.core.cache import BuildCache
from render.core.fonts import Font, font
from render.core.shapes import dashed_line
from render.core.text import draw_text
from rules.attack.board import board

Box = tuple[float, float, float, float]
PAD = 14.0  # map units of water kept round a theatre's regions and zones
MARGIN = 12  # room kept round a region's label when placing, in pixels at ``ui`` 1
STORED = "attack/labels.json"  # the labels' and names' places worked out ahead, per layout and width
WIDTHS = {"western": 1100, "pacific": 1000, "world": 1600}  # what the bot sends for each layout


@dataclass(frozen=True, slots=True, eq=False)
class BoardBase:
    layout: str
    width: int
    height: int  # of the map area
    scale: float  # map pixels per map unit
    ui: float  # text and badge scale: 1.0 at ``REFERENCE_WIDTH``
    origin: Point  # the map unit at the image's top-left corner
    image: Image.Image  # "L": indices and slots; shared, never drawn on
    rings: tuple[tuple[Ring, ...], ...]  # per region (layout order), in pixels
    anchors: tuple[Point, ...]  # per region: where its badge wants to sit (moved off crowded spots)
    spots: tuple[tuple[Point, ...], ...]  # per region: its label point, then points of its land near it
    zone_anchors: tuple[Point, ...]  # per zone: where its ships' badge wants to sit
    zone_spots: tuple[tuple[Point, ...], ...]  # per zone: that point, then points of its water near it
    zone_names: tuple[Box, ...]  # per zone: its name's box, for badges to keep clear of
    name_places: tuple[tuple[Point, tuple[str, ...]], ...]  # per zone: its name's point and lines
    water: Image.Image  # "L": 100 + z on zone z's water (for a render's search of a name's places)
    sea_names: tuple[tuple[str, str | None], ...]  # per zone: its name and short name as the map writes them
    zone_points: tuple[Point, ...]  # per zone: its label point, where its name wants to be
    wraps: bool  # the world: connections leave one edge and come back at the other
    lut: tuple[int, ...]  # identity: renders copy it and set the slots

    def px(self, p: Point) -> Point:
        return ((p[0] - self.origin[0]) * self.scale, (p[1] - self.origin[1]) * self.scale)


def crop(layout: str) -> Box:
    """The part of the map frame a layout shows, in map units (x0, y0, x1, y1)."""
    g = geometry()
    x, y, w, h = g.view_box
    if layout == "world":
        return (x, y, x + w, y + h)
    points = [
        p
        for rid, rings in g.region_rings.items()
        if g.region_theatre[rid] == layout
        for r in rings
        for p in r
    ]
    points += [g.zone_labels[z] for z in g.zone_cells if g.zone_theatre[z] == layout]
    x0 = max(x, min(p[0] for p in points) - PAD)
    x1 = min(x + w, max(p[0] for p in points) + PAD)
    return (x0, y, x1, y + h)


def zone_font_size(ui: float) -> int:
    return round(ZONE_PX * ui)


def _build(layout: str, width: int, search: bool = False) -> BoardBase:
    """The layer; where its labels and sea names go is read from ``data/attack/labels.json`` when it
    holds this layout and width (the search costs a world half a second), else searched for (``search``:
    always, as ``render.attack.stored`` does to write that file)."""
    g = geometry()
    layout_board = board(layout)
    pal = palette()
    x0, y0, x1, y1 = crop(layout)
    scale = width / (x1 - x0)
    height = round((y1 - y0) * scale)
    ui = width / REFERENCE_WIDTH

    def px(p: Point) -> Point:
        return ((p[0] - x0) * scale, (p[1] - y0) * scale)

    def pixels(ring: Ring) -> Ring:
        return tuple(px(p) for p in ring)

    image = Image.new("L", (width, height), pal[OFF_SEA])
    labels = Image.new("L", (width, height), 251)  # what each pixel is: for borders
    land_labels = Image.new("L", (width, height), 0)
    draw, label_draw, land_draw = ImageDraw.Draw(image), ImageDraw.Draw(labels), ImageDraw.Draw(land_labels)
    for z, zid in enumerate(layout_board.zone_ids):
        for cell in g.zone_cells[zid]:
            draw.polygon(pixels(cell), fill=zone_slot(z))
            label_draw.polygon(pixels(cell), fill=100 + z)
    if layout != "pacific":  # the Great Lakes are in the west, the Caspian Sea between the theatres
        for cell in g.lake_cells:
            draw.polygon(pixels(cell), fill=pal[SEA])
            label_draw.polygon(pixels(cell), fill=250)
    line = max(1, round(2 * ui))
    arctic = px((x0, g.arctic_y))[1]
    dashed_line(draw, (0, arctic), (width, arctic), pal[ARCTIC], line, 10 * ui, 8 * ui)
    rings = [tuple(pixels(r) for r in g.region_rings[rid]) for rid in layout_board.region_ids]
    anchors = [px(g.region_labels[rid]) for rid in layout_board.region_ids]
    index = layout_board.index
    for a, b in g.lanes:
        if a in index and b in index:
            pa, pb = anchors[index[a]], anchors[index[b]]
            if abs(pa[0] - pb[0]) > width / 2:  # across the world's edge: a stub out of each side
                west, east = (pa, pb) if pa[0] < pb[0] else (pb, pa)
                for start, edge in ((west, -10.0), (east, width + 10.0)):
                    dashed_line(draw, start, (edge, start[1]), pal[LANE], line + 1, 9 * ui, 6 * ui)
                continue
            dashed_line(draw, pa, pb, pal[LANE], line + 1, 9 * ui, 6 * ui)
    for polygon in g.land:
        draw.polygon(pixels(polygon), fill=pal[OFF_LAND])
        label_draw.polygon(pixels(polygon), fill=200)
        land_draw.polygon(pixels(polygon), fill=200)
    for r, region_rings in enumerate(rings):
        for ring in region_rings:
            draw.polygon(ring, fill=region_slot(r))
            label_draw.polygon(ring, fill=r + 1)
            land_draw.polygon(ring, fill=r + 1)
    image.paste(pal[ZONE_LINE], (0, 0), masks.edges(labels))
    image.paste(pal[C.INK], (0, 0), masks.edges(land_labels))
    # Armies may cross an anchored zone between any two regions on its coast: an anchor by its name.
    zone_anchors, zone_names = [], []
    f = font(zone_font_size(ui))
    zone_points = [px(g.zone_labels[zid]) for zid in layout_board.zone_ids]
    names, shorts = sea_names(layout)
    # The regions' labels on their own land (settle.py) and the sea names on their own water (labels.py),
    # clear of each other and of the picture's edges where there is room.
    places = spots(anchors, labels, [r + 1 for r in range(len(anchors))], ui)
    found = None if search else kept_places(layout, width, names, shorts)
    if found is None:
        found = _settle(layout_board.region_names, places, names, shorts, zone_points, labels, f, ui)
    anchors, points = found
    # The names are drawn by each render, after its marks (``render.attack.seas``): here only where they go.
    for (x, y), lines in points:
        zone_names.append(name_box(((x, y), lines), f))
        zone_anchors.append((x, y + SHIPS_BELOW * ui))
    if layout == "world":
        _edge_marks(image, g.wraps, layout, px, ui)
    return BoardBase(
        layout=layout,
        width=width,
        height=height,
        scale=scale,
        ui=ui,
        origin=(x0, y0),
        image=image,
        rings=tuple(rings),
        anchors=tuple(anchors),
        spots=tuple(tuple(p) for p in places),
        zone_anchors=tuple(zone_anchors),
        zone_spots=tuple(
            tuple(p) for p in spots(zone_anchors, labels, [100 + z for z in range(len(points))], ui)
        ),
        zone_names=tuple(zone_names),
        name_places=tuple(points),
        water=labels,
        sea_names=tuple(zip(names, shorts, strict=True)),
        zone_points=tuple(zone_points),
        wraps=layout == "world",
        lut=tuple(range(256)),
    )


def sea_names(layout: str) -> tuple[list[str], list[str | None]]:
    """Each zone's name as the map writes it, and its short name if it has one (``data/attack/map.json``),
    an anchored zone's with an anchor after it."""
    layout_board, short = board(layout), geometry().zone_short
    marks = [" ⚓" if layout_board.anchor[z] else "" for z in range(layout_board.zones)]
    names = [n + mark for n, mark in zip(layout_board.zone_names, marks, strict=True)]
    shorts = [
        short[zid] + mark if zid in short else None
        for zid, mark in zip(layout_board.zone_ids, marks, strict=True)
    ]
    return names, shorts


def _settle(
    region_names: Sequence[str],
    places: Sequence[Sequence[Point]],
    names: Sequence[str],
    shorts: Sequence[str | None],
    zone_points: Sequence[Point],
    water: Image.Image,
    f: Font,
    ui: float,
) -> tuple[list[Point], list[tuple[Point, tuple[str, ...]]]]:
    """Where each region's label goes among its spots and where each sea name goes, chosen together
    (``water`` holds 100 + z on zone z's water)."""
    label_points = [home[0] for home in places]
    m = MARGIN * ui  # (room round each label: a render's nudge of a few pixels does not cover a name)
    offsets = [
        (b[0] - x, b[1] - y, b[2] - x, b[3] - y)
        for b, (x, y) in zip(region_boxes(region_names, label_points, ui), label_points, strict=True)
    ]
    items = [region_choices(home, o, water.size, ui, m) for home, o in zip(places, offsets, strict=True)]
    items += [
        name_choices(SeaName(name, short, p, water, 100 + z, f, ui))
        for z, (name, short, p) in enumerate(zip(names, shorts, zone_points, strict=True))
    ]
    chosen = [items[i][c] for i, c in enumerate(descend(items))]
    anchors = [c.point for c in chosen[: len(region_names)]]
    points = [(c.point, c.lines) for c in chosen[len(region_names) :]]
    return anchors, points


def kept_places(
    layout: str, width: int, names: Sequence[str], shorts: Sequence[str | None]
) -> tuple[list[Point], list[tuple[Point, tuple[str, ...]]]] | None:
    """The labels' points and the sea names' places kept in ``data/attack/labels.json`` for this
    layout and width, if it holds them for today's map (``render.attack.stored`` writes it; a test
    checks it is what the search finds today)."""
    entry = _kept().get(f"{layout}@{width}")
    if entry is None:
        return None
    ids = board(layout)
    regions, zones = [r[0] for r in entry["labels"]], [z[0] for z in entry["names"]]
    spelt = [" ".join(z[3]) for z in entry["names"]]
    named = all(s in (n, short) for s, n, short in zip(spelt, names, shorts, strict=False))
    same = regions == list(ids.region_ids) and zones == list(ids.zone_ids) and len(spelt) == len(names)
    if not same or not named:
        return None  # the map changed since it was written: search
    anchors = [(float(x), float(y)) for _, x, y in entry["labels"]]
    points = [((float(x), float(y)), tuple(lines)) for _, x, y, lines in entry["names"]]
    return anchors, points


@cache
def _kept() -> dict[str, Any]:
    placements: dict[str, Any] = load_json(STORED)["placements"]
    return placements


def _edge_marks(
    image: Image.Image, wraps: tuple[tuple[str, str], ...], layout: str, px: object, ui: float
) -> None:
    """The joined world wraps east to west: a small ⇆ at both edges beside each sea border that does."""
    g = geometry()
    pal = palette()
    f = font(max(9, round(18 * ui)), bold=True)
    for a, b in wraps:
        if a in g.zone_labels and b in g.zone_labels:
            ys = [g.zone_labels[a][1], g.zone_labels[b][1]]
            y = (sum(ys) / 2 - g.view_box[1]) * image.height / g.view_box[3]
            for x, anchor in ((4.0, "lm"), (image.width - 4.0, "rm")):
                draw_text(image, (x, y), "⇆", f, pal.ramp(ZONE_TEXT, SEA), anchor)


_BASES: BuildCache[BoardBase] = BuildCache(_build)


def board_base(layout: str, width: int | None = None) -> BoardBase:
    """The cached static layer of ``layout`` at ``width`` pixels (default: what the bot sends)."""
    if layout not in WIDTHS:
        raise ValueError(f"unknown Attack! layout {layout!r}; known: {', '.join(WIDTHS)}")
    return _BASES.get(layout, width or WIDTHS[layout])


def clear_cache() -> None:
    _BASES.clear()


@lru_cache(maxsize=512)
def zone_places(layout: str, width: int, zone: int, away: bool = False) -> Options:
    """A zone's name's places on the board of ``layout`` at ``width``: on its own water
    (``labels.name_choices``), or, ``away``, on other water nearby, for a leader line
    (``labels.away_choices``)."""
    base = board_base(layout, width)
    name, short = base.sea_names[zone]
    f = font(zone_font_size(base.ui))
    point, water = base.zone_points[zone], base.water
    sea = SeaName(name, short, point, water, 100 + zone, f, base.ui)
    return options(away_choices(sea)[:AWAY_TRIED] if away else name_choices(sea, narrow=True), KEPT)
