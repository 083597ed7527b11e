"""Who controls a territory: capture, liberation and capitals."""

from __future__ import annotations

from msgspec.structs import replace

from rules.axis_allies.common import CAPITAL, NAMES, ORIGINAL_OWNER, power_id, set_units
from rules.axis_allies.events import CapitalCaptured, TerritoryCaptured
from rules.axis_allies.state import NOBODY, SIDE, AAState
from rules.core.events import Event
from rules.core.tuples import with_item


def new_controller(state: AAState, power: int, where: int) -> int:
    """Who holds ``where`` once ``power`` takes it: an ally's original territory goes back to that
    ally when the ally holds its own capital (its capital itself always goes back); else ``power``."""
    original = ORIGINAL_OWNER[where]
    if original in (NOBODY, power) or SIDE[original] != SIDE[power]:
        return power
    if CAPITAL[original] == where or state.owner[CAPITAL[original]] == original:
        return original
    return power


def capture(state: AAState, power: int, where: int, events: list[Event]) -> AAState:
    """``power``'s land units took ``where``: control changes, factories and AA guns there are captured
    (not destroyed), and taking a capital takes its owner's unspent IPCs."""
    previous = state.owner[where]
    holder = new_controller(state, power, where)
    stacks = [
        replace(s, power=holder) if SIDE[s.power] != SIDE[power] and s.unit in ("factory", "aa_gun") else s
        for s in state.units[where]
    ]
    state = set_units(state, where, stacks)
    state = replace(
        state,
        owner=with_item(state.owner, where, holder),
        captured=tuple(sorted({*state.captured, where})),
    )
    events.append(
        TerritoryCaptured(
            power_id(power),
            NAMES[where],
            power_id(previous) if previous != NOBODY else None,
            power_id(holder),
        )
    )
    if previous != NOBODY and CAPITAL[previous] == where and SIDE[previous] != SIDE[power]:
        taken = state.ipcs[previous]
        ipcs = with_item(state.ipcs, previous, 0)
        state = replace(state, ipcs=with_item(ipcs, power, ipcs[power] + taken))
        events.append(CapitalCaptured(power_id(power), NAMES[where], power_id(previous), taken))
    return state
