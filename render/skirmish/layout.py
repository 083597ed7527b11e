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
    pos = [list(p) for p in base.labels]
    half = [(w / 2 + gap / 2, h / 2 + gap / 2) for w, h in sizes]
    shown = [i for i, size in enumerate(sizes) if size != (0, 0)]
    pairs = [(i, j) for i, j in graph.pairs if sizes[i] != (0, 0) and sizes[j] != (0, 0)]

    def clamp(i: int) -> None:
        hw, hh = half[i]
        pos[i][0] = min(max(pos[i][0], hw), base.width - hw)
        pos[i][1] = min(max(pos[i][1], hh), base.height - hh)

    for _ in range(ROUNDS):
        moved = False
        for i, j in pairs:
            dx, dy = pos[j][0] - pos[i][0], pos[j][1] - pos[i][1]
            ox = half[i][0] + half[j][0] - abs(dx)
            oy = half[i][1] + half[j][1] - abs(dy)
            if ox <= 0 or oy <= 0:
                continue
            moved = True
            if ox < oy:
                step = (ox / 2 + 0.5) * (1 if dx >= 0 else -1)
                pos[i][0] -= step
                pos[j][0] += step
            else:
                step = (oy / 2 + 0.5) * (1 if dy >= 0 else -1)
                pos[i][1] -= step
                pos[j][1] += step
        for i in shown:
            hw, hh = half[i]
            for k in graph.plates[i]:
                x0, y0, x1, y1 = base.plates[k]
                dx, dy = pos[i][0] - (x0 + x1) / 2, pos[i][1] - (y0 + y1) / 2
                ox = hw + (x1 - x0) / 2 - abs(dx)
                oy = hh + (y1 - y0) / 2 - abs(dy)
                if ox <= 0 or oy <= 0:
                    continue
                moved = True
                if ox < oy:
                    pos[i][0] += (ox + 0.5) * (1 if dx >= 0 else -1)
                else:
                    pos[i][1] += (oy + 0.5) * (1 if dy >= 0 else -1)
            clamp(i)
        if not moved:
            break
    return tuple((p[0], p[1]) for p in pos)
