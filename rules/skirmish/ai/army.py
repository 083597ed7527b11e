"""The `normal` AI's exchanges: troops traded up where they pile up while the garrison runs short.

A reinforcement places at most the troops the garrison holds, so while it is short, troops traded in come
back with the next roll: five troops for a cannon return as five troops and a cannon. `easy` trades only
into cannons; `normal` goes on into cavalry once the garrison holds three cannons or fewer (two in games
of more than four players; with none left, as at first, cavalry came in a fifth of three-player games:
cannons lost in battle go back to the garrison, so all ten are seldom out at once). Before that it
trades ten troops for a general where a stack holds ten to spare beside three troops (the placement
fills stacks to twelve, so this is a stack that grew by conquest or by a roll with nowhere else to go):
a tie against the version without it. An earlier trial that filled stacks to 21 on purpose to buy
generals lost (63 of 200): ten troops for one unit cost the battle board's count, which decides
battles. With an extra exchange taken for it, troops left beyond three after the cannons go into cavalry
(``rest_exchange``). Only its own garrison and the public map are read.
"""

from __future__ import annotations

from msgspec.structs import replace

from rules.skirmish.actions import Exchange
from rules.skirmish.board import SkirmishMap
from rules.skirmish.exchange import exchange, pair_allowed, units_in_per_exchange
from rules.skirmish.pieces import Units
from rules.skirmish.state import SkirmishState

SHORT = 8  # a garrison with fewer troops than this is short (as `easy` counts it)
PILE = 8  # troops in one territory before any are traded up
KEEP = 3  # troops a stack keeps: 2s rolled take troops first, sparing the dearer units


def best_exchange(
    state: SkirmishState, seat: int, board: SkirmishMap, cavalry_at: int = 0, generals: int = 0
) -> Exchange | None:
    """A general for the biggest stack without one holding ``generals`` units (0: none), then troops up
    into cannons (as `easy`), else into cavalry when the garrison holds ``cavalry_at`` cannons or fewer,
    in the territory with the most troops; with a second pair allowed after cannons, troops beyond
    ``KEEP`` into cavalry (``rest_exchange``)."""
    if generals:
        general = general_exchange(state, seat, board, generals)
        if general is not None:
            return general
    return pile_exchange(state, seat, board, cavalry_at) or rest_exchange(state, seat, board)


def general_exchange(state: SkirmishState, seat: int, board: SkirmishMap, stack: int) -> Exchange | None:
    """Troops for a general in the biggest territory of ours without one that holds ``stack`` units and
    keeps ``KEEP`` troops: a
    general leads its stack's attacks, one die and a banner, +1 to every skirmish of its side."""
    each = units_in_per_exchange("troop", "general")
    if not state.garrison[seat].general or not pair_allowed(state, "troop", "general"):
        return None
    spots = [
        t
        for t in range(board.size)
        if state.owner[t] == seat
        and not state.units[t].general
        and state.units[t].troop >= each + KEEP
        and state.units[t].total >= stack
    ]
    if not spots:
        return None
    t = max(spots, key=lambda t: (state.units[t].total, -t))
    return Exchange(board.ids[t], Units(troop=each), "general")


def pile_exchange(
    state: SkirmishState, seat: int, board: SkirmishMap, cavalry_at: int = 0
) -> Exchange | None:
    """Troops piled up into cannons, else cavalry once the garrison holds ``cavalry_at`` cannons or
    fewer. Troops a general took back to the garrison this turn do not count: it was short before."""
    garrison = state.garrison[seat]
    back = units_in_per_exchange("troop", "general") if ("troop", "general") in state.exchange_pairs else 0
    if garrison.troop - back >= SHORT:
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


def rest_exchange(state: SkirmishState, seat: int, board: SkirmishMap) -> Exchange | None:
    """Once troops went into cannons this turn, with a second pair allowed, troops beyond ``KEEP`` into
    cavalry in the territory with the most troops (a pile of 11: a cannon for five, a cavalry for three,
    three stay)."""
    garrison = state.garrison[seat]
    if ("troop", "cannon") not in state.exchange_pairs or not garrison.cavalry:
        return None
    if not pair_allowed(state, "troop", "cavalry"):  # the garrison was short for the cannons: no test here
        return None
    each = units_in_per_exchange("troop", "cavalry")
    spots = [t for t in range(board.size) if state.owner[t] == seat and state.units[t].troop >= KEEP + each]
    if not spots:
        return None
    t = max(spots, key=lambda t: (state.units[t].troop, -t))
    count = min((state.units[t].troop - KEEP) // each, garrison.cavalry)
    return Exchange(board.ids[t], Units(troop=each * count), "cavalry")


def ladder(state: SkirmishState, seat: int, board: SkirmishMap, cavalry_at: int) -> bool:
    """Cannons to buy this turn, and troops beyond ``KEEP`` left after them for cavalry."""
    pile = pile_exchange(state, seat, board, cavalry_at)
    if pile is None or pile.get != "cannon":
        return False
    after = exchange(
        replace(state, exchanges_allowed=2), board.index(pile.territory), pile.give, pile.get, board, []
    )
    return rest_exchange(after, seat, board) is not None
