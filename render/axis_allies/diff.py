"""What changed on the Axis & Allies map since the viewer's last look, as plain data: the moves, the
territories captured, the battles fought and who won them, the units lost and placed. Made from the
events by ``render.axis_allies.picture``; drawn by ``render.axis_allies.changes``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from rules.axis_allies.board import POWERS, classic_board


@dataclass(frozen=True, slots=True)
class Move:
    power: str
    path: tuple[str, ...]  # spaces, first to last
    units: int


@dataclass(frozen=True)
class MapChanges:
    moves: tuple[Move, ...] = ()
    captured: tuple[str, ...] = ()  # land territories that changed hands
    battles: tuple[tuple[str, str | None], ...] = ()  # (space, winning power; None: nobody left)
    lost: Mapping[tuple[str, str], int] = field(default_factory=dict)  # (space, power) -> units lost
    placed: Mapping[tuple[str, str], int] = field(default_factory=dict)  # (space, power) -> placed

    def __bool__(self) -> bool:
        return bool(self.moves or self.captured or self.battles or self.lost or self.placed)

    def spaces(self) -> set[str]:
        """Every space a change touches: where the action is."""
        out = {s for m in self.moves for s in m.path} | set(self.captured) | {w for w, _ in self.battles}
        return out | {w for w, _ in self.lost} | {w for w, _ in self.placed}


def check_changes(changes: MapChanges) -> None:
    """``ValueError`` naming the first unknown space or power."""
    board = classic_board()
    spaces = [s for m in changes.moves for s in m.path] + list(changes.captured)
    spaces += [w for w, _ in changes.battles] + [w for w, _ in (*changes.lost, *changes.placed)]
    powers = [m.power for m in changes.moves] + [p for _, p in (*changes.lost, *changes.placed)]
    powers += [p for _, p in changes.battles if p is not None]
    for space in spaces:
        if space not in board.territories:
            raise ValueError(f"changes: unknown territory or sea zone {space!r}")
    for power in powers:
        if power not in POWERS:
            raise ValueError(f"changes: unknown power {power!r}")
