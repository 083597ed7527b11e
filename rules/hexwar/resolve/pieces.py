"""The round's working board: every unit as a ``Piece`` while the round resolves.

Resolution needs per-unit facts that stacks do not keep (this jump troop jumped, this plane flies home
to C7, this frigate is bombarding, this battleship took a hit), so the stacks of the round's start are
spread into pieces, changed in place by the resolution's steps, and gathered into stacks again at the
end. The pieces never leave the resolution: the state stays an immutable value.
"""

from __future__ import annotations

from rules.hexwar.common import merge
from rules.hexwar.state import HexState, Stack
from rules.hexwar.units import ORDER, UNITS


class Piece:
    __slots__ = ("bombards", "cargo", "damage", "dead", "home", "jumped", "seat", "unit")

    def __init__(self, seat: int, unit: str, cargo: tuple[str, ...] = ()) -> None:
        self.seat = seat
        self.unit = unit
        self.cargo = cargo
        self.jumped = False  # a jump troop that jumped this round: attacks at 3, then infantry for good
        self.home = -1  # a plane striking water: the hex it flies back to
        self.bombards = -1  # a ship bombarding this land hex (a frigate then does not fire at sea)
        self.damage = 0
        self.dead = False

    @property
    def sort_key(self) -> tuple[int, int, tuple[int, ...]]:
        return (self.seat, ORDER.index(self.unit), tuple(ORDER.index(u) for u in self.cargo))

    def hit(self) -> bool:
        """Take one hit; True when that destroys it."""
        self.damage += 1
        self.dead = self.damage >= UNITS[self.unit].hits
        return self.dead

    def __repr__(self) -> str:  # for failing tests
        return f"Piece({self.seat}, {self.unit!r}, {self.cargo!r})"


Board = list[list[Piece]]


def spread(state: HexState) -> Board:
    return [
        [Piece(s.seat, s.unit, s.cargo) for s in stacks for _ in range(s.count)] for stacks in state.units
    ]


def gather(where: Board) -> tuple[tuple[Stack, ...], ...]:
    return tuple(merge(Stack(p.seat, p.unit, 1, p.cargo) for p in pieces if not p.dead) for pieces in where)


def stacks_of(pieces: list[Piece]) -> tuple[Stack, ...]:
    """Pieces counted as stacks (for events: forces in a battle, losses)."""
    return merge(Stack(p.seat, p.unit, 1, p.cargo) for p in pieces)


def sweep(where: Board) -> None:
    """Drop destroyed pieces everywhere (a structure can destroy a ship bombarding from another hex)."""
    for i, pieces in enumerate(where):
        if any(p.dead for p in pieces):
            where[i] = [p for p in pieces if not p.dead]
