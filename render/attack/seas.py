"""Where each sea name goes on a render, and its letters.

The board base picks every sea name's place together with the regions' labels (``render.attack.base``,
kept in ``data/attack/labels.json``), for labels of the usual size. A render's labels are often bigger
(a capital's star, an army's count, ships in port) and its ships' badges and gains and losses come on
top; on the joined world's Europe, where the seas are smaller than their names, they would cover the
names. So the names are drawn by the render, after its marks are placed: a name that meets a mark
takes, among its places on its own water (``render.attack.labels.name_choices``: one line or two, or its
short name), the one that costs least with the marks and the other names where they are, the way the
base's search does. Where every such place is still more than a tenth under marks (Europe's and the Red
Sea's water can be wholly under the labels of a crowded game), the name goes on open water nearby, other
water than its own, with a thin leader line to a dot on its water where no mark is. The places are worked
out once per zone that ever needs them.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from render.attack.labels import OUTSIDE, OVER_LABEL, line_height
from render.attack.settle import Choice, covered
from render.attack.style import SEA, ZONE_TEXT, palette
from render.core.boxes import overlaps
from render.core.fonts import Font
from render.core.text import draw_text

Box = tuple[float, float, float, float]
Point = tuple[float, float]
# The middle of the last line's baseline, the lines, and where a leader line points (on the zone's water).
Place = tuple[Point, tuple[str, ...], Point | None]
CLEAR = 0.1  # a name under marks for more than this share of its box is set off with a leader
SAMPLES = 12  # points along a leader line tested for marks over it
AWAY_TRIED = 200  # the cheapest places on other water a render tries for a leader (bounds its time)
# The cheapest places on its own water kept for a name (of up to some 2,000): the warm-up keeps them for
# every zone of every layout, and a render took none past the 363rd along 40 positions of each of the
# bench's games (the rest cost it 34 MB and nothing on a board).
KEPT = 500


def name_box(place: Place | tuple[Point, tuple[str, ...]], f: Font) -> Box:
    """The box the letters of a name placed so cover (as ``text_box`` finds it, line by line)."""
    (x, y), lines = place[:2]
    step = line_height(f)
    rx = round(x)
    left = top = right = bottom = 0.0
    for i, line in enumerate(lines):
        a, b, c, d = _bbox(line, f)
        ry = round(y + (i - len(lines) + 1) * step)
        if i == 0:
            left, top, right, bottom = rx + a, ry + b, rx + c, ry + d
        else:
            left, top, right, bottom = (
                min(left, rx + a),
                min(top, ry + b),
                max(right, rx + c),
                max(bottom, ry + d),
            )
    return (float(left), float(top), float(right), float(bottom))


@lru_cache(maxsize=1024)
def _bbox(line: str, f: Font) -> tuple[int, int, int, int]:
    left, top, right, bottom = f.getbbox(line, anchor="ms")
    return (int(left), int(top), int(right), int(bottom))


def draw_names(canvas: Image.Image, places: Sequence[Place], f: Font, top: float, ui: float) -> None:
    pal = palette()
    ramp = pal.ramp(ZONE_TEXT, SEA)
    step = line_height(f)
    draw = ImageDraw.Draw(canvas)
    for place in places:
        (x, y), lines, to = place
        for i, line in enumerate(lines):
            draw_text(canvas, (x, y + top + (i - len(lines) + 1) * step), line, f, ramp, "ms")
        if to is not None:
            start = _edge(name_box(place, f), to, 3 * ui)
            colour = ramp[-1]
            draw.line(
                [(start[0], start[1] + top), (to[0], to[1] + top)], fill=colour, width=max(1, round(1.5 * ui))
            )
            r = 3 * ui
            draw.ellipse((to[0] - r, to[1] + top - r, to[0] + r, to[1] + top + r), fill=colour)


def _edge(box: Box, to: Point, gap: float) -> Point:
    """The point of ``box`` (grown by ``gap``) nearest ``to``: where a leader line leaves a name."""
    return (min(max(to[0], box[0] - gap), box[2] + gap), min(max(to[1], box[1] - gap), box[3] + gap))


@dataclass(frozen=True, slots=True, eq=False)
class Options:
    """A name's places, cheapest first, the box they all lie in, and their points (each once)."""

    choices: tuple[Choice, ...]
    hull: Box
    points: tuple[Point, ...]


def options(choices: Sequence[Choice], kept: int | None = None) -> Options:
    """``choices`` (cheapest first) as a name's ``Options``; only the ``kept`` cheapest if given (a
    render never reaches past them: ``KEPT``), but every point, which a leader may point to."""
    points = tuple(dict.fromkeys(c.point for c in choices))
    choices = choices[:kept]
    boxes = [c.box for c in choices] + [(x, y, x, y) for x, y in points] or [(0.0, 0.0, 0.0, 0.0)]
    hull = (
        min(b[0] for b in boxes),
        min(b[1] for b in boxes),
        max(b[2] for b in boxes),
        max(b[3] for b in boxes),
    )
    return Options(tuple(choices), hull, points)


def meeting(hull: Box, boxes: Sequence[Box]) -> list[Box]:
    """The ``boxes`` that meet ``hull``: only these can count for places inside it."""
    x0, y0, x1, y1 = hull
    return [b for b in boxes if b[0] < x1 and b[2] > x0 and b[1] < y1 and b[3] > y0]


def share_under(box: Box, others: Sequence[Box]) -> float:
    """The share of ``box`` that ``others`` cover."""
    area = (box[2] - box[0]) * (box[3] - box[1])
    return covered(box, others) / area if area > 0 else 0.0


def _inside(p: Point, boxes: Sequence[Box]) -> bool:
    return any(b[0] <= p[0] <= b[2] and b[1] <= p[1] <= b[3] for b in boxes)


def _leader(c: Choice, f: Font, own: Sequence[Point], others: Sequence[Box]) -> tuple[Point | None, float]:
    """Where a leader from the name at ``c`` points (the nearest of ``own``, points of its water, that
    no mark covers) and the share of its line under ``others``."""
    box = name_box((c.point, c.lines, None), f)
    free = [p for p in own if not _inside(p, others)]
    if not free:
        return None, 1.0
    to = min(free, key=lambda p: math.dist(p, _edge(box, p, 0)))
    start = _edge(box, to, 0)
    line = [
        (start[0] + (to[0] - start[0]) * k / SAMPLES, start[1] + (to[1] - start[1]) * k / SAMPLES)
        for k in range(1, SAMPLES + 1)
    ]
    return to, sum(_inside(p, others) for p in line) / SAMPLES


def place_names(
    defaults: Sequence[tuple[Point, tuple[str, ...]]],
    marks: Sequence[Box],
    choices: Callable[[int], Options],
    away: Callable[[int], Options],
    f: Font,
) -> list[Place]:
    """Each name's place: where the base put it, or, if a mark meets it there, the place among
    ``choices(z)`` (its places on its water, cheapest first) whose own cost plus the share of it under
    the marks and the other names is least; if that is more than ``CLEAR`` under them, the place among
    ``away(z)`` (on other water) with a leader line whose cost, share under them and share of the
    line under them is least, if any is clear. Pure given ``choices`` and ``away``."""
    places: list[Place] = [(p, lines, None) for p, lines in defaults]
    boxes = [name_box(p, f) for p in places]
    for z, box in enumerate(boxes):
        if not covered(box, marks):
            continue
        mine = choices(z)
        others = meeting(mine.hull, [*marks, *(b for k, b in enumerate(boxes) if k != z)])
        best: Choice | None = None
        best_fault = float("inf")
        for c in mine.choices:
            if c.cost >= best_fault:
                break
            area = (c.box[2] - c.box[0]) * (c.box[3] - c.box[1])
            score = c.cost + OVER_LABEL * covered(c.box, others) / area
            if score < best_fault:
                best, best_fault = c, score
        if best is not None:
            places[z] = (best.point, best.lines, None)
            boxes[z] = name_box(places[z], f)
        if share_under(boxes[z], others) <= CLEAR:
            continue
        further = away(z)
        h, g = mine.hull, further.hull
        hull = (min(h[0], g[0]), min(h[1], g[1]), max(h[2], g[2]), max(h[3], g[3]))
        others = meeting(hull, [*marks, *(b for k, b in enumerate(boxes) if k != z)])
        free = [p for p in mine.points if not _inside(p, others)]
        if not free:
            continue
        set_off: Place | None = None
        set_off_fault = float("inf")
        for c in further.choices:
            if c.cost >= min(set_off_fault, OUTSIDE):
                break  # (past the picture's edge: never)
            share = share_under(c.box, others)
            if share > CLEAR:
                continue
            to, crossed = _leader(c, f, free, others)
            score = c.cost + OVER_LABEL * (share + crossed)
            if crossed <= CLEAR and score < set_off_fault:
                set_off, set_off_fault = (c.point, c.lines, to), score
        if set_off is not None:
            places[z] = set_off
            boxes[z] = name_box(set_off, f)
    return places


# A name still under marks after ``place_names`` may take one of its places on its water that up to three
# marks alone cover (a region's label, a gain or loss: not a navy's badge), if each moves at most ``ASIDE``
# (pixels at ``ui`` 1, off its land if need be: an island's label over its sea) to where it meets no other
# mark and no name; of its ``ASIDE_TRIED`` cheapest places, the first that way.
ASIDE, ASIDE_STEP, ASIDE_TRIED, ASIDE_MOVED = 40, 8, 150, 3


def step_aside(
    places: Sequence[Place],
    marks: Sequence[Box],
    movable: Sequence[bool],
    choices: Callable[[int], Options],
    f: Font,
    bounds: Box,
    ui: float,
) -> tuple[list[Place], dict[int, Point]]:
    """``places`` with each name still more than ``CLEAR`` under ``marks`` moved to a place of its water
    that at most ``ASIDE_MOVED`` of the ``movable`` marks alone meet, those marks moved aside
    (``ASIDE``), where such a place is; and how far each moved mark moves. Pure."""
    out = list(places)
    boxes = [name_box(p, f) for p in out]
    at = list(marks)
    moved: dict[int, Point] = {}
    for z, box in enumerate(boxes):
        if share_under(box, at) <= CLEAR:
            continue
        mine = choices(z)
        ground, local, free = around(mine.hull, at, movable, moved, ui)
        names = tuple(meeting(ground, [b for k, b in enumerate(boxes) if k != z]))
        found = _freed(mine, local, free, names, bounds, ui)
        if found is not None:
            c, taken = found
            for i, spot in taken:
                moved[i] = (spot[0] - marks[i][0], spot[1] - marks[i][1])
                at[i] = spot
            out[z] = (c.point, c.lines, None)
            boxes[z] = name_box(out[z], f)
    return out, moved


def around(
    hull: Box, at: Sequence[Box], movable: Sequence[bool], moved: Mapping[int, Point], ui: float
) -> tuple[Box, tuple[tuple[int, Box], ...], frozenset[int]]:
    """The ground that marks moved aside for a place in ``hull`` can reach (all they can meet is within
    ``ASIDE`` of the marks that meet the hull), the marks on it (index, box), and those free to move."""
    reach = ASIDE * ui
    over = [hull, *(b for b in at if overlaps(b, hull))]
    ground = (
        min(b[0] for b in over) - reach,
        min(b[1] for b in over) - reach,
        max(b[2] for b in over) + reach,
        max(b[3] for b in over) + reach,
    )
    local = tuple((i, b) for i, b in enumerate(at) if overlaps(b, ground))
    return ground, local, frozenset(i for i, _ in local if movable[i] and i not in moved)


def freed(
    mine: Options,
    local: tuple[tuple[int, Box], ...],
    free: frozenset[int],
    names: tuple[Box, ...],
    bounds: Box,
    ui: float,
) -> tuple[Choice, tuple[tuple[int, Box], ...]] | None:
    """``step_aside`` for one name: its cheapest place that the ``free`` marks of ``local`` (index, box)
    alone meet and whose marks have room aside, and where they go. Kept: along a game the marks near a
    crowded sea are mostly where they were, and the search costs a crowded board a few milliseconds
    (``_freed``, the kept one)."""
    reach = ASIDE * ui
    shifts = _shifts(ui)
    at = dict(local)
    clear: dict[int, list[Box]] = {}  # a mark's boxes moved aside, clear of the others and the names
    for c in mine.choices[:ASIDE_TRIED]:
        hit = [i for i, b in local if overlaps(c.box, b)]
        if not 0 < len(hit) <= ASIDE_MOVED or any(i not in free for i in hit):
            continue
        if share_under(c.box, names) > CLEAR:
            continue  # (their boxes hold some room round the letters)
        taken: dict[int, Box] = {}
        for i in hit:
            if i not in clear or taken:  # (after a first move, the second looks again)
                x0, y0, x1, y1 = at[i]
                ground = (x0 - reach, y0 - reach, x1 + reach, y1 + reach)
                fixed = [b for k, b in local if k != i and k not in taken]
                near = meeting(ground, [*fixed, *names, *taken.values()])
                found = [b for b in (_shifted(at[i], d) for d in shifts) if _clear(b, near, bounds)]
                if not taken:
                    clear[i] = found
            else:
                found = clear[i]
            spot = next((b for b in found if not overlaps(b, c.box)), None)
            if spot is None:
                break
            taken[i] = spot
        else:
            return c, tuple(taken.items())
    return None


_freed = lru_cache(maxsize=1024)(freed)


@lru_cache(maxsize=8)
def _shifts(ui: float) -> tuple[Point, ...]:
    """How a mark may step aside: along the eight ways (across, up and down, slantwise), nearest first."""
    step, n = ASIDE_STEP * ui, int(ASIDE // ASIDE_STEP)
    ways = [(a, b) for a in (-1, 0, 1) for b in (-1, 0, 1) if a or b]
    found = [(a * k * step, b * k * step) for k in range(1, n + 1) for a, b in ways]
    return tuple(sorted((d for d in found if math.hypot(*d) <= ASIDE * ui), key=lambda d: math.hypot(*d)))


def _shifted(box: Box, d: Point) -> Box:
    return (box[0] + d[0], box[1] + d[1], box[2] + d[0], box[3] + d[1])


def _clear(box: Box, others: Sequence[Box], bounds: Box) -> bool:
    inside = box[0] >= bounds[0] and box[1] >= bounds[1] and box[2] <= bounds[2] and box[3] <= bounds[3]
    return inside and not any(overlaps(box, o) for o in others)
