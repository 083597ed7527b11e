"""Where each region's label (its row of marks over its name) sits: on its own land, clear of the other
regions' labels and of the sea zones' names where the land has room.

A region's label wants to sit at its label point (``data/attack/map.json``), but on the joined world, at a
size still readable at 550 px wide, Europe's and East Asia's labels cover each other and the small seas
between them. Nudging overlapping marks apart (``render.attack.place``) knows nothing of the land or of
the sea names, so a crowded label ended on a neighbour's sea name.

So a label may also sit at points of its own land near its label point (its ``spots``). The board base
chooses every label's spot and every sea name's place together (``descend``: each in turn takes what
costs least, given where the others are, until nothing moves), with the labels' usual size and some
room round them (worked out ahead: ``data/attack/labels.json``); a render moves a little (``settle``,
among the spots near there) the labels that meet something with the marks they have (a capital's
star, ships in port), before the last nudge apart, which wins where no spot is clear: no count may hide
another, so on a crowded world a few sea names stay partly covered.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image

Box = tuple[float, float, float, float]
Point = tuple[float, float]
STEP = 10  # grid spacing of a region's spots, in pixels at ``ui`` 1
REACH = 80  # how far from its label point a region's label may move, in pixels at ``ui`` 1
DESCENT = 6  # rounds of the joint search at most
PASSES = 3  # rounds of ``settle``: a label that moved may free or take another's room
# Weights of a position's faults: a label past the picture's edge is never chosen while another spot
# exists; covering another label or a sea name counts by the share of the label covered.
OUTSIDE, OVERLAP, DISTANCE = 1e6, 2000.0, 80.0  # (OVERLAP as ``labels.OVER_LABEL``)
# The room kept round a label (for a render's nudge) is worth less than the label itself: in a crowded
# Europe a short sea name fits between two labels only inside their room.
ROOM = 300.0
CLEAR = 1.0  # a fault this small, distance aside, is no collision


def spots(points: Sequence[Point], land: Image.Image, slots: Sequence[int], ui: float) -> list[list[Point]]:
    """Each region's points on its own land (``land`` holds ``slots[i]`` there) within reach of its
    label point, nearest first; the label point itself first whatever it is on."""
    width, height = land.size
    step, n = STEP * ui, int(REACH // STEP)
    out = []
    for (x, y), slot in zip(points, slots, strict=True):
        found = [
            (x + a * step, y + b * step)
            for a in range(-n, n + 1)
            for b in range(-n, n + 1)
            if (a or b)
            and 0 <= x + a * step < width
            and 0 <= y + b * step < height
            and land.getpixel((int(x + a * step), int(y + b * step))) == slot
        ]
        found.sort(key=lambda p: math.dist(p, (x, y)))
        out.append([(x, y), *found])
    return out


def _overlap(a: Box, b: Box) -> float:
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0.0


def covered(box: Box, others: Sequence[Box]) -> float:
    """The area of ``box`` under ``others`` (counted again where they overlap each other). Written out
    rather than summing ``_overlap``: this loop is most of the search's time."""
    x0, y0, x1, y1 = box
    total = 0.0
    for a0, b0, a1, b1 in others:
        w = (x1 if x1 < a1 else a1) - (x0 if x0 > a0 else a0)
        if w > 0:
            h = (y1 if y1 < b1 else b1) - (y0 if y0 > b0 else b0)
            if h > 0:
                total += w * h
    return total


def _at(offsets: Box, p: Point) -> Box:
    return (p[0] + offsets[0], p[1] + offsets[1], p[0] + offsets[2], p[1] + offsets[3])


def settle(
    start: Sequence[Point],
    offsets: Sequence[Box],
    places: Sequence[Sequence[Point]],
    fixed: Sequence[Box],
    bounds: Box,
    ui: float,
) -> list[Point]:
    """Each label's point, moved among its ``places`` (its spots; the first is its label point) where
    its box (``offsets[i]`` round the point) meets the other labels and the ``fixed`` boxes least;
    labels start at ``start``. Pure: the same arguments give the same points."""
    current = list(start)
    # Only boxes that meet the ground a label may cover (its box at each of its spots) count for it, and
    # only labels whose ground meets its ground can have such a box.
    hulls = [
        (
            min(p[0] for p in (first, *home)) + o[0],
            min(p[1] for p in (first, *home)) + o[1],
            max(p[0] for p in (first, *home)) + o[2],
            max(p[1] for p in (first, *home)) + o[3],
        )
        for o, home, first in zip(offsets, places, start, strict=True)
    ]
    walls = [
        [b for b in fixed if b[0] < x1 and x0 < b[2] and b[1] < y1 and y0 < b[3]] for x0, y0, x1, y1 in hulls
    ]
    neighbours = [
        [k for k, h in enumerate(hulls) if k != i and _overlap(h, hull)] for i, hull in enumerate(hulls)
    ]
    for _ in range(PASSES):
        boxes = [_at(o, p) for o, p in zip(offsets, current, strict=True)]
        changed = False
        for i, (o, home) in enumerate(zip(offsets, places, strict=True)):
            hull = hulls[i]
            x0, y0, x1, y1 = hull
            near = (boxes[k] for k in neighbours[i])
            others = [b for b in near if b[0] < x1 and x0 < b[2] and b[1] < y1 and y0 < b[3]] + walls[i]
            area = (o[2] - o[0]) * (o[3] - o[1])

            def fault(p: Point, o: Box = o, others: list[Box] = others, area: float = area) -> float:
                box = _at(o, p)
                outside = box[0] < bounds[0] or box[1] < bounds[1] or box[2] > bounds[2] or box[3] > bounds[3]
                return (OUTSIDE if outside else 0.0) + OVERLAP * covered(box, others) / area

            here = fault(current[i])
            if here < CLEAR:
                continue  # clear where it is
            scale = DISTANCE / (100 * ui)
            best, best_fault = current[i], here + scale * math.dist(current[i], home[0])
            for p in home:
                distance = scale * math.dist(p, home[0])
                if distance >= best_fault:
                    break  # spots are nearest first: none further on can do better
                score = fault(p) + distance
                if score < best_fault:
                    best, best_fault = p, score
            if best != current[i]:
                current[i] = best
                boxes[i] = _at(o, best)
                changed = True
        if not changed:
            break
    return current


@dataclass(frozen=True, slots=True)
class Choice:
    """One place a label or a name may go: its point, its box there, and what the place costs by itself
    (its distance from where it wants to be, water under a name, a second line, the picture's edge)."""

    point: Point
    box: Box
    cost: float
    lines: tuple[str, ...] = ()
    core: Box | None = None  # a label's own box, inside ``box`` (its box with room kept round it)

    @property
    def inner(self) -> Box:
        return self.core if self.core is not None else self.box


def region_choices(
    home: Sequence[Point], offsets: Box, size: tuple[int, int], ui: float, room: float = 0.0
) -> list[Choice]:
    """The places a region's label may go: its spots (``spots``), cheapest first; its box has ``room``
    kept round it."""
    out = []
    for p in home:
        core = _at(offsets, p)
        box = (core[0] - room, core[1] - room, core[2] + room, core[3] + room)
        outside = core[0] < 0 or core[1] < 0 or core[2] > size[0] or core[3] > size[1]
        cost = (OUTSIDE if outside else 0.0) + DISTANCE * math.dist(p, home[0]) / (100 * ui)
        out.append(Choice(p, box, cost, core=core))
    return sorted(out, key=lambda c: c.cost)


def descend(items: Sequence[Sequence[Choice]], passes: int = DESCENT) -> list[int]:
    """Which choice each item takes: each in turn takes the choice whose own cost plus the share of its
    own box (``Choice.inner``) covered by the others' own boxes, and less the share of its box with
    its room covered by theirs (``ROOM``), is least, the others staying put, until a round changes
    nothing. Each item's choices must be in order of cost, its first the one it wants (so the search
    stops early)."""
    hulls = [
        (
            min(c.box[0] for c in cs),
            min(c.box[1] for c in cs),
            max(c.box[2] for c in cs),
            max(c.box[3] for c in cs),
        )
        for cs in items
    ]
    neighbours = [
        [k for k, h in enumerate(hulls) if k != i and _overlap(hull, h)] for i, hull in enumerate(hulls)
    ]
    chosen = [0] * len(items)
    for _ in range(passes):
        changed = False
        for i, choices in enumerate(items):
            others = [items[k][chosen[k]].box for k in neighbours[i]]
            cores = [items[k][chosen[k]].inner for k in neighbours[i]]
            best, best_fault = chosen[i], math.inf
            for n, c in enumerate(choices):
                if c.cost >= best_fault:
                    break
                box, core = c.box, c.inner
                area = (box[2] - box[0]) * (box[3] - box[1])
                inner = (core[2] - core[0]) * (core[3] - core[1])
                score = c.cost + OVERLAP * covered(core, cores) / inner + ROOM * covered(box, others) / area
                if score < best_fault or (score == best_fault and n == chosen[i]):
                    best, best_fault = n, score
            if best != chosen[i]:
                chosen[i] = best
                changed = True
        if not changed:
            break
    return chosen
