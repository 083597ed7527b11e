"""The end of a round's resolution, after the battles: captures, planes flying home, jump troops turned
infantry, cities finished, purchases placed."""

from __future__ import annotations

from msgspec.structs import replace

from rules.core.events import Event
from rules.hexwar.actions import Buy, BuyDefence
from rules.hexwar.board import Board
from rules.hexwar.common import board_of, factories_for, held_full_round, is_city, merge
from rules.hexwar.events import (
    CityAbandoned,
    CityBuilt,
    DefenceBuilt,
    HexCaptured,
    JumpTroopsReverted,
    PlanesLost,
    PlanesReturned,
    PurchaseLost,
    UnitsPlaced,
)
from rules.hexwar.resolve.pieces import Piece
from rules.hexwar.state import Defence, HexState, Stack
from rules.hexwar.units import CAPTURERS, CITY_ROUNDS, INF, JT


def captures(state: HexState, where: list[list[Piece]], events: list[Event]) -> HexState:
    """A land hex where one seat alone is left, with a unit that takes territory, becomes that seat's.
    Planes alone take nothing: they stay "in the air" and the hex keeps its owner."""
    b = board_of(state)
    owner, since, projects = list(state.owner), list(state.held_since), list(state.projects)
    for h in range(b.size):
        if b.water[h]:
            continue
        seats = {p.seat for p in where[h]}
        if len(seats) != 1:
            continue
        (seat,) = seats
        if seat == owner[h] or not any(p.unit in CAPTURERS for p in where[h]):
            continue
        previous = owner[h]
        events.append(HexCaptured(seat, previous, b.names[h], state.capital_of[h], is_city(state, h)))
        owner[h], since[h] = seat, state.round
        lost = [p for p in projects[previous] if p.hex == h]
        if lost:  # "If enemy troops capture intended land zone, spent money is lost."
            events.append(CityAbandoned(previous, b.names[h], "taken"))
            projects[previous] = tuple(p for p in projects[previous] if p.hex != h)
    return replace(state, owner=tuple(owner), held_since=tuple(since), projects=tuple(projects))


def planes_home(start: HexState, now: HexState, where: list[list[Piece]], events: list[Event]) -> None:
    """Planes that struck water fly back to their hex, or are lost if it was taken meanwhile."""
    b = board_of(now)
    for h in range(b.size):
        flyers = [p for p in where[h] if p.home >= 0]
        if not flyers:
            continue
        where[h] = [p for p in where[h] if p.home < 0]
        groups: dict[tuple[int, int], list[Piece]] = {}
        for p in flyers:
            groups.setdefault((p.seat, p.home), []).append(p)
        for (seat, home), planes in sorted(groups.items()):
            if now.owner[home] != start.owner[home]:
                events.append(PlanesLost(seat, b.names[h], b.names[home], len(planes)))
                continue
            for p in planes:
                p.home = -1
            where[home].extend(planes)
            events.append(PlanesReturned(seat, b.names[h], b.names[home], len(planes)))


def revert_jumpers(where: list[list[Piece]], b: Board, events: list[Event]) -> None:
    """Jump troops that jumped are infantry from now on."""
    for h, pieces in enumerate(where):
        counts: dict[int, int] = {}
        for p in pieces:
            if p.unit == JT and p.jumped:
                p.unit, p.jumped = INF, False
                counts[p.seat] = counts.get(p.seat, 0) + 1
        for seat, n in sorted(counts.items()):
            events.append(JumpTroopsReverted(seat, b.names[h], n))


def finish_cities(state: HexState, events: list[Event]) -> HexState:
    """A city paid for three rounds running on land never taken meanwhile now stands."""
    b = board_of(state)
    kinds, projects = list(state.kinds), list(state.projects)
    for seat in range(state.players):
        for project in projects[seat]:
            if project.paid >= CITY_ROUNDS and state.owner[project.hex] == seat:
                kinds[project.hex] = "city"
                events.append(CityBuilt(seat, b.names[project.hex]))
        projects[seat] = tuple(p for p in projects[seat] if p.paid < CITY_ROUNDS)
    return replace(state, kinds=tuple(kinds), projects=tuple(projects))


def place_purchases(state: HexState, events: list[Event]) -> HexState:
    """Units bought go where they were ordered if it still qualifies (a city or capital held a full
    round; ships, a free water hex beside such a port), else to the first place that does, else they
    are lost. Structures go only to the city named."""
    b = board_of(state)
    units, defences = list(state.units), list(state.defences)
    for seat in state.playing():
        for order in state.orders[seat]:
            if isinstance(order, Buy):
                places = factories_for(replace(state, units=tuple(units)), seat, order.unit)
                wanted = b.lookup(order.at)
                if not places:
                    events.append(PurchaseLost(seat, order.unit, order.count))
                    continue
                at = wanted if wanted in places else places[0]
                units[at] = merge((*units[at], Stack(seat, order.unit, order.count)))
                events.append(UnitsPlaced(seat, order.unit, order.count, b.names[at]))
            elif isinstance(order, BuyDefence):
                at = b.lookup(order.at)
                room = sum(1 for d in defences[at] if d.kind == order.kind) < state.options.defences_per_kind
                if held_full_round(state, at, seat) and room:
                    defences[at] = (*defences[at], Defence(order.kind, order.aim))
                    events.append(DefenceBuilt(seat, order.at, order.kind, order.aim))
                else:
                    events.append(PurchaseLost(seat, f"{order.kind} defence", 1))
    return replace(state, units=tuple(units), defences=tuple(defences))
