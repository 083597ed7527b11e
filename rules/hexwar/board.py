"""The hex grid the players build the board on: a cylinder of pointy-top hexes that wraps left to right.

Cells are numbered ``row * width + col`` in offset coordinates (odd rows sit half a hex to the right).
Each cell also has axial coordinates ``(q, r)`` with ``q = col - (row - (row & 1)) // 2`` and ``r = row``,
which is what a renderer draws from. The wrap is the axial translation ``(width, 0)``, so it keeps rows
horizontal and the same column letters on both edges: a cell in column A borders the cell of the last
column in its row.

A cell's name is what players type: its column letter and its row number, ``C7`` (column C, row 7).

``Board`` is the part of a game's geometry that never changes once a hex is placed (which cells hold
hexes, which are water); it is cached by value, so every ``apply`` shares one instance.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from rules.core.errors import IllegalAction

LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"

# Axial neighbour offsets of a pointy-top hex: east, west, north-east, north-west, south-east, south-west.
_AXIAL_STEPS = ((1, 0), (-1, 0), (1, -1), (0, -1), (0, 1), (-1, 1))

# Grid (columns, rows) by number of players: about 1.4 cells per hex of the deck, so the board the
# players build has room to take a shape of their choosing without reaching every edge (design).
GRIDS = {2: (10, 7), 3: (10, 8), 4: (12, 8), 5: (12, 9)}


@dataclass(frozen=True, slots=True)
class Grid:
    width: int
    height: int

    @property
    def size(self) -> int:
        return self.width * self.height

    @property
    def start(self) -> int:
        """The starting hex outline: the first hex of the game goes here (the middle of the grid)."""
        return self.cell(self.width // 2, self.height // 2)

    def cell(self, col: int, row: int) -> int:
        return row * self.width + col % self.width

    def col_row(self, cell: int) -> tuple[int, int]:
        return cell % self.width, cell // self.width

    def axial(self, cell: int) -> tuple[int, int]:
        col, row = self.col_row(cell)
        return col - (row - (row & 1)) // 2, row

    def name(self, cell: int) -> str:
        col, row = self.col_row(cell)
        return f"{LETTERS[col]}{row + 1}"

    def neighbours(self, cell: int) -> tuple[int, ...]:
        return _neighbours(self.width, self.height)[cell]

    def distance(self, a: int, b: int) -> int:
        """Hexes between two cells as the crow flies, across the wrap when that is shorter."""
        qa, ra = self.axial(a)
        qb, rb = self.axial(b)
        best = self.size
        for shift in (-self.width, 0, self.width):
            dq, dr = qb + shift - qa, rb - ra
            best = min(best, (abs(dq) + abs(dr) + abs(dq + dr)) // 2)
        return best

    def lookup(self, name: str) -> int:
        """The cell a player named (``c7``, `` C7 ``), or a sentence saying what a name looks like."""
        text = name.strip().upper()
        if len(text) >= 2 and text[0] in LETTERS[: self.width] and text[1:].isdigit():
            row = int(text[1:]) - 1
            if 0 <= row < self.height:
                return self.cell(LETTERS.index(text[0]), row)
        last = LETTERS[self.width - 1]
        raise IllegalAction(
            "bad_hex",
            f"“{name}” is not a hex of this board: name one by column A-{last} and row 1-{self.height}, "
            "like C7.",
        )


@lru_cache(maxsize=16)
def grid(width: int, height: int) -> Grid:
    return Grid(width, height)


@lru_cache(maxsize=16)
def _neighbours(width: int, height: int) -> tuple[tuple[int, ...], ...]:
    g = Grid(width, height)
    table = []
    for cell in range(g.size):
        q, r = g.axial(cell)
        found = []
        for dq, dr in _AXIAL_STEPS:
            nq, nr = q + dq, r + dr
            if 0 <= nr < height:
                found.append(g.cell(nq + (nr - (nr & 1)) // 2, nr))
        table.append(tuple(found))
    return tuple(table)


@dataclass(frozen=True, slots=True)
class Board:
    """The placed hexes (index = placement order) and what follows from them alone."""

    grid: Grid
    cells: tuple[int, ...]
    water: tuple[bool, ...]
    names: tuple[str, ...]
    index_of_cell: dict[int, int]
    neighbours: tuple[tuple[int, ...], ...]  # hex indexes
    distance: tuple[tuple[int, ...], ...]

    @property
    def size(self) -> int:
        return len(self.cells)

    def lookup(self, name: str) -> int:
        """The placed hex a player named, or a sentence when the name is not one."""
        cell = self.grid.lookup(name)
        if cell not in self.index_of_cell:
            raise IllegalAction("no_hex_there", f"No hex has been placed at {self.grid.name(cell)}.")
        return self.index_of_cell[cell]

    def within(self, hex_index: int, reach: int) -> tuple[int, ...]:
        """Hexes (other than ``hex_index``) at most ``reach`` away as the crow flies."""
        row = self.distance[hex_index]
        return tuple(h for h in range(self.size) if h != hex_index and row[h] <= reach)


@lru_cache(maxsize=64)
def board(width: int, height: int, cells: tuple[int, ...], water: tuple[bool, ...]) -> Board:
    g = grid(width, height)
    index = {cell: i for i, cell in enumerate(cells)}
    neighbours = tuple(tuple(index[n] for n in g.neighbours(c) if n in index) for c in cells)
    distance = tuple(tuple(g.distance(a, b) for b in cells) for a in cells)
    return Board(g, cells, water, tuple(g.name(c) for c in cells), index, neighbours, distance)


def frontier(g: Grid, cells: tuple[int, ...]) -> tuple[int, ...]:
    """Empty cells where the next hex may go: the start outline first, then any cell adjoining a hex."""
    if not cells:
        return (g.start,)
    taken = set(cells)
    return tuple(sorted({n for c in cells for n in g.neighbours(c) if n not in taken}))
