"""Axis-aligned boxes ``(x0, y0, x1, y1)`` in picture pixels, and an index that answers "does this box
touch any placed one" without looking at every box: what a layout asks thousands of times a render."""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Iterator, Sequence

from render.core.shapes import Point

Box = tuple[float, float, float, float]


def box_at(centre: Point, w: float, h: float) -> Box:
    return (centre[0] - w / 2, centre[1] - h / 2, centre[0] + w / 2, centre[1] + h / 2)


def overlaps(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


class BoxIndex:
    """Boxes bucketed on a coarse grid, so "does this box touch any placed one" stays cheap."""

    def __init__(self, cell: int) -> None:
        self.cell = max(8, cell)
        self.buckets: dict[tuple[int, int], list[Box]] = {}

    def copy(self) -> BoxIndex:
        """A twin to add to, sharing this index's lists: ``add`` never changes a list in place, so
        neither sees the other's additions (a layout copies the map's index of names several times a
        render, and copying every list was a good part of it)."""
        twin = BoxIndex(self.cell)
        twin.buckets = dict(self.buckets)
        return twin

    def add(self, box: Box) -> None:
        # Loops over the cells written out (a list of them made per box took twice as long): a new map
        # position adds some 300 boxes to its indexes.
        buckets, c, floor = self.buckets, self.cell, math.floor
        rows = range(floor(box[1] / c), floor(box[3] / c) + 1)
        for x in range(floor(box[0] / c), floor(box[2] / c) + 1):
            for y in rows:
                cell = (x, y)
                old = buckets.get(cell)
                buckets[cell] = [box] if old is None else [*old, box]  # new: a twin may share the old

    def hits(self, box: Box, ignore: Box | None = None) -> bool:
        """Whether ``box`` overlaps any box added (``ignore`` aside)."""
        return self.first_hit(box, ignore) is not None

    def first_hit(self, box: Box, ignore: Box | None = None) -> Box | None:
        """A box added that ``box`` overlaps (``ignore`` aside), or None."""
        x0, y0, x1, y1 = box
        c, get = self.cell, self.buckets.get
        rows = range(math.floor(y0 / c), math.floor(y1 / c) + 1)
        for x in range(math.floor(x0 / c), math.floor(x1 / c) + 1):
            for y in rows:
                for b in get((x, y), ()):
                    if x0 < b[2] and b[0] < x1 and y0 < b[3] and b[1] < y1 and b is not ignore:
                        return b
        return None

    def overlapping(self, area: Box) -> list[Box]:
        """The boxes added in the cells ``area`` touches, each once: every box that overlaps ``area`` and
        maybe a few near it (callers compare them themselves)."""
        x0, y0, x1, y1 = area
        c, get, seen = self.cell, self.buckets.get, {}
        rows = range(math.floor(y0 / c), math.floor(y1 / c) + 1)
        for x in range(math.floor(x0 / c), math.floor(x1 / c) + 1):
            for y in rows:
                for b in get((x, y), ()):
                    seen[id(b)] = b
        return list(seen.values())

    def clear(self, centres: Iterable[Point], w: float, h: float) -> Iterator[tuple[Point, Box]]:
        """Of ``centres``, in order, those where a w×h box overlaps no box added, each with its box
        (``first_clear`` over them, a few dozen at a time: ``centres`` may be a long lazy list)."""
        hw, hh = w / 2, h / 2
        memo = no_blockers()
        chunks = iter(centres)
        while chunk := list(itertools.islice(chunks, 64)):
            k = self.first_clear(chunk, 0, len(chunk), w, h, memo)
            while k >= 0:
                x, y = chunk[k]
                yield chunk[k], (x - hw, y - hh, x + hw, y + hh)
                k = self.first_clear(chunk, k + 1, len(chunk), w, h, memo)

    def first_clear(
        self, centres: Sequence[Point], start: int, end: int, w: float, h: float, memo: list[Box]
    ) -> int:
        """The number of the first of ``centres[start:end]`` where a w×h box overlaps no box added, or -1;
        a plain loop, no generator on either side. ``memo`` (``no_blockers`` to start) holds the last
        four boxes found in the way, carried from one call to the next (a search asks again further down
        its list after each find): the next centres, close by, mostly meet one of them again."""
        hw, hh = w / 2, h / 2
        b1, b2, b3, b4 = memo  # (a box once added stays: one in the way stays in the way)
        c, get, floor = self.cell, self.buckets.get, math.floor
        for k in range(start, end):
            x, y = centres[k]
            x0, y0, x1, y1 = x - hw, y - hh, x + hw, y + hh
            if x0 < b1[2] and b1[0] < x1 and y0 < b1[3] and b1[1] < y1:
                continue
            if x0 < b2[2] and b2[0] < x1 and y0 < b2[3] and b2[1] < y1:
                continue
            if x0 < b3[2] and b3[0] < x1 and y0 < b3[3] and b3[1] < y1:
                continue
            if x0 < b4[2] and b4[0] < x1 and y0 < b4[3] and b4[1] < y1:
                continue
            # ``first_hit``, written out: this loop is most of what placing a map's chips costs.
            hit = None
            rows = range(floor(y0 / c), floor(y1 / c) + 1)
            for cx in range(floor(x0 / c), floor(x1 / c) + 1):
                for cy in rows:
                    for b in get((cx, cy), ()):
                        if x0 < b[2] and b[0] < x1 and y0 < b[3] and b[1] < y1:
                            hit = b
                            break
                    if hit is not None:
                        break
                if hit is not None:
                    break
            if hit is not None:
                b1, b2, b3, b4 = hit, b1, b2, b3
                continue
            memo[:] = b1, b2, b3, b4
            return k
        memo[:] = b1, b2, b3, b4
        return -1


def no_blockers() -> list[Box]:
    """A new ``first_clear`` memo: four boxes that meet nothing on a picture (a box meets one of these
    only where it crosses the picture's top left corner, off the picture)."""
    return [(0.0, 0.0, 0.0, 0.0)] * 4
