"""Where each hex of the grid is drawn: pointy-top hexes in offset rows (odd rows half a hex to the right),
the way ``rules.hexwar.board`` numbers them, scaled so the columns shown fill the picture's width.

The grid is a cylinder (it wraps left to right), so the picture may start at any column. When some
column holds nothing (no hex, and no free cell while the board is built), nothing crosses it either, so
the picture is cut there: the columns in use are drawn in cylinder order, and the hexes are as large as
the width allows. When every column is in use, the picture shows columns A to the last, and the wrap as
faded copies of the column on the other side beyond each edge (a "ghost"), cut by the border; an arrow
across the seam ends on that ghost. Rows do not wrap: only the rows in use are drawn. Pure arithmetic,
cached.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

Point = tuple[float, float]

SQRT3 = math.sqrt(3)
PAD = 0.15  # the margin each side of a cut picture, in hex widths
MIN_COLUMNS = 7  # a board of a few hexes (early in setup) is not drawn bigger than this many columns
MIN_ROWS = 3


@dataclass(frozen=True, slots=True)
class HexLayout:
    columns: int  # of the grid
    rows: int
    first: int  # the grid column drawn leftmost
    count: int  # columns drawn
    ghosts: bool  # every column in use: the edge columns are drawn again beyond the other edge
    top_row: int  # the first grid row drawn (rows do not wrap: empty rows above and below are left out)
    width: int  # of the map area, in pixels
    height: int
    size: float  # centre to corner
    top: float  # the map area's top edge inside the picture

    @property
    def hex_width(self) -> float:
        return SQRT3 * self.size

    @property
    def _left(self) -> float:
        return 1.0 if self.ghosts else 0.5 + PAD

    def _at(self, shown: float, row: int) -> Point:
        x = (shown + 0.5 * (row & 1) + self._left) * self.hex_width
        y = self.top + self.size * (1.0 + 1.5 * (row - self.top_row) + 2 * PAD)
        return (x, y)

    def centre(self, col: int, row: int) -> Point:
        """The centre of the grid cell (``col``, ``row``) in the picture."""
        return self._at((col - self.first) % self.columns, row)

    def ghost_centre(self, col: int, row: int) -> Point | None:
        """Where a cell is drawn again beyond an edge (the last column left of A, column A right of the
        last), or None: no ghosts in this picture, or a column between."""
        if not self.ghosts:
            return None
        if col == self.columns - 1:
            return self._at(-1, row)
        if col == 0:
            return self._at(self.columns, row)
        return None

    def corners(self, centre: Point, inset: float = 0.0) -> list[Point]:
        """The six corners, from the top clockwise, ``inset`` pixels inside the hex's outline."""
        r = self.size - inset
        cx, cy = centre
        return [(cx + r * math.cos(math.radians(a)), cy + r * math.sin(math.radians(a))) for a in _ANGLES]

    def wrap_offset(self) -> float:
        """How far the wrap shifts a column: the whole grid's width in pixels."""
        return self.columns * self.hex_width


_ANGLES = (-90, -30, 30, 90, 150, 210)


def window(columns: int, used: Iterable[int]) -> tuple[int, int, bool]:
    """(first column, columns drawn, ghosts): the columns in use, cut at the longest run of empty ones,
    widened to ``MIN_COLUMNS``; every column with ghosts when none is empty."""
    taken = set(used)
    if len(taken) >= columns or not taken:
        return 0, columns, bool(taken)
    best_start, best_length = 0, 0
    for start in range(columns):
        if start in taken or (start - 1) % columns not in taken:
            continue  # runs begin just after a used column
        length = 0
        while (start + length) % columns not in taken:
            length += 1
        if length > best_length:
            best_start, best_length = start, length
    first, count = (best_start + best_length) % columns, columns - best_length
    if count < min(MIN_COLUMNS, columns):
        extra = min(MIN_COLUMNS, columns) - count
        first, count = (first - extra // 2) % columns, count + extra
    return first, count, False


def row_span(rows: int, used: Iterable[int]) -> tuple[int, int]:
    """(first row, rows drawn): the rows in use, at least ``MIN_ROWS`` (all of them with none in use)."""
    taken = sorted(set(used))
    if not taken:
        return 0, rows
    first, last = taken[0], taken[-1]
    while last - first + 1 < min(MIN_ROWS, rows):
        if last < rows - 1:
            last += 1
        else:
            first -= 1
    return first, last - first + 1


@lru_cache(maxsize=64)
def hex_layout(
    columns: int,
    rows: int,
    width: int,
    top: float = 0.0,
    first: int = 0,
    count: int = 0,
    ghosts: bool = True,
    top_row: int = 0,
    shown_rows: int = 0,
) -> HexLayout:
    """The layout filling ``width`` pixels with ``count`` columns from ``first`` (0: the whole grid) and
    ``shown_rows`` rows from ``top_row`` (0: all)."""
    if columns < 2 or rows < 1:
        raise ValueError(f"a grid needs at least 2 columns and a row, not {columns}×{rows}")
    count = count or columns
    shown_rows = shown_rows or rows
    units = count + 1.5 if ghosts else count + 0.5 + 2 * PAD
    hex_width = width / units
    size = hex_width / SQRT3
    height = round(size * (2.0 + 1.5 * (shown_rows - 1) + 4 * PAD))
    return HexLayout(columns, rows, first, count, ghosts, top_row, width, height, size, top)
