"""Hex war in the shared messages: a seat's standing for the status message, the "since your last turn"
digest, and a seat's own orders in words (``private_text``: what only it may see). All seats are alike,
so there are no seat roles. Pure: views and events in, text out."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial

from bot.gamelog import event_lines
from render.hexwar.orders import order_lines
from rules.core.events import Event
from rules.core.words import counted
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
    OrdersRevealed,
    OrdersSubmitted,
    PlanesLost,
    PurchaseLost,
    RoundBegan,
    SeatEliminated,
    SeatResigned,
    UnitPlaced,
    UnitsDestroyed,
)
from rules.hexwar.state import Phase
from rules.hexwar.text import hand_text, seat_name, units_left_text
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
            return f"Hex war has no cards. Your hexes left to place: {hand_text(seat.hand) or 'none'}."
        if view.phase is Phase.UNITS:
            left = units_left_text(seat.units_left) or "none"
            return f"Hex war has no cards. Your starting units left to place: {left}."
        return "Hex war has no cards. Place your capital on one of your land hexes."

    def answer(self, events: Sequence[Event], seat: int, names: Sequence[str]) -> list[str] | None:
        """The orders that resolved a round, answered by the round in a few lines (its battles, the hexes
        taken, the mover's income, the next round): the answer had been the whole resolution, every
        move of every player, some sixty lines on a phone. Other moves: the log's lines (None)."""
        reveal = next((k for k, e in enumerate(events) if isinstance(e, OrdersRevealed)), None)
        if reveal is None:
            return None
        return event_lines(RULES, events[:reveal], names) + round_told(events[reveal:], seat, names)

    def still_to_do(self, view: HexWarView) -> str | None:
        """A setup turn places several hexes or units, one command each, and an answer had said only
        "Bob placed a city hex at F4": how many more, and of what, before the turn passes."""
        if view.placing_left <= 0 or view.current >= len(view.seats):
            return None
        seat = view.seats[view.current]
        if view.phase is Phase.HEXES:
            more = counted(view.placing_left, "more hex", "more hexes")
            return f"{more} to place this turn (you hold {hand_text(seat.hand)})."
        if view.phase is Phase.UNITS:
            more = counted(view.placing_left, "more starting unit", "more starting units")
            return f"{more} to place this turn (you have {units_left_text(seat.units_left)} left)."
        return None


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


CAPTURES_TOLD = 4  # hexes taken named in a round's answer; more are counted


def round_told(events: Sequence[Event], seat: int, names: Sequence[str]) -> list[str]:
    """A round's resolution for ``seat``, in a few lines: the battles with their outcome, the hexes
    taken, cities built, the seat's losses and income, and what comes next; the rest is in the round's
    picture and the log."""

    who = partial(seat_name, names)

    def told(kinds: type | tuple[type, ...]) -> list[str]:
        return [line for e in events if isinstance(e, kinds) for line in event_lines(RULES, [e], names)]

    began = next((e.round for e in events if isinstance(e, RoundBegan)), None)
    lines = [
        (f"Round {began - 1} is resolved" if began else "The round is resolved")
        + ": every move and battle is on its picture (/hex round), every die in /game log."
    ]
    battles = [e for e in events if isinstance(e, BattleEnded)]
    if battles:
        lines.append("⚔ " + "; ".join(f"{b.at}: {battle_outcome(b.survivors, who)}" for b in battles) + ".")
    lost = sum(s.count for e in events if isinstance(e, UnitsDestroyed) for s in e.losses if s.seat == seat)
    if lost:
        lines.append(f"You lost {counted(lost, 'unit')}.")
    captures = [e for e in events if isinstance(e, HexCaptured)]
    # The seat's own first (hexes it took or lost), so that "… and 7 more" never hides its own losses.
    captures.sort(key=lambda e: seat not in (e.seat, e.previous))
    taken = [line for e in captures for line in event_lines(RULES, [e], names)]
    lines += taken[:CAPTURES_TOLD]
    if len(taken) > CAPTURES_TOLD:
        lines.append(f"… and {counted(len(taken) - CAPTURES_TOLD, 'more hex', 'more hexes')} taken.")
    lines += told((CityBuilt, CityAbandoned, PurchaseLost, SeatEliminated, SeatResigned, GameWon))
    lines += [
        line
        for e in events
        if isinstance(e, IncomeCollected) and e.seat == seat
        for line in event_lines(RULES, [e], names)
    ]
    return lines + told(RoundBegan)


def battle_outcome(survivors: Sequence[int], who: Callable[[int], str]) -> str:
    if not survivors:
        return "nobody left"
    if len(survivors) == 1:
        return f"{who(survivors[0])} won"
    return "stalemate"
