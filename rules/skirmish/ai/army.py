"""The `normal` AI's exchanges: troops traded up where they pile up while the garrison runs short.

A reinforcement places at most the troops the garrison holds, so while it is short, troops traded in come
back with the next roll: five troops for a cannon return as five troops and a cannon. `easy` trades only
into cannons; `normal` goes on into cavalry when the garrison has no cannon left. Generals were tried
(one for a big front stack, its banner adding one to every skirmish there) and lost games against `easy`:
ten troops for one unit cost the battle board's count, which decides battles. ``second_pair_pays`` asks
for an extra exchange when two kinds pay in one turn. Only its own garrison and the public map are read.
"""

from __future__ import annotations

from rules.skirmish.actions import Exchange
from rules.skirmish.board import SkirmishMap
from rules.skirmish.exchange import pair_allowed, units_in_per_exchange
from rules.skirmish.pieces import Units
from rules.skirmish.state import EMPTY, SkirmishState

SHORT = 8  # a garrison with fewer troops than this is short (as `easy` counts it)
PILE = 8  # troops in one territory before any are traded up
KEEP = 3  # troops a stack keeps: 2s rolled take troops first, sparing the dearer units
GENERAL_PILE = 13  # a general takes ten troops, so only a stack this big trades for one
KINDS: tuple[str, ...] = ("cannon", "cavalry")  # the order of preference; "general" may be added


def offers(state: SkirmishState, seat: int, board: SkirmishMap) -> dict[str, Exchange]:
    """For each kind worth trading troops up into now, the exchange (before the one-pair-a-turn limit)."""
    garrison = state.garrison[seat]
    if garrison.troop >= SHORT:
        return {}
    found: dict[str, Exchange] = {}
    own = [t for t in range(board.size) if state.owner[t] == seat]
    for kind in KINDS:
        if not garrison.get(kind) or (kind == "cavalry" and garrison.cannon):
            continue
        each = units_in_per_exchange("troop", kind)
        if kind == "general":
            spots = [
                t
                for t in own
                if state.units[t].troop >= GENERAL_PILE
                and not state.units[t].general
                and any(state.owner[n] not in (seat, EMPTY) for n in board.neighbours[t])
            ]
        else:
            spots = [t for t in own if state.units[t].troop >= PILE]
        if not spots:
            continue
        t = max(spots, key=lambda t: (state.units[t].troop, -t))
        count = min((state.units[t].troop - KEEP) // each, garrison.get(kind), 1 if kind == "general" else 99)
        if count >= 1:
            found[kind] = Exchange(board.ids[t], Units(troop=each * count), kind)
    return found


def best_exchange(state: SkirmishState, seat: int, board: SkirmishMap) -> Exchange | None:
    for kind, exchange in offers(state, seat, board).items():
        if pair_allowed(state, "troop", kind):
            return exchange
    return None


def second_pair_pays(state: SkirmishState, seat: int, board: SkirmishMap) -> bool:
    """An extra exchange pays when two kinds are worth trading troops up into this turn."""
    return state.exchanges_allowed < 2 and len(offers(state, seat, board)) >= 2
