"""Step 2, exchanges, and step 4, the free move.

Exchanges: one type of unit traded in and one type traded out per turn (an extra exchange, standard
action D, allows one more pair); each exchange individually takes units of the one type from one
territory, worth at least the unit it brings out of the garrison into that territory; the excess value is
lost (2 cavalry at 3 for a cannon at 5: 1 lost). The free move takes any units from one territory to one
adjacent territory, both controlled by the mover.
"""

from __future__ import annotations

from msgspec.structs import replace

from rules.core.dice import DiceCup
from rules.core.errors import IllegalAction
from rules.core.events import Event
from rules.skirmish.board import SkirmishMap
from rules.skirmish.common import add_to_territory, from_garrison, set_territory, to_garrison
from rules.skirmish.events import Exchanged, UnitsMoved
from rules.skirmish.pieces import UNIT_TYPES, Units, pieces
from rules.skirmish.state import Phase, SkirmishState
from rules.skirmish.turns import next_phase


def units_in_per_exchange(give: str, get: str) -> int:
    """The fewest units of ``give`` worth at least one ``get``."""
    table = pieces()
    return -(-table.unit(get).value // table.unit(give).value)


def pair_allowed(state: SkirmishState, give: str, get: str) -> bool:
    return (give, get) in state.exchange_pairs or len(state.exchange_pairs) < state.exchanges_allowed


def exchange(
    state: SkirmishState, territory: int, give: Units, get: str, board: SkirmishMap, events: list[Event]
) -> SkirmishState:
    seat = state.current
    table = pieces()
    name = board.names[territory]
    if state.owner[territory] != seat:
        raise IllegalAction("not_yours", f"Exchanges happen in territories you control; {name} is not yours.")
    if min(give.counts()) < 0 or not give.total:
        raise IllegalAction("nothing_given", "Name the units you trade in.")
    kinds = give.kinds()
    if len(kinds) > 1:
        shown = " and ".join(table.unit(k).plural for k in kinds)
        raise IllegalAction(
            "two_types", f"An exchange trades in units of one type only; you offered {shown}."
        )
    (kind,) = kinds
    if get not in UNIT_TYPES:
        raise IllegalAction(
            "unknown_unit", f"There is no unit type “{get}”; the types are {', '.join(UNIT_TYPES)}."
        )
    if get == kind:
        raise IllegalAction("same_type", "Trade units in for a unit of another type.")
    if not pair_allowed(state, kind, get):
        used = ", ".join(
            f"{table.unit(a).plural} for {table.unit(b).plural}" for a, b in state.exchange_pairs
        )
        raise IllegalAction(
            "one_pair",
            f"This turn you already exchange {used}; one type in and one type out per turn "
            "(the extra exchange action allows one more pair).",
        )
    if not give.within(state.units[territory]):
        raise IllegalAction("not_there", f"{name} holds only {table.describe(state.units[territory])}.")
    each = units_in_per_exchange(kind, get)
    count = give.total
    if count % each:
        unit_in, unit_out = table.unit(kind), table.unit(get)
        given = unit_in.plural if each > 1 else unit_in.name.lower()
        raise IllegalAction(
            "whole_exchanges",
            f"Each {unit_out.name.lower()} takes {each} {given} "
            f"(worth {each * unit_in.value} for {unit_out.value}); trade in a multiple of {each}.",
        )
    out = count // each
    got = Units.one(get, out)
    if state.garrison[seat].get(get) < out:
        raise IllegalAction(
            "garrison_empty",
            f"Your garrison has {state.garrison[seat].get(get)} {table.unit(get).plural} to trade out.",
        )
    lost = out * (each * table.unit(kind).value - table.unit(get).value)
    events.append(Exchanged(seat, board.ids[territory], give, got, lost))
    state = set_territory(state, territory, state.units[territory].minus(give), seat)
    state = to_garrison(from_garrison(state, seat, got), seat, give)
    state = add_to_territory(state, territory, got, seat)
    if (kind, get) not in state.exchange_pairs:
        state = replace(state, exchange_pairs=(*state.exchange_pairs, (kind, get)))
    return state


def move(
    state: SkirmishState,
    source: int,
    target: int,
    units: Units,
    board: SkirmishMap,
    cup: DiceCup,
    events: list[Event],
) -> SkirmishState:
    seat = state.current
    src, dst = board.names[source], board.names[target]
    if state.moves_left == 0:
        raise IllegalAction("no_moves", "You have no free move left this turn.")
    if state.owner[source] != seat or state.owner[target] != seat:
        raise IllegalAction(
            "not_yours", f"A free move is between two territories you control ({src}, {dst})."
        )
    if target not in board.neighbours[source]:
        raise IllegalAction("not_adjacent", f"{src} does not border {dst}; a free move goes next door.")
    if min(units.counts()) < 0 or not units.total:
        raise IllegalAction("nothing_moved", "Name the units to move.")
    if not units.within(state.units[source]):
        raise IllegalAction("not_there", f"{src} holds only {pieces().describe(state.units[source])}.")
    events.append(UnitsMoved(seat, board.ids[source], board.ids[target], units))
    state = set_territory(state, source, state.units[source].minus(units), seat)
    state = add_to_territory(state, target, units, seat)
    state = replace(state, moves_left=state.moves_left - 1)
    if state.moves_left == 0 and state.phase is Phase.MOVE:
        return next_phase(state, cup, events)
    return state
