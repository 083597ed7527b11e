"""Where each sea zone's name goes: on its own water, clear of the regions' names and marks and of the
other zones' names, and inside the picture.

A zone's name wants to sit at its label point (``data/attack/map.json``), but at a picture's size a long
name ("Western Mediterranean") reaches over the coasts, under a region's name and marks, or past the
picture's edge. So each name is tried at its point first and, if it collides there, at points on a grid
over its zone's water, on one line or (a long name) on two, keeping the one that covers the least land,
the fewest region labels and other names, nearest its point. Done once per board base (layout and
width), so it costs nothing per render.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageFont

from render.attack.sprites import MARK_ROW, name_sprite, short_name

Box = tuple[float, float, float, float]
Point = tuple[float, float]
MARKS_WIDTH = 84  # a row of marks (a badge, and an oil drop or a star) at ``ui`` 1
STEP = 12  # grid spacing of the points tried, in pixels at ``ui`` 1
REACH = 240  # how far from its label point a name may move, in pixels at ``ui`` 1
PAD = 3  # room kept above and below a name, in pixels at ``ui`` 1
PAD_X = 9  # and on each side, so two names in a row do not read as one
SHIPS, SHIPS_BELOW = (56, 30), 20  # a zone's ships badge: its usual size, its centre under the name
SHIPS_WEIGHT = 0.5  # a badge's room counts half: the zone may hold no ships
LONG = 13  # a name this long may take two lines where one does not fit
# Weights of a position's faults: a name past the edge is never chosen while another place exists.
OUTSIDE, OVER_LABEL, OFF_WATER, DISTANCE, TWO_LINES = 1e6, 2000.0, 600.0, 60.0, 40.0
CLEAR = 12.0  # a fault this small at the label point (a sliver of coast under the name) is no collision


def region_boxes(names: Sequence[str], anchors: Sequence[Point], ui: float) -> list[Box]:
    """Where each region's marks and name sit before any nudging: a row of marks centred on the label
    point, the name under it (``render.attack.board`` places them so)."""
    boxes = []
    for name, (x, y) in zip(names, anchors, strict=True):
        width, height = name_sprite(short_name(name), ui).size
        half = max(width, MARKS_WIDTH * ui) / 2
        boxes.append((x - half, y - MARK_ROW * ui / 2, x + half, y + MARK_ROW * ui / 2 + height))
    return boxes


def _overlap(a: Box, b: Box) -> float:
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0.0


def _ships_box(point: Point, ui: float) -> Box:
    """Room under a name for the badge of the ships in its zone (``BoardBase.zone_anchors``)."""
    x, y = point
    return (
        x - SHIPS[0] * ui / 2,
        y + SHIPS_BELOW * ui - SHIPS[1] * ui / 2,
        x + SHIPS[0] * ui / 2,
        y + SHIPS_BELOW * ui + SHIPS[1] * ui / 2,
    )


def forms(name: str) -> list[tuple[str, ...]]:
    """A name on one line, and a long one also on two (split at the space nearest its middle)."""
    spaces = [i for i, ch in enumerate(name) if ch == " " and name[i + 1 :] != "⚓"]
    if len(name) < LONG or not spaces:
        return [(name,)]
    cut = min(spaces, key=lambda i: abs(i - len(name) / 2))
    return [(name,), (name[:cut], name[cut + 1 :])]


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
    """One name's search: its point, its zone's water, and the boxes within its reach."""

    point: Point
    slot: int
    water: Image.Image
    labels: tuple[Box, ...]  # regions' labels near the point
    names: tuple[Box, ...]  # names placed already, near the point
    ui: float

    def fault(self, p: Point, offsets: Box, limit: float) -> float:
        """How bad ``p`` is; the costly look at the water is skipped once the rest reaches ``limit``."""
        width, height = self.water.size
        box = (p[0] + offsets[0], p[1] + offsets[1], p[0] + offsets[2], p[1] + offsets[3])
        area = (box[2] - box[0]) * (box[3] - box[1])
        score = 0.0
        if box[0] < 0 or box[1] < 0 or box[2] > width or box[3] > height:
            score += OUTSIDE
        covered = sum(_overlap(box, other) for other in (*self.labels, *self.names))
        ships = _ships_box(p, self.ui)  # (only a region's label matters there: most zones hold no ships)
        covered += SHIPS_WEIGHT * sum(_overlap(ships, other) for other in self.labels)
        score += OVER_LABEL * covered / area
        distance = math.hypot(p[0] - self.point[0], p[1] - self.point[1])
        score += DISTANCE * distance / (100 * self.ui)
        if score >= limit:
            return score
        inside = (
            max(0, round(box[0])),
            max(0, round(box[1])),
            min(width, round(box[2])),
            min(height, round(box[3])),
        )
        if inside[2] > inside[0] and inside[3] > inside[1]:
            own: int = self.water.crop(inside).histogram()[self.slot]
            score += OFF_WATER * max(0.0, 1 - own / area)
        return score

    def on_water(self, p: Point) -> bool:
        width, height = self.water.size
        return (
            0 <= p[0] < width
            and 0 <= p[1] < height
            and self.water.getpixel((int(p[0]), int(p[1]))) == self.slot
        )


def place_names(
    names: Sequence[str],
    points: Sequence[Point],
    water: Image.Image,
    slots: Sequence[int],
    avoid: Sequence[Box],
    f: ImageFont.FreeTypeFont | ImageFont.ImageFont,
    ui: float,
) -> list[tuple[Point, tuple[str, ...]]]:
    """Each name's point (the middle of its last line's baseline) and its lines. ``water`` holds
    ``slots[i]`` on zone i's own water; ``avoid`` are the regions' label boxes."""
    placed: list[Box] = []
    out: list[tuple[Point, tuple[str, ...]]] = []
    pad = (PAD_X * ui, PAD * ui)
    for name, point, slot in zip(names, points, slots, strict=True):
        choices = [(lines, _offsets(lines, f, pad)) for lines in forms(name)]
        # Only boxes within reach can be met: the rest are left out of every sum (same scores, faster).
        span = REACH * ui + max(max(abs(v) for v in offsets) for _, offsets in choices) + SHIPS[0] * ui
        near = (point[0] - span, point[1] - span, point[0] + span, point[1] + span)
        search = _Search(
            point,
            slot,
            water,
            tuple(b for b in avoid if _overlap(b, near)),
            tuple(b for b in placed if _overlap(b, near)),
            ui,
        )
        one = choices[0]
        best, best_fault = (point, one), search.fault(point, one[1], float("inf"))
        if best_fault > CLEAR:  # not clear where it wants to be: look round its water
            step, n = STEP * ui, int(REACH // STEP)
            for i in range(-n, n + 1):
                for j in range(-n, n + 1):
                    p = (point[0] + i * step, point[1] + j * step)
                    if not search.on_water(p):
                        continue
                    for k, choice in enumerate(choices):
                        score = search.fault(p, choice[1], best_fault - TWO_LINES * k) + TWO_LINES * k
                        if score < best_fault:
                            best, best_fault = (p, choice), score
        (x, y), (lines, offsets) = best
        out.append(((x, y), lines))
        placed.append((x + offsets[0], y + offsets[1], x + offsets[2], y + offsets[3]))
    return out
