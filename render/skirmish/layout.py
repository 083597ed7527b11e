"""Where the unit badges go: under each territory's name plate, nudged apart so no badge hides another
or a name.

The same idea as ``render.core.badges.separate`` (each overlap resolved along its smaller axis, half by
each badge; plates stay put), but only between badges and plates near enough to touch: the Skirmish
badges are wide (four unit types), and checking all 33² pairs on every round cost more than encoding
the picture. The pairs come from the static map, once per width; the places are cached per set of badge
sizes (the same sizes, the same places), so most renders only look them up.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

from render.core.shapes import Point
from render.skirmish.base import map_base

REACH = 260  # at the reference width: badges whose home points are further apart never touch
ROUNDS = 40


@dataclass(frozen=True, slots=True)
class Near:
    pairs: tuple[tuple[int, int], ...]  # territories whose badges may touch
    plates: tuple[tuple[int, ...], ...]  # per territory: the name plates its badge may touch


@lru_cache(maxsize=8)
def near(width: int) -> Near:
    base = map_base(width)
    reach = REACH * base.ui
    labels, size = base.labels, len(base.labels)
    pairs = tuple(
        (i, j) for i in range(size) for j in range(i + 1, size) if math.dist(labels[i], labels[j]) < reach
    )
    plates = tuple(
        tuple(
            k
            for k, (x0, y0, x1, y1) in enumerate(base.plates)
            if math.dist(labels[i], ((x0 + x1) / 2, (y0 + y1) / 2)) < reach
        )
        for i in range(size)
    )
    return Near(pairs, plates)


@lru_cache(maxsize=256)
def badge_places(width: int, sizes: tuple[tuple[int, int], ...]) -> tuple[Point, ...]:
    """Each badge's centre in map pixels (a territory without a badge keeps its home point)."""
    base = map_base(width)
    graph = near(width)
    gap = 3 * base.ui
    # Plain lists and locals (as in ``separate``): the same arithmetic in a third less time.
    xs = [p[0] for p in base.labels]
    ys = [p[1] for p in base.labels]
    hws = [w / 2 + gap / 2 for w, _ in sizes]
    hhs = [h / 2 + gap / 2 for _, h in sizes]
    shown = [i for i, size in enumerate(sizes) if size != (0, 0)]
    pairs = [(i, j) for i, j in graph.pairs if sizes[i] != (0, 0) and sizes[j] != (0, 0)]
    walls = [((x0 + x1) / 2, (y0 + y1) / 2, (x1 - x0) / 2, (y1 - y0) / 2) for x0, y0, x1, y1 in base.plates]
    width, height = base.width, base.height
    for _ in range(ROUNDS):
        moved = False
        for i, j in pairs:
            dx, dy = xs[j] - xs[i], ys[j] - ys[i]
            ox = hws[i] + hws[j] - (dx if dx >= 0 else -dx)
            if ox <= 0:
                continue
            oy = hhs[i] + hhs[j] - (dy if dy >= 0 else -dy)
            if oy <= 0:
                continue
            moved = True
            if ox < oy:
                step = (ox / 2 + 0.5) * (1 if dx >= 0 else -1)
                xs[i] -= step
                xs[j] += step
            else:
                step = (oy / 2 + 0.5) * (1 if dy >= 0 else -1)
                ys[i] -= step
                ys[j] += step
        for i in shown:
            x, y, hw, hh = xs[i], ys[i], hws[i], hhs[i]
            for k in graph.plates[i]:
                cx, cy, bw, bh = walls[k]
                dx, dy = x - cx, y - cy
                ox = hw + bw - (dx if dx >= 0 else -dx)
                oy = hh + bh - (dy if dy >= 0 else -dy)
                if ox <= 0 or oy <= 0:
                    continue
                moved = True
                if ox < oy:
                    x += (ox + 0.5) * (1 if dx >= 0 else -1)
                else:
                    y += (oy + 0.5) * (1 if dy >= 0 else -1)
            # Kept on the map: min(max(x, low), high), without the calls.
            if x < hw:
                x = hw
            if x > width - hw:
                x = width - hw
            if y < hh:
                y = hh
            if y > height - hh:
                y = height - hh
            xs[i], ys[i] = x, y
        if not moved:
            break
    return tuple(zip(xs, ys, strict=True))
