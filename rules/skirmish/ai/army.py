"""The `normal` AI's exchanges: troops traded up where they pile up while the garrison runs short.

A reinforcement places at most the troops the garrison holds, so while it is short, troops traded in come
back with the next roll: five troops for a cannon return as five troops and a cannon. `easy` trades only
into cannons; `normal` goes on into cavalry once the garrison has no cannon left. Generals and an extra
exchange (cavalry beside cannons, or a general) were tried and lost games against `easy`: ten troops for
one unit, or troops traded faster than the rolls bring them back, cost the battle board's count, which
decides battles. Only its own garrison and the public map are read.
"""

from __future__ import annotations

from rules.skirmish.actions import Exchange
from rules.skirmish.board import SkirmishMap
from rules.skirmish.exchange import pair_allowed, units_in_per_exchange
from rules.skirmish.pieces import Units
from rules.skirmish.state import SkirmishState

SHORT = 8  # a garrison with fewer troops than this is short (as `easy` counts it)
PILE = 8  # troops in one territory before any are traded up
KEEP = 3  # troops a stack keeps: 2s rolled take troops first, sparing the dearer units


def best_exchange(state: SkirmishState, seat: int, board: SkirmishMap, stack: int = 0) -> Exchange | None:
    """A general for a stack that holds one beside a full attack (``stack`` units; 0: none), then troops
    up into cannons (as `easy`), else into cavalry when the garrison has no cannon left, in the territory
    with the most troops."""
    if stack:
        general = general_exchange(state, seat, board, stack)
        if general is not None:
            return general
    return pile_exchange(state, seat, board)


def general_exchange(state: SkirmishState, seat: int, board: SkirmishMap, stack: int) -> Exchange | None:
    """Ten troops for a general in a territory of ours without one that keeps ``stack`` units after the
    trade (a general leads an attack: it takes a troop's place among the ten and adds 1 to every skirmish),
    the biggest such territory first."""
    each = units_in_per_exchange("troop", "general")
    if not state.garrison[seat].general or not pair_allowed(state, "troop", "general"):
        return None
    spots = [
        t
        for t in range(board.size)
        if state.owner[t] == seat
        and not state.units[t].general
        and state.units[t].troop >= each + KEEP
        and state.units[t].total - each + 1 >= stack
    ]
    if not spots:
        return None
    t = max(spots, key=lambda t: (state.units[t].total, -t))
    return Exchange(board.ids[t], Units(troop=each), "general")


def pile_exchange(state: SkirmishState, seat: int, board: SkirmishMap) -> Exchange | None:
    """Troops piled up into cannons, else cavalry once the garrison has no cannon left. Troops a general
    took back to the garrison this turn do not count: the garrison was short before the trade."""
    garrison = state.garrison[seat]
    back = units_in_per_exchange("troop", "general") if ("troop", "general") in state.exchange_pairs else 0
    if garrison.troop - back >= SHORT:
        return None
    kind = "cannon" if garrison.cannon else "cavalry"
    if not garrison.get(kind) or not pair_allowed(state, "troop", kind):
        return None
    spots = [t for t in range(board.size) if state.owner[t] == seat and state.units[t].troop >= PILE]
    if not spots:
        return None
    t = max(spots, key=lambda t: (state.units[t].troop, -t))
    each = units_in_per_exchange("troop", kind)
    count = min((state.units[t].troop - KEEP) // each, garrison.get(kind))
    if count < 1:
        return None
    return Exchange(board.ids[t], Units(troop=each * count), kind)
