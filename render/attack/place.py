"""Nudging the board's marks apart, quickly.

``render.core.badges.separate`` compares every pair of boxes in every round: fine for 42 badges,
slow for Attack!'s joined world (63 regions' marks, 40 zones' ships, the deltas). Overlaps only ever
happen between near neighbours, so the boxes are first grouped into clusters of boxes that could touch
(each grown by half its size, found with one sweep along x), and each cluster is separated on its own
with the shared ``separate``. Same inputs, same output; so the last few thousand clusters' results are
kept, and a board drawn after a move redoes only the clusters the move changed.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from render.core.badges import Box, separate

Point = tuple[float, float]
REACH = 0.15  # a box is grown by this share of its size on each side when clustering
PASSES = 20  # a cluster pushed into a box outside it: cluster again (a few times in a crowded Europe)


def _grown(centre: Point, size: tuple[int, int], reach: float) -> Box:
    x, y = centre
    w, h = size[0] * (0.5 + reach), size[1] * (0.5 + reach)
    return (x - w, y - h, x + w, y + h)


def _meet(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def clusters(boxes: Sequence[Box]) -> list[list[int]]:
    """Indexes of boxes grouped by overlap (transitively), each group in index order."""
    parent = list(range(len(boxes)))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    active: list[int] = []
    for i in sorted(range(len(boxes)), key=lambda k: boxes[k][0]):
        active = [j for j in active if boxes[j][2] > boxes[i][0]]
        for j in active:
            if boxes[j][1] < boxes[i][3] and boxes[i][1] < boxes[j][3]:
                parent[root(i)] = root(j)
        active.append(i)
    groups: dict[int, list[int]] = {}
    for i in range(len(boxes)):
        groups.setdefault(root(i), []).append(i)
    return sorted(groups.values())


def spread(
    centres: Sequence[Point],
    sizes: Sequence[tuple[int, int]],
    *,
    fixed: Sequence[Box] = (),
    bounds: Box,
    gap: float = 2.0,
) -> list[Point]:
    """``separate`` cluster by cluster: boxes apart from each other and from the ``fixed`` ones."""
    out = list(centres)
    reach = REACH
    for _ in range(PASSES):
        grown = [_grown(c, s, reach) for c, s in zip(out, sizes, strict=True)]
        moved_any = False
        for group in clusters(grown):
            left = min(grown[i][0] for i in group)
            top = min(grown[i][1] for i in group)
            right = max(grown[i][2] for i in group)
            bottom = max(grown[i][3] for i in group)
            near = [f for f in fixed if _meet(f, (left, top, right, bottom))]
            if len(group) == 1 and not near:
                continue
            before = [out[i] for i in group]
            moved = _separated(tuple(before), tuple(sizes[i] for i in group), tuple(near), bounds, gap)
            for i, centre in zip(group, moved, strict=True):
                out[i] = centre
            moved_any = moved_any or moved != before
        if not moved_any:
            break
        reach = gap / 100  # later passes: only boxes that actually touch
    return out


@lru_cache(maxsize=4096)
def _separated(
    centres: tuple[Point, ...],
    sizes: tuple[tuple[int, int], ...],
    fixed: tuple[Box, ...],
    bounds: Box,
    gap: float,
) -> list[Point]:
    """``separate``, kept for the clusters met lately: a board differs from the last one drawn only
    where something changed, and most clusters, far from it, come back exactly as they were. Callers
    must not change the list they get."""
    return separate(centres, sizes, fixed=fixed, bounds=bounds, gap=gap)
