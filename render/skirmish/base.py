"""The static part of the Skirmish map, built once per width and shared by every render.

The map is an 8-bit image of palette indices. Sea, coast, lakes, borders and the name plates hold their
final colours; each territory holds two *slots*: its fill (255 − 2i) and its elevation hatching
(254 − 2i). A render turns slots into the owner's colour and a darker shade of it with one lookup table,
so the owners change with one ``Image.point`` and the map is never redrawn.

Elevation is shading: lowland is flat colour, hills (1) sparse hatching, highlands (2) dense hatching,
mountains (3) cross-hatching, and the name plate repeats it as "▲2", so the +1 for the higher ground
can be read off the map without the colours ever hiding whose territory it is.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from PIL import Image, ImageChops, ImageDraw

from render.core import colours as C
from render.core.badges import BadgeStyle, Sprite, separate
from render.core.cache import BuildCache
from render.core.fonts import font, text_width
from render.core.palette import Palette
from render.core.text import draw_text
from rules.skirmish.board import SkirmishMap, skirmish_map

REFERENCE_WIDTH = 1100  # sizes in this package are designed at this width and scaled from it
EMPTY = -1

COAST = C.hex_rgb("#2C4A5E")  # a halo round the island, between sea and land
LAKE = C.SEA  # lakes are water like the sea, with a lighter shore line
LAKE_LINE = C.hex_rgb("#6F93B8")
PLATE = C.hex_rgb("#141B23")  # behind territory names: readable on every owner's colour
EMPTY_LAND = C.hex_rgb("#67645A")  # nobody's: dull khaki land, apart from the sea and every seat colour
GAIN = C.hex_rgb("#8FE38A")
LOSS = C.hex_rgb("#FF8C80")
MOVE = C.hex_rgb("#BFD3E6")
PLATE_RADIUS = 6
HATCH_SPACING = {1: 15.0, 2: 9.0, 3: 9.0}  # at the reference width; 3 is also hatched the other way


def badge_style(ui: float) -> BadgeStyle:
    """Unit badges: 20 px bold digits at the reference width, 10 px when Discord shows it 550 wide."""
    return BadgeStyle(
        font_size=max(9, round(21 * ui)),
        height=max(12, round(29 * ui)),
        padding=max(3, round(6 * ui)),
        outline=max(1, round(2 * ui)),
    )


def fill_slot(territory: int) -> int:
    return 255 - 2 * territory


def hatch_slot(territory: int) -> int:
    return 254 - 2 * territory


def owner_colour(owner: int) -> C.Rgb:
    return EMPTY_LAND if owner == EMPTY else C.seat_colour(owner)


def shade(colour: C.Rgb) -> C.Rgb:
    """The hatching's colour on a territory of ``colour``: the same hue, darker."""
    return C.mix(colour, C.INK, 0.38)


@cache
def map_palette() -> Palette:
    """Every colour the map, its badges and its panels use; indices from 256 − 2·territories up are slots."""
    board = skirmish_map()
    palette = Palette(limit=256 - 2 * board.size)
    palette.add_all((C.SEA, COAST, LAKE, LAKE_LINE, C.INK, PLATE, C.HIGHLIGHT, MOVE, EMPTY_LAND))
    palette.add_all((C.PANEL, C.PANEL_HIGHLIGHT, C.NEUTRAL, C.TEXT, C.MUTED))
    for owner in range(EMPTY, C.MAX_SEATS):
        colour = owner_colour(owner)
        palette.add(colour)
        palette.add(shade(colour))
        palette.add_ramp(C.ink_on(colour), colour)
    for fg in (C.TEXT, C.MUTED):
        for bg in (PLATE, C.PANEL, C.PANEL_HIGHLIGHT, C.INK):
            palette.add_ramp(fg, bg)
    for fg in (GAIN, LOSS):
        palette.add_ramp(fg, C.INK)
    palette.add_ramp(C.INK, C.HIGHLIGHT)
    return palette.freeze()


Box = tuple[float, float, float, float]


@dataclass(frozen=True, slots=True)
class MapBase:
    width: int
    height: int
    scale: float  # image pixels per map unit
    ui: float  # sizes of text and marks, relative to the reference width
    image: Image.Image  # "L": palette indices and slots
    lut: tuple[int, ...]  # the identity for the fixed colours; a render fills in the slots
    labels: tuple[tuple[float, float], ...]  # where each territory's badge goes (under its plate)
    plates: tuple[Box, ...]  # each name plate's box: badges keep clear of them
    plate_sprites: tuple[Sprite, ...]  # each plate again, to paste over arrows that cross it
    rings: tuple[tuple[tuple[float, float], ...], ...]  # each territory's outline in image pixels


def _scaled(points: tuple[tuple[float, float], ...], scale: float) -> list[tuple[float, float]]:
    return [(x * scale, y * scale) for x, y in points]


def _hatching(size: tuple[int, int], spacing: float, both: bool, width: int) -> Image.Image:
    """255 on diagonal lines ``spacing`` apart (and the other diagonal too with ``both``)."""
    w, h = size
    pattern = Image.new("L", size, 0)
    draw = ImageDraw.Draw(pattern)
    steps = int((w + h) / spacing) + 2
    for k in range(steps):
        offset = k * spacing
        draw.line([(offset - h, h), (offset, 0)], fill=255, width=width)
        if both:
            draw.line([(w - offset + h, h), (w - offset, 0)], fill=255, width=width)
    return pattern


def _plate_text(board: SkirmishMap, t: int) -> tuple[str, str]:
    """The name and its elevation mark (none for lowland)."""
    level = board.elevation[t]
    return board.names[t], (f"▲{level}" if level else "")


def _build(width: int) -> MapBase:
    board = skirmish_map()
    palette = map_palette()
    scale = width / board.width
    ui = width / REFERENCE_WIDTH
    height = round(board.height * scale)
    size = (width, height)

    image = Image.new("L", size, palette[C.SEA])
    draw = ImageDraw.Draw(image)
    coast = _scaled(board.outline, scale)
    draw.line([*coast, coast[0]], fill=palette[COAST], width=max(2, round(14 * ui)), joint="curve")

    # Which territory each pixel is (index + 1; 0 is sea), then fills, hatching, lakes, borders.
    index = Image.new("L", size, 0)
    index_draw = ImageDraw.Draw(index)
    for t, polygon in enumerate(board.polygons):
        index_draw.polygon(_scaled(polygon, scale), fill=t + 1)
    fills = [palette[C.SEA]] + [fill_slot(t) for t in range(board.size)]
    land = index.point(lambda v: 255 if v else 0)
    image.paste(index.point(fills + [0] * (256 - len(fills))), (0, 0), land)
    hatches = [0] + [hatch_slot(t) for t in range(board.size)]
    hatch_colours = index.point(hatches + [0] * (256 - len(hatches)))
    line = max(1, round(2 * ui))
    for level, spacing in HATCH_SPACING.items():
        chosen = {t + 1 for t in range(board.size) if board.elevation[t] == level}
        if not chosen:
            continue
        where = index.point([255 if v in chosen else 0 for v in range(256)])
        pattern = _hatching(size, spacing * ui, level == 3, line)
        image.paste(hatch_colours, (0, 0), ImageChops.multiply(where, pattern))
    for lake in board.lakes:
        points = _scaled(lake, scale)
        draw.polygon(points, fill=palette[LAKE])
        draw.line([*points, points[0]], fill=palette[LAKE_LINE], width=max(1, round(2 * ui)), joint="curve")
    rings = tuple(tuple(_scaled(polygon, scale)) for polygon in board.polygons)
    border = max(1, round(2.4 * ui))
    for ring in rings:
        draw.line([*ring, ring[0]], fill=palette[C.INK], width=border, joint="curve")

    labels, plates = _name_plates(image, board, scale, ui)
    sprites = tuple(_plate_sprite(image, box, ui) for box in plates)
    lut = tuple(range(256))
    return MapBase(width, height, scale, ui, image, lut, labels, plates, sprites, rings)


def _plate_sprite(image: Image.Image, box: Box, ui: float) -> Sprite:
    """The plate as drawn (rounded corners masked), to paste back on top of an arrow."""
    x0, y0, x1, y1 = (round(v) for v in box)
    piece = image.crop((x0, y0, x1 + 1, y1 + 1))
    mask = Image.new("L", piece.size, 0)
    corners = (box[0] - x0, box[1] - y0, box[2] - x0, box[3] - y0)
    ImageDraw.Draw(mask).rounded_rectangle(corners, radius=round(PLATE_RADIUS * ui), fill=255)
    return Sprite(piece, mask)


def _name_plates(
    image: Image.Image, board: SkirmishMap, scale: float, ui: float
) -> tuple[tuple[tuple[float, float], ...], tuple[Box, ...]]:
    """Each territory's name (and elevation mark) on a dark plate above its label point; returns where
    the badges go and the plates' boxes."""
    palette = map_palette()
    draw = ImageDraw.Draw(image)
    name_font, mark_font = font(round(18 * ui), bold=True), font(round(15 * ui), bold=True)
    pad, gap, plate_h = round(6 * ui), round(5 * ui), round(25 * ui)
    badge_drop = plate_h / 2 + round(3 * ui) + badge_style(ui).height / 2
    texts, widths, spots = [], [], []
    for t in range(board.size):
        name, mark = _plate_text(board, t)
        name_w = text_width(name, name_font)
        mark_w = text_width(mark, mark_font) + gap if mark else 0
        texts.append((name, mark, name_w))
        widths.append(round(name_w + mark_w + 2 * pad))
        spots.append((board.labels[t][0] * scale, board.labels[t][1] * scale - round(12 * ui)))
    # Neighbouring names never overlap, and a long one near the edge slides in rather than being cut.
    centres = separate(
        spots, [(w, plate_h) for w in widths], bounds=(0, 0, image.width, image.height), gap=4 * ui
    )
    labels, plates = [], []
    for (name, mark, name_w), w, (x, y) in zip(texts, widths, centres, strict=True):
        box = (x - w / 2, y - plate_h / 2, x + w / 2, y + plate_h / 2)
        draw.rounded_rectangle(box, radius=round(PLATE_RADIUS * ui), fill=palette[PLATE])
        left = box[0] + pad
        draw_text(image, (left, y), name, name_font, palette.ramp(C.TEXT, PLATE), "lm")
        if mark:
            draw_text(image, (left + name_w + gap, y), mark, mark_font, palette.ramp(C.MUTED, PLATE), "lm")
        plates.append(box)
        labels.append((x, y + badge_drop))
    return tuple(labels), tuple(plates)


_BASES: BuildCache[MapBase] = BuildCache(_build, max_entries=4)


def map_base(width: int) -> MapBase:
    return _BASES.get(width)


def clear_cache() -> None:
    _BASES.clear()
