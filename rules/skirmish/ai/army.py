"""The `normal` AI's exchanges: troops traded up where they pile up while the garrison runs short.

A reinforcement places at most the troops the garrison holds, so while it is short, troops traded in come
back with the next roll: five troops for a cannon return as five troops and a cannon. `easy` trades only
into cannons; `normal` goes on into cavalry once the garrison holds two cannons or fewer (with none
left, as at first, cavalry came in a fifth of three-player games: cannons lost in battle go back to the
garrison, so all ten are seldom out at once). Generals and an extra
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


def best_exchange(
    state: SkirmishState, seat: int, board: SkirmishMap, cavalry_at: int = 0
) -> Exchange | None:
    """Troops up into cannons (as `easy`), else into cavalry when the garrison holds ``cavalry_at``
    cannons or fewer, in the territory with the most troops."""
    garrison = state.garrison[seat]
    if garrison.troop >= SHORT:
        return None
    kind = "cannon" if garrison.cannon > cavalry_at else "cavalry"
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
