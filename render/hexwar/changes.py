"""What changed, from the events a picture is given: the arrows, battles, outlines and small deltas the
board draws over the hexes. Pure data from public events; no drawing here.

Given the events since a player's last look, the board shows the last round resolved among them (every
move, jump, strike and bombardment as an arrow; every battle with its outcome; captures outlined; units
lost and placed as ``−N`` and ``+N``), or, before the first round, the setup placements (new hexes and
capitals outlined, starting units as ``+N``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from rules.core.events import Event
from rules.hexwar.events import (
    BattleEnded,
    Bombarded,
    CapitalPlaced,
    CityBuilt,
    HexCaptured,
    HexPlaced,
    OrdersRevealed,
    PlanesLost,
    RoundBegan,
    UnitPlaced,
    UnitsMoved,
    UnitsPlaced,
)


@dataclass(frozen=True, slots=True)
class Arrow:
    seat: int
    source: str
    target: str
    how: str  # move | jump | strike | bombard
    count: int
    label: str = ""  # drawn on the arrow (an order's number on the private picture)


@dataclass(frozen=True, slots=True)
class Fight:
    at: str
    survivors: tuple[int, ...]  # one: it won; none: nobody left; several: a stalemate
    lost: int


@dataclass(frozen=True, slots=True)
class Changes:
    arrows: tuple[Arrow, ...] = ()
    fights: tuple[Fight, ...] = ()
    captured: tuple[str, ...] = ()  # hexes that changed hands (outlined white)
    placed: tuple[str, ...] = ()  # hexes placed or made capitals or cities (outlined)
    gains: tuple[tuple[str, int], ...] = ()  # (hex, units placed, or bought on the private picture)
    losses: tuple[tuple[str, int], ...] = ()  # (hex, units lost)
    resolved: int | None = None  # the round these changes resolved, if they are a round's

    @property
    def empty(self) -> bool:
        return not (self.arrows or self.fights or self.captured or self.placed or self.gains or self.losses)


def last_resolution(events: Sequence[Event]) -> tuple[list[Event], int | None]:
    """The events of the last round resolved among ``events`` (from its reveal on) and that round's
    number (0 when the events do not say it: the last round of a finished game, given alone); all of
    ``events`` and None when no round was resolved among them."""
    reveals = [i for i, e in enumerate(events) if isinstance(e, OrdersRevealed)]
    if not reveals:
        return list(events), None
    start = reveals[-1]
    while start > 0 and isinstance(events[start - 1], OrdersRevealed):
        start -= 1
    begun = [e.round for e in events[:start] if isinstance(e, RoundBegan)]
    after = [e.round for e in events[start:] if isinstance(e, RoundBegan)]
    number = begun[-1] if begun else (after[0] - 1 if after else 0)
    return list(events[start:]), number


def changes(events: Sequence[Event]) -> Changes:
    chosen, number = last_resolution(events)
    moves: Counter[tuple[int, str, str, str]] = Counter()
    gains: Counter[str] = Counter()
    losses: Counter[str] = Counter()
    fights: list[Fight] = []
    captured: list[str] = []
    placed: list[str] = []
    for event in chosen:
        match event:
            case UnitsMoved(seat=seat, source=s, target=t, count=n, cargo=cargo, how=how):
                moves[(seat, s, t, how)] += n * (1 + len(cargo))
            case Bombarded(seat=seat, source=s, target=t, count=n):
                moves[(seat, s, t, "bombard")] += n
            case BattleEnded(at=at, survivors=survivors, losses=lost):
                count = sum(s.count * (1 + len(s.cargo)) for s in lost)
                fights.append(Fight(at, survivors, count))
                losses[at] += count
            case PlanesLost(home=home, count=n):
                losses[home] += n
            case HexCaptured(at=at):
                captured.append(at)
            case UnitsPlaced(at=at, count=n):
                gains[at] += n
            case UnitPlaced(at=at):
                gains[at] += 1
            case HexPlaced(at=at) | CapitalPlaced(at=at) | CityBuilt(at=at):
                placed.append(at)
    return Changes(
        arrows=tuple(Arrow(seat, s, t, how, n) for (seat, s, t, how), n in moves.items()),
        fights=tuple(fights),
        captured=tuple(dict.fromkeys(captured)),
        placed=tuple(dict.fromkeys(placed)),
        gains=tuple(gains.items()),
        losses=tuple((at, n) for at, n in losses.items() if n),
        resolved=number,
    )
