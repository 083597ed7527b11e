"""The static part of the Risk board, built once per (layout, width) and shared by every render.

The map is an 8-bit image of palette indices. Sea, continent halos, sea lines, borders and continent
labels hold their final colours; each territory's interior holds a *slot* value (255 − territory index)
that a render turns into the owner's colour with a single lookup table. So a render never redraws the
map: it maps slots to colours and draws only what changes on top.

Territory names are placed here too (``render.risk.names``): those in the sea are drawn into the layer,
those inside a territory, whose colour changes with the owner, by each render at the places kept in
``BoardBase.names``.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any

from PIL import Image, ImageChops, ImageDraw

from data import load_json
from render.core import colours as C
from render.core import masks, panels
from render.core.badges import BadgeStyle, badge_width
from render.core.boxes import overlaps
from render.core.cache import BuildCache
from render.core.fonts import font, text_width
from render.core.marks import tag_style
from render.core.palette import Palette
from render.core.shapes import Point, dashed_line
from render.core.text import draw_text
from render.risk.names import NameLabel, draw_offshore, name_font, place_names
from rules.risk.board import RiskMap, classic_map

LAYOUTS = ("world_map", "board_trace")
REFERENCE_WIDTH = 1600  # sizes in this package are designed at this width and scaled from it

# Continent halos: muted, darker than every seat colour so they read as "sea near this continent".
CONTINENT_COLOURS: dict[str, C.Rgb] = {
    "north_america": C.hex_rgb("#7A6530"),
    "south_america": C.hex_rgb("#2F7352"),
    "europe": C.hex_rgb("#43679E"),
    "africa": C.hex_rgb("#86522F"),
    "asia": C.hex_rgb("#5E7A2A"),
    "australia": C.hex_rgb("#774580"),
}
_SPARE_CONTINENT_COLOURS = tuple(CONTINENT_COLOURS.values())

# Change tags: armies gained on a light tag, lost on a dark one, so the two differ in lightness (which
# every colour vision keeps) as well as in hue and sign.
GAIN = C.hex_rgb("#9BE8B5")
LOSS = C.hex_rgb("#A3231B")


def continent_colour(board: RiskMap, index: int) -> C.Rgb:
    cid = board.continents[index].id
    return CONTINENT_COLOURS.get(cid, _SPARE_CONTINENT_COLOURS[index % len(_SPARE_CONTINENT_COLOURS)])


def label_colour(halo: C.Rgb) -> C.Rgb:
    return C.mix(halo, C.WHITE, 0.6)


def slot(territory: int) -> int:
    return 255 - territory


@cache
def board_palette() -> Palette:
    """Every colour the board uses; indices from 256 − territories up are the territory slots."""
    board = classic_map()
    palette = Palette(limit=256 - board.size)
    palette.add_all((C.SEA, C.INK, C.SEA_LINE, C.HIGHLIGHT, C.UNCLAIMED))
    palette.add_ramp(C.ink_on(C.UNCLAIMED), C.UNCLAIMED)  # names on unclaimed land
    panels.register(palette)
    for tag in (GAIN, LOSS):
        palette.add_ramp(C.ink_on(tag), tag)
    for seat in range(-1, C.MAX_SEATS):
        colour = C.seat_colour(seat)
        palette.add_ramp(C.ink_on(colour), colour)
    for c in range(len(board.continents)):
        halo = continent_colour(board, c)
        palette.add(halo)
        palette.add_ramp(label_colour(halo), C.SEA)
    return palette.freeze()


@dataclass(frozen=True, slots=True)
class BoardBase:
    layout: str
    width: int
    height: int  # of the map area
    scale: float  # map pixels per view-box unit
    ui: float  # text and badge scale: 1.0 at 1600 px wide
    image: Image.Image  # "L", indices and slots; shared, never drawn on
    rings: tuple[tuple[tuple[Point, ...], ...], ...]  # per territory, in map pixels
    anchors: tuple[Point, ...]  # where each territory's badge wants to sit
    labels: tuple[tuple[float, float, float, float], ...]  # continent label boxes, for badges to avoid
    names: tuple[NameLabel, ...]  # territory names (none on a board too small to read them)
    lut: tuple[int, ...]  # identity: renders copy it and set the slots


def shapes(layout: str) -> dict[str, Any]:
    layouts: dict[str, Any] = load_json("risk/shapes.json")["layouts"]
    if layout not in layouts:
        raise ValueError(f"unknown map layout {layout!r}; known: {', '.join(sorted(layouts))}")
    layout_shapes: dict[str, Any] = layouts[layout]
    return layout_shapes


def _build(layout: str, width: int) -> BoardBase:
    board = classic_map()
    palette = board_palette()
    raw = shapes(layout)
    x0, y0, vw, vh = raw["view_box"]
    scale = width / vw
    height = round(vh * scale)
    ui = width / REFERENCE_WIDTH

    def px(p: list[float]) -> Point:
        return ((p[0] - x0) * scale, (p[1] - y0) * scale)

    rings = [
        tuple(tuple(px(p) for p in ring) for ring in raw["territories"][tid]["polygons"]) for tid in board.ids
    ]

    labels = Image.new("L", (width, height), 0)  # territory index + 1; 0 is sea
    continents = Image.new("L", (width, height), 0)  # continent index + 1
    label_draw, continent_draw = ImageDraw.Draw(labels), ImageDraw.Draw(continents)
    for t in range(board.size):
        for ring in rings[t]:
            label_draw.polygon(ring, fill=t + 1)
            continent_draw.polygon(ring, fill=board.continent_of[t] + 1)

    style = BadgeStyle.for_scale(ui)
    wide = badge_width("hexagon", "888", style)  # the widest shape, three digits: the worst case
    anchors = [
        _anchor(raw["territories"][tid], px, labels, t, (wide, style.height))
        for t, tid in enumerate(board.ids)
    ]

    image = Image.new("L", (width, height), palette[C.SEA])
    draw = ImageDraw.Draw(image)
    halo_width = max(2, round(12 * ui))
    for c, continent in enumerate(board.continents):
        halo = palette[continent_colour(board, c)]
        for t in continent.members:
            for ring in rings[t]:
                draw.line([*ring, ring[0]], fill=halo, width=halo_width, joint="curve")
                draw.polygon(ring, fill=halo)
    crossings = _sea_lines(board, raw, rings, labels, px)
    dash, gap, line_width = 11 * ui, 7 * ui, max(1, round(3 * ui))
    for a, b, _ in crossings:
        dashed_line(draw, a, b, palette[C.SEA_LINE], line_width, dash, gap)
    for t in range(board.size):
        for ring in rings[t]:
            draw.polygon(ring, fill=slot(t))
    for a, b, over_land in crossings:
        if over_land:  # no clear way by sea: drawn over the land between, cased so it reads on any colour
            dashed_line(draw, a, b, palette[C.INK], line_width + 2 * max(1, round(ui)), dash, gap)
            dashed_line(draw, a, b, palette[C.SEA_LINE], line_width, dash, gap)
    # Borders wherever two different territories (or land and sea) meet, found on the label image so
    # shared edges are drawn once and gaps between traced outlines still get a line.
    image.paste(palette[C.INK], (0, 0), masks.edges(labels))
    # Continent boundaries over land are drawn thicker, so continents read even under owner colours.
    inland = masks.erode(masks.binary(labels), 2)
    image.paste(palette[C.INK], (0, 0), ImageChops.multiply(masks.dilate(masks.edges(continents), 1), inland))

    badge_boxes = [
        (x - wide / 2, y - style.height / 2, x + wide / 2, y + style.height / 2) for x, y in anchors
    ]
    label_boxes = _place_continent_labels(board, image, rings, anchors, badge_boxes, ui)
    names = _names(board, image, labels, rings, anchors, badge_boxes, label_boxes, ui)
    lut = tuple(range(256))
    return BoardBase(
        layout, width, height, scale, ui, image, tuple(rings), tuple(anchors), label_boxes, names, lut
    )


def _names(
    board: RiskMap,
    image: Image.Image,
    territories: Image.Image,
    rings: list[tuple[tuple[Point, ...], ...]],
    anchors: list[Point],
    badge_boxes: list[tuple[float, float, float, float]],
    label_boxes: tuple[tuple[float, float, float, float], ...],
    ui: float,
) -> tuple[NameLabel, ...]:
    """Every territory's name placed, and those in the sea drawn into ``image``."""
    f = name_font(ui)
    if f is None:
        return ()
    palette = board_palette()
    # Where a badge may be drawn: its widest, with a change tag on its top right corner (as ``attach``),
    # and two digits wide.
    tag = tag_style(ui)
    tag_w = badge_width("pill", "+88", tag)
    tagged = [(x0, y0 - 0.4 * tag.height, x1 + 0.65 * tag_w, y1) for x0, y0, x1, y1 in badge_boxes]
    style = BadgeStyle.for_scale(ui)
    half = badge_width("hexagon", "88", style) / 2
    narrow = [
        (x - half, y0, x + half, y1) for (x, _), (_, y0, _, y1) in zip(anchors, badge_boxes, strict=True)
    ]
    bounds = [_bounds([p for ring in rings[t] for p in ring]) for t in range(board.size)]
    slots = [slot(t) for t in range(board.size)]
    names = place_names(
        board,
        image,
        territories,
        slots,
        palette[C.SEA],
        bounds,
        anchors,
        (tagged, badge_boxes, narrow),
        label_boxes,
        f,
        ui,
    )
    for label in names:
        if not label.inside:
            t = label.territory
            halo = continent_colour(board, board.continent_of[t])
            draw_offshore(image, label, palette.ramp(label_colour(halo), C.SEA), ui)
    return tuple(names)


def _anchor(
    shape: dict[str, Any],
    px: Callable[[list[float]], Point],
    labels: Image.Image,
    territory: int,
    size: tuple[int, int],
) -> Point:
    """The territory's label point if a three-digit badge fits inside the territory there, else its centre.

    Some traced label points sit where the printed board had its name, off the coast or on a border.
    """
    centre = px(shape["center"])
    if "label_point" not in shape:
        return centre
    point = px(shape["label_point"])
    w, h = size
    box = (round(point[0] - w / 2), round(point[1] - h / 2), round(point[0] + w / 2), round(point[1] + h / 2))
    inside = labels.crop(box).histogram()[territory + 1]
    return point if inside >= 0.9 * (box[2] - box[0]) * (box[3] - box[1]) else centre


def _sea_lines(
    board: RiskMap,
    raw: dict[str, Any],
    rings: list[tuple[tuple[Point, ...], ...]],
    labels: Image.Image,
    px: Callable[[list[float]], Point],
) -> list[tuple[Point, Point, bool]]:
    """Dashed sea crossings (a, b, drawn over land): traced ones if the layout has them, else between
    facing coast points.

    A crossing longer than half the map (Alaska–Kamchatka) goes round the back of the world: two stubs
    leaving the map's left and right edges.
    """
    if "sea_lines" in raw:
        return [(px(line["p1"]), px(line["p2"]), False) for line in raw["sea_lines"]]
    width = labels.width
    lines: list[tuple[Point, Point, bool]] = []
    for pair in sorted(board.sea_borders, key=lambda p: sorted(board.ids[i] for i in p)):
        a, b = sorted(pair, key=lambda i: board.ids[i])
        pa = [p for ring in rings[a] for p in ring]
        pb = [p for ring in rings[b] for p in ring]
        box_a, box_b = _bounds(pa), _bounds(pb)
        if box_b[0] - box_a[2] > width / 2 or box_a[0] - box_b[2] > width / 2:
            west, east = (pa, pb) if box_a[0] < box_b[0] else (pb, pa)
            w, e = min(west), max(east)
            lines.append((w, (-10.0, w[1]), False))
            lines.append((e, (width + 10.0, e[1]), False))
            continue
        # Only the coasts facing each other can hold the ends; of those, the shortest crossing that
        # passes over no third territory (else it would seem to join the wrong pair).
        near_a = sorted(pa, key=lambda p: _box_distance(p, box_b))[:40]
        near_b = sorted(pb, key=lambda p: _box_distance(p, box_a))[:40]
        pairs = sorted((math.dist(p, q), p, q) for p in near_a for q in near_b)
        allowed = {0, a + 1, b + 1}
        clear = next((c for c in pairs[:400] if _clear(labels, c[1], c[2], allowed)), None)
        dist, p, q = clear or pairs[0]
        if dist >= 4:
            lines.append((p, q, clear is None))
    return lines


def _clear(labels: Image.Image, p: Point, q: Point, allowed: set[int]) -> bool:
    steps = int(math.dist(p, q) / 2) + 1
    for k in range(1, steps):
        x = round(p[0] + (q[0] - p[0]) * k / steps)
        y = round(p[1] + (q[1] - p[1]) * k / steps)
        if 0 <= x < labels.width and 0 <= y < labels.height and labels.getpixel((x, y)) not in allowed:
            return False
    return True


def _bounds(points: list[Point]) -> tuple[float, float, float, float]:
    return (
        min(x for x, _ in points),
        min(y for _, y in points),
        max(x for x, _ in points),
        max(y for _, y in points),
    )


def _box_distance(p: Point, box: tuple[float, float, float, float]) -> float:
    return math.hypot(max(box[0] - p[0], 0, p[0] - box[2]), max(box[1] - p[1], 0, p[1] - box[3]))


def _place_continent_labels(
    board: RiskMap,
    image: Image.Image,
    rings: list[tuple[tuple[Point, ...], ...]],
    anchors: list[Point],
    avoid: list[tuple[float, float, float, float]],
    ui: float,
) -> tuple[tuple[float, float, float, float], ...]:
    """Put "Name +bonus" in open sea near each continent, clear of land, sea lines, badges and each other."""
    palette = board_palette()
    f = font(round(20 * ui), bold=True)
    sea = palette[C.SEA]
    pad = round(6 * ui)
    step = max(3, round(18 * ui))
    reach = round(150 * ui)
    placed: list[tuple[float, float, float, float]] = []
    for c, continent in enumerate(board.continents):
        text = f"{continent.name} +{continent.bonus}"
        w, h = text_width(text, f), f.size
        members = [anchors[t] for t in continent.members]
        mx = sum(x for x, _ in members) / len(members)
        my = sum(y for _, y in members) / len(members)
        xs = [x for t in continent.members for ring in rings[t] for x, _ in ring]
        ys = [y for t in continent.members for ring in rings[t] for _, y in ring]
        # Nearest to the continent's badges, with a pull towards its middle so the label does not
        # drift to the far side of a neighbour.
        candidates = sorted(
            (
                min((x - ax) ** 2 + (y - ay) ** 2 for ax, ay in members) ** 0.5
                + 0.35 * math.hypot(x - mx, y - my),
                x,
                y,
            )
            for x in range(int(min(xs)) - reach, int(max(xs)) + reach, step)
            for y in range(int(min(ys)) - reach, int(max(ys)) + reach, step)
        )
        for _, x, y in candidates:
            box = (x - w / 2 - pad, y - h / 2 - pad, x + w / 2 + pad, y + h / 2 + pad)
            if box[0] < 0 or box[1] < 0 or box[2] > image.width or box[3] > image.height:
                continue
            if image.crop((round(box[0]), round(box[1]), round(box[2]), round(box[3]))).getextrema() != (
                sea,
                sea,
            ):
                continue
            if any(overlaps(box, other) for other in avoid):
                continue
            halo = continent_colour(board, c)
            draw_text(image, (x, y), text, f, palette.ramp(label_colour(halo), C.SEA), "mm")
            placed.append(box)
            break
    return tuple(placed)


_BASES: BuildCache[BoardBase] = BuildCache(_build)


def board_base(layout: str, width: int) -> BoardBase:
    """The cached static layer; thread-safe, built on first use."""
    if layout not in LAYOUTS:
        shapes(layout)  # raises with the known names
    return _BASES.get(layout, width)


def clear_cache() -> None:
    _BASES.clear()
