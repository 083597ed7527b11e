"""The first steps of a round's resolution: orders revealed, money paid, defences re-aimed, then every
move made at once.

All units under orders leave their hexes before any arrives, so moves are simultaneous: two armies
swapping hexes pass each other without a fight, and a unit never joins a move from the hex it arrived
in. A hovercraft's passengers land with it on land; at sea they stay aboard.
"""

from __future__ import annotations

from msgspec.structs import replace

from rules.core.events import Event
from rules.core.tuples import with_item
from rules.hexwar.actions import AimDefence, Bombard, BuildCity, Jump, Move
from rules.hexwar.board import Board
from rules.hexwar.common import board_of
from rules.hexwar.events import (
    CityAbandoned,
    CityProjectBegun,
    DefenceAimed,
    OrdersRevealed,
    PurchasesPaid,
    UnitsMoved,
)
from rules.hexwar.orders import cost
from rules.hexwar.resolve.pieces import Piece
from rules.hexwar.state import CityProject, Defence, HexState
from rules.hexwar.units import CITY_COST, JT, PLANE


def reveal(state: HexState, events: list[Event]) -> HexState:
    """Orders shown to all (where a city is bought stays secret), defences re-aimed, money paid."""
    b = board_of(state)
    for seat in state.playing():
        shown = tuple(o for o in state.orders[seat] if not isinstance(o, BuildCity))
        events.append(OrdersRevealed(seat, shown))
    defences = list(state.defences)
    for seat in state.playing():
        for order in state.orders[seat]:
            if isinstance(order, AimDefence):
                h = b.lookup(order.at)
                defences[h] = tuple(
                    Defence(d.kind, order.aim if d.kind == order.kind else d.aim) for d in defences[h]
                )
                events.append(DefenceAimed(seat, order.at, order.kind, order.aim))
    state = replace(state, defences=tuple(defences))
    for seat in state.playing():
        state = _pay(state, seat, b, events)
    return state


def _pay(state: HexState, seat: int, b: Board, events: list[Event]) -> HexState:
    money = state.money[seat]
    kept: list[CityProject] = []
    payments = 0
    for project in state.projects[seat]:  # cities under way are paid first, oldest first
        if money >= CITY_COST:
            money -= CITY_COST
            payments += 1
            kept.append(replace(project, paid=project.paid + 1))
        else:
            events.append(CityAbandoned(seat, b.names[project.hex], "unpaid"))
    for order in state.orders[seat]:
        money -= cost(order)
        if isinstance(order, BuildCity):
            payments += 1
            kept.append(CityProject(b.lookup(order.at), 1, state.round))
            events.append(CityProjectBegun(seat, order.at))
    spent = state.money[seat] - money
    assert money >= 0, "orders were checked against the money when written"
    if spent:
        events.append(PurchasesPaid(seat, spent, payments))
    return replace(
        state,
        money=with_item(state.money, seat, money),
        projects=with_item(state.projects, seat, tuple(kept)),
    )


def _take(pieces: list[Piece], seat: int, unit: str, cargo: tuple[str, ...], count: int) -> list[Piece]:
    taken: list[Piece] = []
    for p in pieces:
        if len(taken) == count:
            break
        if p.seat == seat and p.unit == unit and p.cargo == cargo and p.bombards < 0:
            taken.append(p)
    assert len(taken) == count, "orders were checked against the units when written"
    for p in taken:
        pieces.remove(p)
    return taken


def move(state: HexState, where: list[list[Piece]], events: list[Event]) -> None:
    """Every Move, Jump and Bombard order of the round, at once."""
    b = board_of(state)
    arrivals: list[tuple[int, list[Piece]]] = []
    for seat in state.playing():
        for order in state.orders[seat]:
            if isinstance(order, Bombard):
                source, target = b.lookup(order.source), b.lookup(order.target)
                ships = [
                    p for p in where[source] if p.seat == seat and p.unit == order.unit and p.bombards < 0
                ]
                for ship in ships[: order.count]:
                    ship.bombards = target
            elif isinstance(order, Jump):
                source, target = b.lookup(order.source), b.lookup(order.target)
                jumpers = _take(where[source], seat, JT, (), order.count)
                for p in jumpers:
                    p.jumped = True
                events.append(UnitsMoved(seat, order.source, order.target, JT, order.count, how="jump"))
                arrivals.append((target, jumpers))
            elif isinstance(order, Move):
                arrivals.append(_move(order, seat, where, b, events))
    for target, pieces in arrivals:
        where[target].extend(pieces)


def _move(
    order: Move, seat: int, where: list[list[Piece]], b: Board, events: list[Event]
) -> tuple[int, list[Piece]]:
    source, target = b.lookup(order.source), b.lookup(order.target)
    at_sea, to_sea = b.water[source], b.water[target]
    movers = _take(where[source], seat, order.unit, order.cargo if at_sea else (), order.count)
    if order.cargo and not at_sea:
        for unit in order.cargo:  # boarding: the passengers leave with their hovercraft
            _take(where[source], seat, unit, (), order.count)
    landed: list[Piece] = []
    for p in movers:
        if order.unit == PLANE and to_sea:
            p.home = source  # a strike: the plane flies back at the end of the round
        if to_sea:
            p.cargo = order.cargo
        else:
            landed.extend(Piece(seat, unit) for unit in order.cargo)
            p.cargo = ()
    how = "strike" if order.unit == PLANE and to_sea else "move"
    events.append(UnitsMoved(seat, order.source, order.target, order.unit, order.count, order.cargo, how))
    return target, movers + landed
