"""Writing a round's secret orders: each order is checked when written, against the board as the round
began and against the seat's earlier orders (units already under orders, money already spent), then
stored in canonical spelling. Nothing on the board changes until every seat has submitted.
"""

from __future__ import annotations

from collections.abc import Sequence

from msgspec.structs import replace

from rules.core.errors import IllegalAction
from rules.core.events import Event
from rules.core.names import did_you_mean
from rules.core.tuples import with_item
from rules.core.words import counted
from rules.hexwar.actions import AimDefence, Bombard, BuildCity, Buy, BuyDefence, Jump, Move, Order
from rules.hexwar.board import Board
from rules.hexwar.common import board_of, count_of, factories_for, held_full_round, is_city
from rules.hexwar.events import OrderCancelled, OrderWritten
from rules.hexwar.routes import destinations, jump_targets, shore
from rules.hexwar.state import HexState
from rules.hexwar.units import (
    CITY_COST,
    DEFENCE_COST,
    DEFENCE_DEFAULT_AIM,
    DEFENCE_TARGETS,
    HOV,
    JT,
    PLANE,
    SHIPS,
    STRIKE_RANGE,
    UNITS,
    check_cargo,
    count_text,
    unit_id,
)

UnitKey = tuple[int, str, tuple[str, ...]]  # (hex, unit, cargo): one stack of the round's start


def committed(state: HexState, orders: Sequence[Order]) -> dict[UnitKey, int]:
    """Units already under orders, per stack of the round's start (boarding units included)."""
    b = board_of(state)
    used: dict[UnitKey, int] = {}

    def take(key: UnitKey, n: int) -> None:
        used[key] = used.get(key, 0) + n

    for order in orders:
        if isinstance(order, Move):
            source = b.lookup(order.source)
            at_sea = b.water[source]
            take((source, order.unit, order.cargo if at_sea else ()), order.count)
            if not at_sea:
                for u in order.cargo:
                    take((source, u, ()), order.count)
        elif isinstance(order, Jump):
            take((b.lookup(order.source), JT, ()), order.count)
        elif isinstance(order, Bombard):
            take((b.lookup(order.source), order.unit, ()), order.count)
    return used


def city_payments_due(state: HexState, seat: int) -> int:
    """Payments of 10 the seat's cities under way will take this round (as far as its money goes)."""
    return min(len(state.projects[seat]), state.money[seat] // CITY_COST)


def cost(order: Order) -> int:
    if isinstance(order, Buy):
        return UNITS[order.unit].cost * order.count
    if isinstance(order, BuyDefence):
        return DEFENCE_COST
    if isinstance(order, BuildCity):
        return CITY_COST
    return 0


def money_left(state: HexState, seat: int, orders: Sequence[Order]) -> int:
    """What the seat can still spend this round after its orders and its cities' payments."""
    due = city_payments_due(state, seat) * CITY_COST
    return state.money[seat] - due - sum(cost(o) for o in orders)


def write(state: HexState, seat: int, order: Order, events: list[Event]) -> HexState:
    written = state.orders[seat]
    clean = check(state, seat, order, written)
    events.append(OrderWritten(seat, len(written) + 1, clean))
    return replace(state, orders=with_item(state.orders, seat, (*written, clean)))


def cancel(state: HexState, seat: int, number: int, events: list[Event]) -> HexState:
    written = state.orders[seat]
    if not 1 <= number <= len(written):
        if not written:
            raise IllegalAction("no_order", "You have written no orders this round.")
        raise IllegalAction(
            "no_order", f"Your orders are numbered 1 to {len(written)}; there is no {number}."
        )
    events.append(OrderCancelled(seat, number, written[number - 1]))
    kept = written[: number - 1] + written[number:]
    return replace(state, orders=with_item(state.orders, seat, kept))


def check(state: HexState, seat: int, order: Order, earlier: Sequence[Order]) -> Order:
    """The order in canonical spelling, or IllegalAction with one sentence saying what is wrong."""
    b = board_of(state)
    if isinstance(order, Move):
        clean: Order = _check_move(state, seat, order, earlier, b)
    elif isinstance(order, Jump):
        clean = _check_jump(state, seat, order, earlier, b)
    elif isinstance(order, Bombard):
        clean = _check_bombard(state, seat, order, earlier, b)
    elif isinstance(order, Buy):
        clean = _check_buy(state, seat, order, b)
    elif isinstance(order, BuyDefence):
        clean = _check_defence(state, seat, order, earlier, b)
    elif isinstance(order, AimDefence):
        clean = _check_aim(state, seat, order, b)
    else:
        clean = _check_city(state, seat, order, earlier, b)
    if cost(clean) > money_left(state, seat, earlier):
        left = max(0, money_left(state, seat, earlier))
        raise IllegalAction("no_money", f"That costs {cost(clean)} and you have {left} left this round.")
    return clean


def _available(
    state: HexState, seat: int, key: UnitKey, earlier: Sequence[Order], b: Board, wanted: int
) -> None:
    hex_index, unit, cargo = key
    free = count_of(state, hex_index, seat, unit, cargo) - committed(state, earlier).get(key, 0)
    if wanted < 1:
        raise IllegalAction("bad_count", "Order at least one unit.")
    if wanted > free:
        what = count_text(unit, free) if free else f"no {UNITS[unit].plural}"
        aboard = " with that load" if cargo else ""
        if not cargo and unit == HOV and b.water[hex_index] and free == 0:
            aboard = " without a load (name a loaded hovercraft's load as its cargo)"
        raise IllegalAction(
            "not_enough", f"You have {what}{aboard} in {b.names[hex_index]} not already under orders."
        )


def load_at_sea(
    state: HexState, seat: int, source: int, earlier: Sequence[Order], count: int = 1
) -> tuple[str, ...]:
    """The load a hovercraft order at sea that names none means: none while enough empty hovercraft
    are free there, else the one load the seat's free loaded hovercraft there carry (a player should
    not have to type again what a hovercraft already holds). Two different loads: none (the order must
    say which)."""
    used = committed(state, earlier)
    free = {
        s.cargo: s.count - used.get((source, HOV, s.cargo), 0)
        for s in state.units[source]
        if s.seat == seat and s.unit == HOV
    }
    if free.get((), 0) >= count:
        return ()
    loads = [c for c, n in free.items() if c and n > 0]
    return loads[0] if len(loads) == 1 else ()


def _check_move(state: HexState, seat: int, order: Move, earlier: Sequence[Order], b: Board) -> Move:
    source, target, unit = b.lookup(order.source), b.lookup(order.target), unit_id(order.unit)
    if order.cargo and unit != HOV:
        raise IllegalAction("bad_cargo", "Only hovercraft carry units.")
    cargo = check_cargo(order.cargo) if order.cargo else ()
    at_sea = b.water[source]
    if at_sea and unit == HOV and not cargo:
        cargo = load_at_sea(state, seat, source, earlier, order.count)
    _available(state, seat, (source, unit, cargo if at_sea else ()), earlier, b, order.count)
    if cargo and not at_sea:
        # Boarding: only units that start the round in the hovercraft's hex (the rules' boarding note).
        for u in set(cargo):
            need = cargo.count(u) * order.count
            _available(state, seat, (source, u, ()), earlier, b, need)
    if source == target:
        raise IllegalAction("same_hex", f"Units in {b.names[source]} that stay there need no order.")
    how = destinations(state, seat, source, unit).get(target)
    if how is None:
        raise IllegalAction("out_of_reach", _why_not(state, seat, source, target, unit, b))
    return Move(b.names[source], b.names[target], unit, order.count, cargo)


def _why_not(state: HexState, seat: int, source: int, target: int, unit: str, b: Board) -> str:
    kind = UNITS[unit]
    there, here = b.names[target], b.names[source]
    if unit == PLANE:
        if b.water[target] and state.owner[source] != seat:
            return f"Planes strike water only from land you hold; {here} is not yours."
        reach = STRIKE_RANGE if b.water[target] else kind.move
        what = "strike water" if b.water[target] else "fly"
        return f"Planes {what} at most {reach} hexes; {there} is {b.distance[source][target]} from {here}."
    if b.water[target] and unit not in (HOV, *SHIPS):
        return f"{kind.plural.capitalize()} cannot enter water; {there} is a water hex (board a hovercraft)."
    if not b.water[target] and unit in SHIPS:
        return f"Ships stay on water; {there} is land (ships bombard the shore instead)."
    opened = _steps_ignoring_enemies(b, source, target, unit)
    if opened is None or opened > kind.move:
        if b.distance[source][target] <= kind.move:
            # Near enough as the crow flies, but what lies between is no way for this unit.
            if unit in SHIPS:
                between = "land or a gap in the board is in the way"
            elif unit == HOV:
                between = "a gap in the board is in the way"
            else:
                between = "water is in the way (a hovercraft carries units across)"
            return (
                f"{there} is {b.distance[source][target]} hex(es) from {here}, but {kind.plural} have no "
                f"way there within {kind.move} hex(es): {between}."
            )
        return f"{kind.plural.capitalize()} move at most {kind.move} hex(es); {there} is too far from {here}."
    return (
        f"Every way from {here} to {there} passes enemy units, enemy land or water another player "
        "controls; a move may end in such a hex but not pass through it."
    )


def _steps_ignoring_enemies(b: Board, source: int, target: int, unit: str) -> int | None:
    allowed = (lambda h: True) if unit == HOV else (lambda h: b.water[h] == (unit in SHIPS))
    frontier, seen, steps = [source], {source}, 0
    while frontier:
        steps += 1
        following = []
        for here in frontier:
            for n in b.neighbours[here]:
                if n not in seen and allowed(n):
                    if n == target:
                        return steps
                    seen.add(n)
                    following.append(n)
        frontier = following
    return None


def _check_jump(state: HexState, seat: int, order: Jump, earlier: Sequence[Order], b: Board) -> Jump:
    source, target = b.lookup(order.source), b.lookup(order.target)
    if b.water[source]:
        raise IllegalAction("jump_from_transport", "Jump troops may not jump from transports.")
    _available(state, seat, (source, JT, ()), earlier, b, order.count)
    if target not in jump_targets(state, seat, source):
        if b.water[target]:
            why = f"{b.names[target]} is water: jump troops land on land."
        elif state.owner[target] == seat:
            why = f"A jump is an attack: {b.names[target]} is already yours (move there instead)."
        else:
            why = f"Jump troops jump at most 3 hexes; {b.names[target]} is {b.distance[source][target]} away."
        raise IllegalAction("bad_jump", why)
    return Jump(b.names[source], b.names[target], order.count)


def _check_bombard(state: HexState, seat: int, order: Bombard, earlier: Sequence[Order], b: Board) -> Bombard:
    source, target, unit = b.lookup(order.source), b.lookup(order.target), unit_id(order.unit)
    if unit not in SHIPS:
        raise IllegalAction("not_a_ship", "Only frigates and battleships bombard.")
    _available(state, seat, (source, unit, ()), earlier, b, order.count)
    if target not in shore(state, source):
        raise IllegalAction(
            "bad_bombard", f"Ships bombard a land hex beside their own; {b.names[target]} is not one."
        )
    return Bombard(b.names[source], b.names[target], unit, order.count)


def _check_buy(state: HexState, seat: int, order: Buy, b: Board) -> Buy:
    unit, at = unit_id(order.unit), b.lookup(order.at)
    if order.count < 1:
        raise IllegalAction("bad_count", "Buy at least one unit.")
    if at not in factories_for(state, seat, unit):
        if unit in SHIPS:
            raise IllegalAction(
                "no_port",
                f"{UNITS[unit].plural.capitalize()} are launched into a water hex beside a port city you "
                f"have held a full round, free of enemy units; {b.names[at]} is not one.",
            )
        raise IllegalAction(
            "no_factory",
            "New units are placed in a city or capital you have held a full round; "
            f"{b.names[at]} is not one.",
        )
    return Buy(unit, order.count, b.names[at])


def _aim(kind: str, aim: str) -> str:
    if kind not in DEFENCE_TARGETS:
        hint = did_you_mean(kind, DEFENCE_TARGETS)
        raise IllegalAction(
            "bad_defence", f"“{kind}” is not a defence; they are ground, air and water.{hint}"
        )
    chosen = unit_id(aim) if aim else DEFENCE_DEFAULT_AIM[kind]
    if chosen not in DEFENCE_TARGETS[kind]:
        targets = ", ".join(DEFENCE_TARGETS[kind])
        raise IllegalAction("bad_aim", f"A {kind} defence fires at {targets}; not at {chosen}.")
    return chosen


def _check_defence(
    state: HexState, seat: int, order: BuyDefence, earlier: Sequence[Order], b: Board
) -> BuyDefence:
    at = b.lookup(order.at)
    aim = _aim(order.kind, order.aim)
    if not (is_city(state, at) and held_full_round(state, at, seat)):
        raise IllegalAction(
            "not_a_city", f"Defences go in a city you have held a full round; {b.names[at]} is not one."
        )
    have = sum(1 for d in state.defences[at] if d.kind == order.kind)
    have += sum(
        1 for o in earlier if isinstance(o, BuyDefence) and o.at == b.names[at] and o.kind == order.kind
    )
    limit = state.options.defences_per_kind
    if have >= limit:
        raise IllegalAction(
            "defence_limit",
            f"{b.names[at]} may have at most {counted(limit, order.kind + ' defence')} "
            f"and has (or gets) {have}.",
        )
    return BuyDefence(b.names[at], order.kind, aim)


def _check_aim(state: HexState, seat: int, order: AimDefence, b: Board) -> AimDefence:
    at = b.lookup(order.at)
    aim = _aim(order.kind, order.aim)
    if state.owner[at] != seat or not any(d.kind == order.kind for d in state.defences[at]):
        raise IllegalAction("no_defence", f"You have no {order.kind} defence in {b.names[at]} to aim.")
    return AimDefence(b.names[at], order.kind, aim)


def _check_city(
    state: HexState, seat: int, order: BuildCity, earlier: Sequence[Order], b: Board
) -> BuildCity:
    at = b.lookup(order.at)
    if state.owner[at] != seat or state.kinds[at] != "land":
        raise IllegalAction(
            "not_for_a_city", f"A new city goes on a plain land hex you hold; {b.names[at]} is not one."
        )
    building = {p.hex for p in state.projects[seat]}
    building |= {b.lookup(o.at) for o in earlier if isinstance(o, BuildCity)}
    if at in building:
        raise IllegalAction("already_building", f"You are already buying a city in {b.names[at]}.")
    return BuildCity(b.names[at])
