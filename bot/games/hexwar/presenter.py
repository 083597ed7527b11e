"""Hex war in the shared messages: a seat's standing for the status message, the "since your last turn"
digest, and a seat's own orders in words (``private_text``: what only it may see). All seats are alike,
so there are no seat roles. Pure: views and events in, text out."""

from __future__ import annotations

from collections.abc import Sequence

from render.hexwar.orders import order_lines
from rules.core.events import Event
from rules.hexwar import RULES
from rules.hexwar.events import (
    BattleBegan,
    BattleEnded,
    CapitalPlaced,
    CityAbandoned,
    CityBuilt,
    GameWon,
    HexCaptured,
    HexPlaced,
    IncomeCollected,
    OrdersSubmitted,
    PlanesLost,
    PurchaseLost,
    RoundBegan,
    SeatEliminated,
    SeatResigned,
    UnitPlaced,
)
from rules.hexwar.state import Phase
from rules.hexwar.units import ORDER, count_text
from rules.hexwar.views import HexWarView

# What a player who was away wants to read, by kind; the rest (every move, every die) is in the log
# and on the round's picture.
ALWAYS = (HexCaptured, CityBuilt, SeatEliminated, SeatResigned, GameWon, RoundBegan, HexPlaced, CapitalPlaced)
OWN = (CityAbandoned, PlanesLost, PurchaseLost, IncomeCollected)


class HexWarPresenter:
    def standing(self, view: HexWarView, seat: int) -> str | None:
        if seat >= len(view.seats):
            return None
        s = view.seats[seat]
        if view.phase is Phase.HEXES:
            return f"{sum(s.hand)} hexes to place · {s.hexes} placed"
        if view.phase is Phase.UNITS:
            return f"{sum(s.units_left)} starting units to place"
        line = f"{s.hexes} hexes · {s.cities} cities · {s.units} units · money {s.money} (+{s.income})"
        # What the round limit is decided by: every player should see the race.
        line += f" · earned {s.earned}" if view.options.rounds else ""
        if view.phase is Phase.ORDERS and not s.out:
            line += " · orders in ✓" if s.submitted else " · writing orders"
        return line

    def seat_roles(self, seats: int) -> list[str]:
        return []

    def digest(self, events: Sequence[Event], seat: int, names: Sequence[str], view: HexWarView) -> list[str]:
        """What happened since ``seat`` last handed in orders (or placed in setup): captures, the battles
        it fought, cities, its income; ``events`` may be the whole game's."""
        return digest(events, seat, names)

    def private_text(self, view: HexWarView) -> str | None:
        """What the viewer's own (the terminal's ``cards``): Hex war has no cards, so in a round its
        orders, numbered as ``/hex cancel`` takes them, the money left and the cities being bought; in
        setup what it has left to place. None for the public view and once the game is over."""
        if view.viewer is None or view.viewer >= len(view.seats) or view.phase is Phase.OVER:
            return None
        if view.phase is Phase.ORDERS and view.orders is not None:
            head = f"Hex war has no cards. Your orders for round {view.round} (only you see them):"
            return "\n".join([head, *order_lines(view)])
        seat = view.seats[view.viewer]
        if view.phase is Phase.HEXES:
            kinds = ("land", "city", "port", "water")
            hand = ", ".join(f"{n} {k}" for k, n in zip(kinds, seat.hand, strict=True) if n) or "none"
            return f"Hex war has no cards. Your hexes left to place: {hand}."
        if view.phase is Phase.UNITS:
            left = ", ".join(count_text(u, n) for u, n in zip(ORDER, seat.units_left, strict=True) if n)
            return f"Hex war has no cards. Your starting units left to place: {left or 'none'}."
        return "Hex war has no cards. Place your capital on one of your land hexes."

    def answer(self, events: Sequence[Event], seat: int, names: Sequence[str]) -> list[str] | None:
        return None  # the log's lines answer a move


def _acted(event: Event, seat: int) -> bool:
    match event:
        case OrdersSubmitted(seat=s) | HexPlaced(seat=s) | UnitPlaced(seat=s) | CapitalPlaced(seat=s):
            return s == seat
    return False


def digest(events: Sequence[Event], seat: int, names: Sequence[str]) -> list[str]:
    marks = [i for i, e in enumerate(events) if _acted(e, seat)]
    recent = events[marks[-1] + 1 :] if marks else events
    fought: set[str] = set()
    lines: list[str] = []
    for event in recent:
        if isinstance(event, BattleBegan) and any(s.seat == seat for s in event.forces):
            fought.add(event.at)
        keep = isinstance(event, ALWAYS)
        keep |= isinstance(event, OWN) and getattr(event, "seat", None) == seat
        keep |= isinstance(event, BattleBegan | BattleEnded) and event.at in fought
        if keep:
            text = RULES.describe(event, names)
            if text:
                lines.append(text.strip())
    return lines or ["Nothing has happened since your last move."]


PRESENTER = HexWarPresenter()
