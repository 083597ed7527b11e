"""Where a unit may go this round, judged on the board as it stood when the round began.

Orders name only the two ends of a move; the engine finds whether a route exists (design: players
should not have to spell out paths by post). A route is a chain of adjoining hexes no longer than the
unit's move, and every hex it passes *through* (not the one it ends in) must be open to the mover:

* land: a hex the mover held at the round's start, with no other seat's units in it (entering an enemy
  hex ends a move, as in most war games; the rules let enemies *pass each other*, which simultaneous
  moves give for free: two armies swapping hexes never meet);
* water: no other seat's units in it at the round's start (sea control: "no player may create a movement
  through that zone"; a zone two seats share blocks both).

Planes fly: a plane reaches any land hex within 4 as the crow flies, and strikes water hexes within 3 from
its own land, flying back at the end of the round. Jump troops jump up to 3 as the crow flies.
"""

from __future__ import annotations

from rules.hexwar.common import board_of, has_enemies
from rules.hexwar.state import HexState
from rules.hexwar.units import GROUND, HOV, JUMP_RANGE, PLANE, SHIPS, STRIKE_RANGE, UNITS

MOVE, STRIKE = "move", "strike"


def destinations(state: HexState, seat: int, source: int, unit: str) -> dict[int, str]:
    """Hexes ``unit`` of ``seat`` may end in from ``source`` (never ``source`` itself), each with how it
    gets there: ``move``, or ``strike`` for a plane over water."""
    b = board_of(state)
    if unit == PLANE:
        found = {h: MOVE for h in b.within(source, UNITS[PLANE].move) if not b.water[h]}
        if state.owner[source] == seat:
            found.update({h: STRIKE for h in b.within(source, STRIKE_RANGE) if b.water[h]})
        return found
    reach = UNITS[unit].move
    if unit in GROUND:
        enters_water, enters_land = False, True
    elif unit in SHIPS:
        enters_water, enters_land = True, False
    else:
        assert unit == HOV
        enters_water = enters_land = True
    found = {}
    frontier = [source]
    seen = {source}
    for _ in range(reach):
        following = []
        for here in frontier:
            if here != source and not _open(state, seat, here):
                continue  # a move may end here, but not pass through
            for n in b.neighbours[here]:
                if n in seen or (b.water[n] and not enters_water) or (not b.water[n] and not enters_land):
                    continue
                seen.add(n)
                found[n] = MOVE
                following.append(n)
        frontier = following
    return found


def _open(state: HexState, seat: int, hex_index: int) -> bool:
    if has_enemies(state, hex_index, seat):
        return False
    return state.kinds[hex_index] == "water" or state.owner[hex_index] == seat


def jump_targets(state: HexState, seat: int, source: int) -> tuple[int, ...]:
    """Land hexes a jump troop in ``source`` may jump onto: within 3, and not already its seat's."""
    b = board_of(state)
    return tuple(h for h in b.within(source, JUMP_RANGE) if not b.water[h] and state.owner[h] != seat)


def shore(state: HexState, source: int) -> tuple[int, ...]:
    """Land hexes a ship in water hex ``source`` may bombard."""
    b = board_of(state)
    return tuple(n for n in b.neighbours[source] if not b.water[n])
