"""Where a sea zone's name may go: on its own water, inside the picture, near its label point.

A zone's name wants to sit at its label point (``data/attack/map.json``), but at a picture's size a long
name ("Western Mediterranean") reaches over the coasts, under a region's name and marks, or past the
picture's edge. So each name may also go at points on a grid over its zone's water, on one line or (a
long name) on two, and a sea smaller than its name on the world (the North Sea, the Mediterraneans) also
under its short name ("N. Sea", "W. Med.": the map's ``short``; the log, menus and text output keep the
full name); each place has its own cost (land under the name, its distance, a second line, a short
name, the edge), and ``render.attack.settle.descend`` picks one per name together with the regions' labels, so
that a name and a label yield to each other. Done once per board base (layout and width).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageFont

from render.attack.settle import Choice
from render.attack.sprites import MARK_ROW, name_sprite, short_name

Box = tuple[float, float, float, float]
Point = tuple[float, float]
MARKS_WIDTH = 84  # a row of marks (a badge, and an oil drop or a star) at ``ui`` 1
STEP = 12  # grid spacing of the points tried, in pixels at ``ui`` 1
REACH = 240  # how far from its label point a name may move, in pixels at ``ui`` 1
PAD = 3  # room kept above and below a name, in pixels at ``ui`` 1
PAD_X = 9  # and on each side, so two names in a row do not read as one
SHIPS_BELOW = 20  # a zone's ships badge: its centre under the name, in pixels at ``ui`` 1
LONG = 13  # a name this long may take two lines where one does not fit
# Weights of a place's faults: a name past the edge is never chosen while another place exists; a
# name over a region's label costs up to OVER_LABEL (``settle.OVERLAP``).
# A short name costs more than a second line: the full name is used wherever it fits.
OUTSIDE, OVER_LABEL, OFF_WATER, DISTANCE, TWO_LINES, SHORT = 1e6, 2000.0, 600.0, 60.0, 40.0, 100.0
# A name set off on other water with a leader line (a render's last resort): its cost, its reach and the
# weight of its length (several times a move on its own water: the nearest open water wins).
LEADER, AWAY_REACH, AWAY_DISTANCE = 300.0, 200, 3.0
WATER = frozenset((*range(100, 164), 250))  # what ``water`` holds on any zone's water or a lake


def region_boxes(names: Sequence[str], anchors: Sequence[Point], ui: float) -> list[Box]:
    """Where each region's marks and name sit before any nudging: a row of marks centred on the label
    point, the name under it (``render.attack.board`` places them so)."""
    boxes = []
    for name, (x, y) in zip(names, anchors, strict=True):
        width, height = name_sprite(short_name(name), ui).size
        half = max(width, MARKS_WIDTH * ui) / 2
        boxes.append((x - half, y - MARK_ROW * ui / 2, x + half, y + MARK_ROW * ui / 2 + height))
    return boxes


def _two_lines(name: str) -> tuple[str, str] | None:
    """``name`` split at the space nearest its middle (never before its anchor nor after a shortened
    word: "N." stays with "Sea"), if it has such a space."""
    spaces = [i for i, ch in enumerate(name) if ch == " " and name[i + 1 :] != "⚓" and name[i - 1] != "."]
    if not spaces:
        return None
    cut = min(spaces, key=lambda i: abs(i - len(name) / 2))
    return (name[:cut], name[cut + 1 :])


def forms(name: str, short: str | None = None, narrow: bool = False) -> list[tuple[tuple[str, ...], float]]:
    """A name on one line, a long one (or any, ``narrow``) also on two, and its short name if it has
    one (on two lines too, ``narrow``), each with what the form costs."""
    out: list[tuple[tuple[str, ...], float]] = [((name,), 0.0)]
    split = _two_lines(name)
    if split is not None and (narrow or len(name) >= LONG):
        out.append((split, TWO_LINES))
    if short is not None and short != name:
        out.append(((short,), SHORT))
        split = _two_lines(short)
        if split is not None and narrow:
            out.append((split, SHORT + TWO_LINES))
    return out


def line_height(f: ImageFont.FreeTypeFont | ImageFont.ImageFont) -> float:
    top, bottom = f.getbbox("Hg", anchor="ls")[1::2]
    return (bottom - top) * 1.05


def _offsets(lines: tuple[str, ...], f: ImageFont.FreeTypeFont | ImageFont.ImageFont, pad: Point) -> Box:
    """The box of ``lines`` round their point (the middle of the last line's baseline), padded."""
    step = line_height(f)
    boxes = []
    for i, line in enumerate(lines):
        left, top, right, bottom = f.getbbox(line, anchor="ms")
        dy = (i - len(lines) + 1) * step
        boxes.append((left, top + dy, right, bottom + dy))
    return (
        min(b[0] for b in boxes) - pad[0],
        min(b[1] for b in boxes) - pad[1],
        max(b[2] for b in boxes) + pad[0],
        max(b[3] for b in boxes) + pad[1],
    )


@dataclass(frozen=True, slots=True)
class _Search:
    """One name's search: its point and its zone's water."""

    point: Point
    slot: int
    water: Image.Image
    ui: float

    def fault(self, p: Point, offsets: Box, away: bool = False) -> float:
        """How bad ``p`` is by itself: past the edge, off its water (``away``: off any water), far
        from its point."""
        width, height = self.water.size
        box = (p[0] + offsets[0], p[1] + offsets[1], p[0] + offsets[2], p[1] + offsets[3])
        area = (box[2] - box[0]) * (box[3] - box[1])
        score = 0.0
        if box[0] < 0 or box[1] < 0 or box[2] > width or box[3] > height:
            score += OUTSIDE
        distance = math.hypot(p[0] - self.point[0], p[1] - self.point[1])
        score += DISTANCE * distance / (100 * self.ui)
        inside = (
            max(0, round(box[0])),
            max(0, round(box[1])),
            min(width, round(box[2])),
            min(height, round(box[3])),
        )
        if inside[2] > inside[0] and inside[3] > inside[1]:
            counts = self.water.crop(inside).histogram()
            own: int = sum(counts[v] for v in WATER) if away else counts[self.slot]
            score += OFF_WATER * max(0.0, 1 - own / area)
        return score

    def on_water(self, p: Point, away: bool = False) -> bool:
        """``p`` is on the zone's water (``away``: on other water)."""
        width, height = self.water.size
        if not (0 <= p[0] < width and 0 <= p[1] < height):
            return False
        found = self.water.getpixel((int(p[0]), int(p[1])))
        return found != self.slot and found in WATER if away else found == self.slot


@dataclass(frozen=True, slots=True)
class SeaName:
    """A sea zone's name to place: its full and ``short`` forms, its label point, the water image (which
    holds ``slot`` on the zone's own water), the font and the picture's scale."""

    name: str
    short: str | None
    point: Point
    water: Image.Image
    slot: int
    f: ImageFont.FreeTypeFont | ImageFont.ImageFont
    ui: float


def name_choices(sea: SeaName, narrow: bool = False) -> list[Choice]:
    """The places a sea name may go (``settle.descend``): on one line or two or as its ``short`` name,
    at its point or at points of its own water round it, each with its own cost (water under it,
    distance, the edge, a second line, a short name), cheapest first. ``narrow``: every name of two
    words may take two lines, and the grid is finer (a render's search for a crowded name, which may
    fit only between two marks)."""
    point, f, ui = sea.point, sea.f, sea.ui
    pad = (PAD_X * ui, PAD * ui)
    choices = [(lines, _offsets(lines, f, pad), extra) for lines, extra in forms(sea.name, sea.short, narrow)]
    search = _Search(point, sea.slot, sea.water, ui)
    spacing = STEP / 2 if narrow else STEP
    step, n = spacing * ui, int(REACH // spacing)
    grid = [(point[0] + i * step, point[1] + j * step) for i in range(-n, n + 1) for j in range(-n, n + 1)]
    out = []
    for p in [point, *(p for p in grid if p != point and search.on_water(p))]:
        for lines, offsets, extra in choices:
            box = (p[0] + offsets[0], p[1] + offsets[1], p[0] + offsets[2], p[1] + offsets[3])
            out.append(Choice(p, box, search.fault(p, offsets) + extra, lines))
    out.sort(key=lambda c: c.cost)
    # A place worse by itself than the best one under a label is never worth it.
    return [c for c in out if c.cost < out[0].cost + OVER_LABEL]


def away_choices(sea: SeaName) -> list[Choice]:
    """The places a sea name may go on other water near its own, in its shortest form, for a leader
    line to its water (``render.attack.seas``), cheapest first."""
    point, ui = sea.point, sea.ui
    pad = (PAD_X * ui, PAD * ui)
    lines, extra = forms(sea.name, sea.short, narrow=True)[-1]
    offsets = _offsets(lines, sea.f, pad)
    search = _Search(point, sea.slot, sea.water, ui)
    step, n = STEP * ui, int(AWAY_REACH // STEP)
    out = []
    for i in range(-n, n + 1):
        for j in range(-n, n + 1):
            p = (point[0] + i * step, point[1] + j * step)
            distance = math.dist(p, point)
            if distance <= AWAY_REACH * ui and search.on_water(p, away=True):
                box = (p[0] + offsets[0], p[1] + offsets[1], p[0] + offsets[2], p[1] + offsets[3])
                length = (AWAY_DISTANCE - 1) * DISTANCE * distance / (100 * ui)
                out.append(
                    Choice(p, box, search.fault(p, offsets, away=True) + extra + LEADER + length, lines)
                )
    return sorted(out, key=lambda c: c.cost)
