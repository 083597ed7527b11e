"""What changed on a Risk board, read from the events since the viewer's last look (as that viewer may
see them): the attacks, the fortify moves, the territories conquered, each territory's armies gained or
lost, and the players knocked out. Plain data, so the board draws it without reading events itself.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from rules.core.events import Event
from rules.risk.events import (
    ArmiesMoved,
    ArmiesPlaced,
    BattleFought,
    SeatEliminated,
    SeatResigned,
    SeatsDealt,
    TerritoryClaimed,
    TerritoryConquered,
)


@dataclass(frozen=True)
class RiskChanges:
    attacks: tuple[tuple[str, str], ...] = ()  # (source, target), each pair once, oldest first
    moves: tuple[tuple[int, str, str, int], ...] = ()  # fortify moves: (seat, source, target, armies)
    conquered: tuple[str, ...] = ()
    # Net armies gained (+) or lost (−) per territory; a conquered territory counts from its conquest,
    # so it shows what the new owner moved in, not the old owner's army it replaced.
    deltas: Mapping[str, int] = field(default_factory=dict)
    eliminated: Mapping[int, int] = field(default_factory=dict)  # seat knocked out -> by which seat
    resigned: tuple[int, ...] = ()

    def __bool__(self) -> bool:
        return bool(self.attacks or self.moves or self.conquered or self.deltas or self.eliminated)


def changes(recent: Sequence[Event]) -> RiskChanges:
    """The changes among ``recent``, in the order they happened. The deal at the start of a game is the
    starting position, not a change: it and the claims are left out of the deltas."""
    attacks: dict[tuple[str, str], None] = {}
    moves: list[tuple[int, str, str, int]] = []
    conquered: dict[str, None] = {}
    deltas: dict[str, int] = {}
    eliminated: dict[int, int] = {}
    resigned: list[int] = []

    def add(territory: str, n: int) -> None:
        deltas[territory] = deltas.get(territory, 0) + n

    for e in recent:
        if isinstance(e, BattleFought):
            attacks[(e.source, e.target)] = None
            add(e.source, -e.attacker_losses)
            add(e.target, -e.defender_losses)
        elif isinstance(e, TerritoryConquered):
            conquered[e.territory] = None
            deltas[e.territory] = 0
        elif isinstance(e, ArmiesMoved):
            add(e.source, -e.armies)
            add(e.target, e.armies)
            if not e.occupation:
                moves.append((e.seat, e.source, e.target, e.armies))
        elif isinstance(e, ArmiesPlaced):
            add(e.territory, e.armies)
        elif isinstance(e, SeatEliminated):
            eliminated[e.seat] = e.by
        elif isinstance(e, SeatResigned):
            resigned.append(e.seat)
        elif isinstance(e, SeatsDealt | TerritoryClaimed):
            continue
    return RiskChanges(
        attacks=tuple(attacks),
        moves=tuple(moves),
        conquered=tuple(conquered),
        deltas={t: n for t, n in deltas.items() if n},
        eliminated=eliminated,
        resigned=tuple(resigned),
    )
