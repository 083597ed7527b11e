"""The order of resolution of a round (design; the rules' combat section is cut off):

1. the orders are revealed; defences re-aimed; money paid (cities under way first);
2. every move at once (``movement``), judged against sea control at the round's start;
3. battles on water, hex by hex in board order: ships, hovercraft (passengers aboard do not fire and
   sink with them) and planes striking the zone;
4. battles on land, hex by hex: defences, bombardment by the ships that survived step 3, combat rounds;
5. captures; planes back from strikes (lost if their hex was taken); jump troops that jumped become
   infantry; battleship damage is repaired;
6. cities paid for three rounds stand; purchases are placed;
7. income, seats out, victory, or the next round.

Sea battles come first so that a frigate sunk at sea never bombards, and so that a plane's strike is
over before the land battles decide whether its home still stands.
"""

from __future__ import annotations

from msgspec.structs import replace

from rules.core.dice import DiceCup
from rules.core.events import Event
from rules.hexwar.common import board_of
from rules.hexwar.resolve.aftermath import (
    captures,
    finish_cities,
    place_purchases,
    planes_home,
    revert_jumpers,
)
from rules.hexwar.resolve.combat import Battle
from rules.hexwar.resolve.movement import move, reveal
from rules.hexwar.resolve.pieces import Piece, gather, spread, sweep
from rules.hexwar.state import HexState
from rules.hexwar.turns import end_round
from rules.hexwar.units import WATER_BASED


def resolve_round(state: HexState, cup: DiceCup, events: list[Event]) -> HexState:
    state = reveal(state, events)
    b = board_of(state)
    where = spread(state)
    move(state, where, events)
    die = state.options.die
    for h in range(b.size):
        if b.water[h] and len({p.seat for p in where[h]}) >= 2:
            controllers = {s.seat for s in state.units[h] if s.unit in WATER_BASED}
            holder = next(iter(controllers)) if len(controllers) == 1 else -1
            Battle(b.names[h], True, where[h], holder, die, cup, events).fight()
    sweep(where)
    for h in range(b.size):
        if b.water[h]:
            continue
        bombarders = tuple(
            (b.names[n], p) for n in b.neighbours[h] if b.water[n] for p in where[n] if p.bombards == h
        )
        if _engaged(state, h, where[h], bombarders):
            battle = Battle(b.names[h], False, where[h], state.owner[h], die, cup, events)
            battle.fight(state.defences[h], bombarders)
            sweep(where)
    after = captures(state, where, events)
    planes_home(state, after, where, events)
    revert_jumpers(where, b, events)
    after = replace(after, units=gather(where))  # gathering also repairs battleships
    after = finish_cities(after, events)
    after = place_purchases(after, events)
    return end_round(after, events)


def _engaged(state: HexState, h: int, pieces: list[Piece], bombarders: tuple[tuple[str, Piece], ...]) -> bool:
    """Whether anything fights in land hex ``h``: two seats' units, the defences of a city against an
    intruder, or ships bombarding someone else's units."""
    seats = {p.seat for p in pieces}
    if len(seats) >= 2:
        return True
    aims = {d.aim for d in state.defences[h]}
    intruders = [p for p in pieces if p.seat != state.owner[h]] + [p for _, p in bombarders]
    if any(p.unit in aims and p.seat != state.owner[h] for p in intruders):
        return True
    return any(s != p.seat for _, p in bombarders for s in seats)
