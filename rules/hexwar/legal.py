"""The moves a seat can make now, for menus, autocomplete and agents.

Setup is listed in full. A round's orders are too many to list (every count of every stack to every
hex), so the list is a bounded, useful sample, as the contract allows: submitting (always first, the way
to finish), taking back the last order, each free stack moved whole or one unit to every hex it can
reach, hovercraft boarding a full load, jumps, bombardments, one of each affordable unit (and as many
infantry as the money buys) for each place it may be bought, defences and cities. ``apply`` accepts any
other well-formed order too.
"""

from __future__ import annotations

from rules.core.events import Action
from rules.hexwar.actions import (
    Bombard,
    BuildCity,
    Buy,
    BuyDefence,
    CancelOrder,
    Jump,
    Move,
    PlaceCapital,
    PlaceHex,
    PlaceUnit,
    SubmitOrders,
)
from rules.hexwar.board import frontier, grid
from rules.hexwar.common import board_of, factories_for, held_full_round, is_city
from rules.hexwar.engine import to_act
from rules.hexwar.orders import committed, money_left
from rules.hexwar.routes import destinations, jump_targets, shore
from rules.hexwar.state import KINDS, HexState, Phase
from rules.hexwar.units import (
    CITY_COST,
    DEFENCE_COST,
    DEFENCE_DEFAULT_AIM,
    DEFENCE_TARGETS,
    HOV,
    INF,
    JT,
    ORDER,
    SHIPS,
    TANK,
    UNITS,
)


def legal_actions(state: HexState, seat: int) -> list[Action]:
    if seat not in to_act(state):
        return []
    if state.phase is Phase.HEXES:
        g = grid(state.width, state.height)
        cells = frontier(g, state.cells)
        hand = state.hands[seat]
        return [PlaceHex(k, g.name(c)) for i, k in enumerate(KINDS) if hand[i] for c in cells]
    b = board_of(state)
    own_land = [h for h in range(b.size) if state.owner[h] == seat]
    if state.phase is Phase.UNITS:
        left = state.units_left[seat]
        return [PlaceUnit(u, b.names[h]) for i, u in enumerate(ORDER) if left[i] for h in own_land]
    if state.phase is Phase.CAPITALS:
        return [PlaceCapital(b.names[h]) for h in own_land]
    return order_sample(state, seat)


def order_sample(state: HexState, seat: int) -> list[Action]:
    b = board_of(state)
    written = state.orders[seat]
    found: list[Action] = [SubmitOrders()]
    if written:
        found.append(CancelOrder(len(written)))
    used = committed(state, written)

    def free(h: int, unit: str, cargo: tuple[str, ...] = ()) -> int:
        have = sum(s.count for s in state.units[h] if s.seat == seat and s.unit == unit and s.cargo == cargo)
        return have - used.get((h, unit, cargo), 0)

    for h in range(b.size):
        for stack in state.units[h]:
            if stack.seat != seat or (n := free(h, stack.unit, stack.cargo)) <= 0:
                continue
            cargo = stack.cargo if b.water[h] else ()
            reach = destinations(state, seat, h, stack.unit)
            for t in reach:
                found.extend(Move(b.names[h], b.names[t], stack.unit, k, cargo) for k in sorted({1, n}))
            if stack.unit == HOV and not b.water[h]:
                loads = [
                    load
                    for load, ok in (((INF, INF), free(h, INF) >= 2), ((TANK,), free(h, TANK) >= 1))
                    if ok
                ]
                found.extend(Move(b.names[h], b.names[t], HOV, 1, load) for load in loads for t in reach)
            if stack.unit == JT and not b.water[h]:
                found.extend(Jump(b.names[h], b.names[t], n) for t in jump_targets(state, seat, h))
            if stack.unit in SHIPS:
                found.extend(
                    Bombard(b.names[h], b.names[t], stack.unit, n)
                    for t in shore(state, h)
                    if state.owner[t] != seat
                )
    left = money_left(state, seat, written)
    for unit in ORDER:
        if UNITS[unit].cost > left:
            continue
        places = factories_for(state, seat, unit)
        found.extend(Buy(unit, 1, b.names[p]) for p in places)
        if unit == INF and places and left // UNITS[INF].cost > 1:
            found.append(Buy(INF, left // UNITS[INF].cost, b.names[places[0]]))
    if left >= DEFENCE_COST:
        limit = state.options.defences_per_kind
        for h in range(b.size):
            if not (is_city(state, h) and held_full_round(state, h, seat)):
                continue
            for kind in DEFENCE_TARGETS:
                have = sum(1 for d in state.defences[h] if d.kind == kind)
                have += sum(
                    1 for o in written if isinstance(o, BuyDefence) and o.at == b.names[h] and o.kind == kind
                )
                if have < limit:
                    found.append(BuyDefence(b.names[h], kind, DEFENCE_DEFAULT_AIM[kind]))
    if left >= CITY_COST:
        building = {p.hex for p in state.projects[seat]}
        building |= {b.lookup(o.at) for o in written if isinstance(o, BuildCity)}
        found.extend(
            BuildCity(b.names[h])
            for h in range(b.size)
            if state.owner[h] == seat and state.kinds[h] == "land" and h not in building
        )
    return found
