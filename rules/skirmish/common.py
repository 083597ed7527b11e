"""Small helpers on the state shared by the turn and the battle: moving units between a territory, a
garrison and the battle board, and picking the cheapest or dearest units."""

from __future__ import annotations

from msgspec.structs import replace

from rules.core.tuples import with_item
from rules.skirmish.pieces import UNIT_TYPES, Units
from rules.skirmish.state import EMPTY, SkirmishState


def to_garrison(state: SkirmishState, seat: int, units: Units) -> SkirmishState:
    if not units.total:
        return state
    return replace(state, garrison=with_item(state.garrison, seat, state.garrison[seat].plus(units)))


def from_garrison(state: SkirmishState, seat: int, units: Units) -> SkirmishState:
    if not units.total:
        return state
    return replace(state, garrison=with_item(state.garrison, seat, state.garrison[seat].minus(units)))


def set_territory(state: SkirmishState, territory: int, units: Units, owner: int) -> SkirmishState:
    """A territory's units; with none left nobody controls it."""
    return replace(
        state,
        units=with_item(state.units, territory, units),
        owner=with_item(state.owner, territory, owner if units.total else EMPTY),
    )


def set_units(state: SkirmishState, territory: int, units: Units) -> SkirmishState:
    """A territory's units, its owner unchanged (during a battle an emptied territory stays its owner's
    until the battle is over)."""
    return replace(state, units=with_item(state.units, territory, units))


def settle(state: SkirmishState, territory: int) -> SkirmishState:
    """After a battle: a territory left with no units is nobody's."""
    if state.units[territory].total or state.owner[territory] == EMPTY:
        return state
    return replace(state, owner=with_item(state.owner, territory, EMPTY))


def add_to_territory(state: SkirmishState, territory: int, units: Units, owner: int) -> SkirmishState:
    return set_territory(state, territory, state.units[territory].plus(units), owner)


def cheapest(units: Units, count: int) -> Units:
    """``count`` units from ``units``, troops first, then up the table."""
    return _pick(units, count, UNIT_TYPES)


def dearest(units: Units, count: int) -> Units:
    return _pick(units, count, tuple(reversed(UNIT_TYPES)))


def _pick(units: Units, count: int, order: tuple[str, ...]) -> Units:
    taken = dict.fromkeys(UNIT_TYPES, 0)
    left = count
    for kind in order:
        take = min(left, units.get(kind))
        taken[kind] = take
        left -= take
    return Units.of([taken[t] for t in UNIT_TYPES])


def troops(count: int) -> Units:
    return Units(troop=count)
