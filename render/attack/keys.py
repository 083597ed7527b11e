"""A sea name with no clear place, written as a key: a number in a small ring on its water, and the
number's name in one line under the standings ("Seas: 1 N. Atlantic · 2 E. Med."), as printed maps do.

On a crowded world board (six players, Europe and the Red Sea under big labels) a few names find no
clear place even after a label steps aside and with a leader line (``render.attack.seas``): their water
is wholly under labels and the open water is too far for a leader. Such a name is not drawn; its key is,
at the nearest point of its water where the ring meets no mark, no name and no other key; else where up
to three labels (or gains and losses) step aside for it, as for a name (``seas.step_aside``); else at
the nearest clear point within ``LEADER_REACHES`` (on water where there is some) with a short leader
line to a point of its water that shows. The ring is as big as the readability tests ask of a badge's
digits (11 px at 550 px wide), no bigger.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from render.attack.base import board_base, zone_places
from render.attack.labels import DISTANCE, OFF_WATER, WATER
from render.attack.seas import SAMPLES, Options, around, freed, meeting, options, share_under
from render.attack.settle import Choice
from render.attack.sprites import army_style
from render.attack.style import SEA, ZONE_TEXT, palette
from render.core.badges import BadgeStyle, Sprite, badge_sprite, paste_sprite
from render.core.boxes import box_at, overlaps

Box = tuple[float, float, float, float]
Point = tuple[float, float]
GAP = 3  # room kept round a key, in pixels at ``ui`` 1
# How far from its water a key may sit with a leader, in pixels at ``ui`` 1: first near, then farther.
LEADER_REACHES = (50, 110)
LEADER_STEP = 8  # the rings of points tried round its water, in pixels at ``ui`` 1
WAYS = 16  # directions tried on each ring
LEADER_FROM = 16  # points of its water a leader may start from (the nearest its label point)
CELL = 4  # the cells a leader's key's search counts cover by, in pixels
TRIED = 150  # the cheapest points of its water a key tries (clear, or by stepping aside)
SAMPLED = 5  # points a side of the grid that measures how much of a ring is on its water


@dataclass(frozen=True, slots=True)
class Key:
    """A keyed sea: its zone, its number, the ring's centre (map pixels) and where a leader points."""

    zone: int
    number: int
    centre: Point
    to: Point | None = None


def key_style(ui: float) -> BadgeStyle:
    """The ring: its digit as big as an army badge's (``army_style``: 11 px and more at 550 px)."""
    return BadgeStyle(
        font_size=army_style(ui).font_size,
        height=max(14, round(30 * ui)),
        padding=max(2, round(4 * ui)),
        outline=max(1, round(2 * ui)),
    )


def key_sprite(number: int, ui: float) -> Sprite:
    """A number in a ring in the sea names' colour (a pill, if it ever has two digits)."""
    pal = palette()
    ramp = pal.ramp(ZONE_TEXT, SEA)
    style = key_style(ui)
    return badge_sprite("pill", str(number), style, pal[SEA], ramp[-1], ramp, style.height)


def _box(centre: Point, size: tuple[int, int]) -> Box:
    return box_at(centre, *size)


def _corner(mark: Box, mask: Image.Image) -> tuple[int, int]:
    """Where ``paste_sprite`` puts the top left of a mark drawn in ``mark`` (its box) with ``mask``."""
    return round((mark[0] + mark[2]) / 2 - mask.width / 2), round((mark[1] + mark[3]) / 2 - mask.height / 2)


@lru_cache(maxsize=256)
def key_places(layout: str, width: int, zone: int) -> Options:
    """The points of a zone's water a one-digit key may sit at, cheapest first (far from its label
    point, its ring off its water), with the ring's box; kept, as a name's places are."""
    base = board_base(layout, width)
    ui = base.ui
    size = key_sprite(1, ui).size
    slot, water = 100 + zone, base.water.load()
    point = base.zone_points[zone]
    # The share of the ring on its water, by a grid of points over its box (a crop a point cost the
    # warm-up a second).
    grid = [
        (size[0] * (i / (SAMPLED - 1) - 0.5), size[1] * (j / (SAMPLED - 1) - 0.5))
        for i in range(SAMPLED)
        for j in range(SAMPLED)
    ]
    found = []
    for p in zone_places(layout, width, zone).points:
        box = _box(p, size)
        if box[0] < 0 or box[1] < 0 or box[2] > base.width or box[3] > base.height:
            continue
        right, bottom = base.width - 1, base.height - 1
        wet = sum(water[min(int(p[0] + dx), right), min(int(p[1] + dy), bottom)] == slot for dx, dy in grid)  # type: ignore[index]
        own = wet / len(grid)
        cost = DISTANCE * math.dist(p, point) / (100 * ui) + OFF_WATER * (1 - own)
        found.append(Choice(p, box, cost, ("1",)))
    if not found:  # (water too narrow for a ring anywhere inside the picture: its label point, moved in)
        x = min(max(point[0], size[0] / 2), base.width - size[0] / 2)
        y = min(max(point[1], size[1] / 2), base.height - size[1] / 2)
        found.append(Choice((x, y), _box((x, y), size), OFF_WATER, ("1",)))
    found.sort(key=lambda c: c.cost)
    return options(found, TRIED)


def numbered(zones: Sequence[int], points: Sequence[Point]) -> list[int]:
    """The keyed ``zones`` in the order of their numbers: west to east by label point (north to south
    where two are level), so a sea's number changes only when a sea west of it is keyed or not."""
    return sorted(zones, key=lambda z: (points[z][0], points[z][1]))


def place_keys(
    zones: Sequence[int],
    marks: Sequence[Box],
    masks: Sequence[Image.Image],
    movable: Sequence[bool],
    names: Sequence[Box],
    places: Callable[[int], Options],
    water: Image.Image,
    bounds: Box,
    ui: float,
) -> tuple[list[Key], dict[int, Point]]:
    """A key for each of ``zones`` (numbered 1, 2… in that order) and how far each mark that steps aside
    for one moves. Each ring goes at the first of ``places(z)`` clear of ``marks``, ``names`` and the
    keys before it; else where at most three ``movable`` marks alone meet it and can step aside; else
    with a leader (``_set_off``: ``masks`` are the marks' drawn pixels, which a leader keeps out of);
    else at its cheapest place (where something covers it). Pure given ``places``."""
    at = list(marks)
    moved: dict[int, Point] = {}
    keys: list[Key] = []
    taken: list[Box] = []
    gap = GAP * ui
    for number, z in enumerate(zones, start=1):
        size = key_sprite(number, ui).size
        mine = places(z)
        if size != key_sprite(1, ui).size:  # (ten keys or more: a wider ring)
            mine = options([Choice(c.point, _box(c.point, size), c.cost, c.lines) for c in mine.choices])
        seen = _Seen(tuple(at), tuple(masks), (*names, *taken)).near(_grown(mine.hull, gap))
        key: Key | None = None
        for c in mine.choices:
            if seen.clear(_grown(c.box, gap)):
                key = Key(z, number, c.point)
                break
        if key is None:
            key = _aside(z, number, mine, at, movable, moved, [*names, *taken], bounds, ui)
        if key is None:
            seen = _Seen(tuple(at), tuple(masks), (*names, *taken))
            key = _set_off(z, number, size, mine, seen, water, bounds, ui)
        if key is None:
            best = mine.choices[0].point if mine.choices else mine.points[0]
            key = Key(z, number, best)
        keys.append(key)
        taken.append(_box(key.centre, size))
    return keys, moved


@dataclass(frozen=True, slots=True)
class _Seen:
    """What covers the map: the marks (their boxes, where they are, and drawn pixels) and the names'
    and keys' boxes."""

    marks: tuple[Box, ...]
    masks: tuple[Image.Image, ...]
    names: tuple[Box, ...]

    def near(self, area: Box) -> _Seen:
        """Only what meets ``area``: all that can cover a box inside it."""
        marks = [(m, k) for m, k in zip(self.marks, self.masks, strict=True) if overlaps(m, area)]
        return _Seen(tuple(m for m, _ in marks), tuple(k for _, k in marks), tuple(meeting(area, self.names)))

    def clear(self, box: Box) -> bool:
        """Whether ``box`` is open to view: it meets no name or key, and no mark's drawn pixel (a
        label's box holds open corners round its letters)."""
        if any(overlaps(box, b) for b in self.names):
            return False
        for mark, mask in zip(self.marks, self.masks, strict=True):
            if overlaps(box, mark):
                left, top = _corner(mark, mask)
                inside = (
                    max(0, math.floor(box[0]) - left),
                    max(0, math.floor(box[1]) - top),
                    min(mask.width, math.ceil(box[2]) - left),
                    min(mask.height, math.ceil(box[3]) - top),
                )
                if inside[2] > inside[0] and inside[3] > inside[1] and mask.crop(inside).getbbox():
                    return False
        return True


def _aside(
    z: int,
    number: int,
    mine: Options,
    at: list[Box],
    movable: Sequence[bool],
    moved: dict[int, Point],
    names: Sequence[Box],
    bounds: Box,
    ui: float,
) -> Key | None:
    """``seas.step_aside``'s search for a key: its place that a few movable marks alone meet, those
    moved aside (``at`` and ``moved`` updated) to where they meet nothing; None if it has none."""
    ground, local, free = around(mine.hull, at, movable, moved, ui)
    near = tuple(meeting(ground, names))
    # Only places no name meets: ``freed`` lets a name's place touch a tenth of another name.
    clear = options([c for c in mine.choices if share_under(c.box, near) == 0.0])
    found = freed(clear, local, free, near, bounds, ui)  # (fresh options: nothing to keep)
    if found is None:
        return None
    c, shifted = found
    for i, spot in shifted:
        x0, y0 = at[i][0], at[i][1]
        moved[i] = (spot[0] - x0, spot[1] - y0)
        at[i] = spot
    return Key(z, number, c.point)


def _set_off(
    z: int,
    number: int,
    size: tuple[int, int],
    mine: Options,
    seen: _Seen,
    water: Image.Image,
    bounds: Box,
    ui: float,
) -> Key | None:
    """A key at the nearest point within ``LEADER_REACHES`` of its water's open points (where a leader's
    dot shows: under no mark's pixels, even inside a label's box) where its ring meets no mark, name
    or key, on water if it can be, with a leader line to that point that no mark hides."""
    dot = 3 * ui
    water_seen = seen.near(_grown(mine.hull, dot))
    points = dict.fromkeys([*(c.point for c in mine.choices), *mine.points])
    free = list(
        itertools.islice(
            (p for p in points if water_seen.clear((p[0] - dot, p[1] - dot, p[0] + dot, p[1] + dot))),
            LEADER_FROM,
        )
    )
    if not free:
        return None
    gap = GAP * ui
    step = LEADER_STEP * ui
    first = max(1, math.ceil(max(size) / 2 / step))
    ways = [(math.cos(2 * math.pi * w / WAYS), math.sin(2 * math.pi * w / WAYS)) for w in range(WAYS)]
    width, height = water.size
    wetness = water.load()
    half_w, half_h = size[0] / 2, size[1] / 2
    for limit in LEADER_REACHES:  # (the nearest first: most keys find room close by, in a small area)
        n = int(limit // LEADER_STEP)
        reach = n * step + max(size)
        area = (
            max(bounds[0], min(p[0] for p in free) - reach),
            max(bounds[1], min(p[1] for p in free) - reach),
            min(bounds[2], max(p[0] for p in free) + reach),
            min(bounds[3], max(p[1] for p in free) + reach),
        )
        cover = _Cover(seen.near(area), area)
        for wet in (True, False):  # on water if any is near enough, else on land
            for centre, to in _rings(free, first, n, step, ways):
                x, y = centre
                if x - half_w < bounds[0] or y - half_h < bounds[1]:
                    continue
                if x + half_w > bounds[2] or y + half_h > bounds[3]:
                    continue
                if not cover.clear((x - half_w - gap, y - half_h - gap, x + half_w + gap, y + half_h + gap)):
                    continue
                here = (min(int(x), width - 1), min(int(y), height - 1))
                if wet and wetness[here] not in WATER:  # type: ignore[index]
                    continue
                start = _edge(centre, max(size) / 2, to)
                line = [
                    (start[0] + (to[0] - start[0]) * k / SAMPLES, start[1] + (to[1] - start[1]) * k / SAMPLES)
                    for k in range(SAMPLES + 1)
                ]
                if all(cover.shows(q) for q in line):
                    return Key(z, number, centre, to)
    return None


class _Cover:
    """What covers an ``area`` of the map (``_Seen``) as pixels, for the many boxes a leader's key tries:
    one look-up a box (by the sums over cells of ``CELL`` pixels, a cell counting whole where anything
    covers a pixel of it, so a box is never clear by mistake) rather than one crop a mark it meets."""

    def __init__(self, seen: _Seen, area: Box) -> None:
        self.x0, self.y0 = math.floor(area[0]), math.floor(area[1])
        size = (max(1, math.ceil(area[2]) - self.x0), max(1, math.ceil(area[3]) - self.y0))
        image = Image.new("L", size, 0)
        for mark, mask in zip(seen.marks, seen.masks, strict=True):
            left, top = _corner(mark, mask)
            left, top = left - self.x0, top - self.y0
            image.paste(255, (left, top), mask)
        draw = ImageDraw.Draw(image)
        for b in seen.names:
            draw.rectangle((b[0] - self.x0, b[1] - self.y0, b[2] - self.x0, b[3] - self.y0), fill=255)
        self.size, self.pixels = size, image.load()
        coarse = image.reduce(CELL)  # (a cell's mean: above 0 wherever a pixel of it is covered)
        w, h = coarse.size
        values = coarse.tobytes()
        # Sums over the cells above and left of each corner: a box's covered cells in four look-ups.
        stride = w + 1
        sums = [0] * stride
        for y in range(h):
            row = itertools.accumulate((v > 0 for v in values[y * w : (y + 1) * w]), initial=0)
            sums += [a + r for a, r in zip(sums[y * stride :], row, strict=True)]
        self.sums, self.columns, self.rows = sums, w, h

    def clear(self, box: Box) -> bool:
        """No covered cell under ``box`` (outside the area counts as covered)."""
        x0, y0 = (box[0] - self.x0) / CELL, (box[1] - self.y0) / CELL
        x1, y1 = (box[2] - self.x0) / CELL, (box[3] - self.y0) / CELL
        if x0 < 0 or y0 < 0 or x1 > self.columns or y1 > self.rows:
            return False
        a, b, c, d = math.floor(x0), math.floor(y0), math.ceil(x1), math.ceil(y1)
        stride, sums = self.columns + 1, self.sums
        return sums[d * stride + c] - sums[b * stride + c] - sums[d * stride + a] + sums[b * stride + a] == 0

    def shows(self, p: Point) -> bool:
        """``p`` is in the area and nothing covers its pixel."""
        x, y = int(p[0] - self.x0), int(p[1] - self.y0)
        return 0 <= x < self.size[0] and 0 <= y < self.size[1] and not self.pixels[x, y]  # type: ignore[index]


def _rings(
    free: Sequence[Point], first: int, n: int, step: float, ways: Sequence[Point]
) -> Iterator[tuple[Point, Point]]:
    """Points round the ``free`` points, ring by ring (nearest first), each with its free point."""
    for k in range(first, n + 1):
        for p in free:
            for dx, dy in ways:
                yield (p[0] + k * step * dx, p[1] + k * step * dy), p


def _grown(box: Box, by: float) -> Box:
    return (box[0] - by, box[1] - by, box[2] + by, box[3] + by)


def _edge(centre: Point, radius: float, to: Point) -> Point:
    """Where a leader from the ring at ``centre`` towards ``to`` leaves it."""
    d = math.dist(centre, to) or 1.0
    return (centre[0] + (to[0] - centre[0]) * radius / d, centre[1] + (to[1] - centre[1]) * radius / d)


def key_boxes(keys: Sequence[Key], ui: float) -> list[Box]:
    """The rings' boxes (map pixels)."""
    return [_box(k.centre, key_sprite(k.number, ui).size) for k in keys]


def draw_keys(canvas: Image.Image, keys: Sequence[Key], top: float, ui: float) -> None:
    """The rings, and their leaders (a thin line to a dot on the key's water, as a name's)."""
    ramp = palette().ramp(ZONE_TEXT, SEA)
    draw = ImageDraw.Draw(canvas)
    for key in keys:
        sprite = key_sprite(key.number, ui)
        x, y = key.centre
        if key.to is not None:
            start = _edge(key.centre, max(sprite.size) / 2, key.to)
            tx, ty = key.to
            line = [(start[0], start[1] + top), (tx, ty + top)]
            draw.line(line, fill=ramp[-1], width=max(1, round(1.5 * ui)))
            r = 3 * ui
            draw.ellipse((tx - r, ty + top - r, tx + r, ty + top + r), fill=ramp[-1])
        paste_sprite(canvas, sprite, (x, y + top))


def key_line(keys: Sequence[Key], sea_names: Sequence[tuple[str, str | None]]) -> str:
    """The panel's line naming each key's sea, in the keys' order, by its short name where it has one
    (``Seas: 1 N. Atlantic · 2 E. Med.``); empty without keys."""
    if not keys:
        return ""
    named = (f"{k.number} {sea_names[k.zone][1] or sea_names[k.zone][0]}" for k in keys)
    return "Seas: " + " · ".join(named)
