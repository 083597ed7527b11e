"""Where a unit may still go and where aircraft may land: queries on a position shared by movement
(``movement.py``), the end of the turn (``turns.py``), the legal-move sample (``legal.py``) and the AI."""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable

from rules.axis_allies.common import IS_SEA, NEIGHBOURS, enemy_fighting, friendly_land, hostile_land
from rules.axis_allies.state import BOMBING, COMBAT, NOBODY, SIDE, AAState, Stack
from rules.axis_allies.units import movement


def remaining(stack: Stack, techs: Iterable[str]) -> int:
    return movement(stack.unit, tuple(techs)) - stack.moved


def committed(state: AAState, stack: Stack, where: int) -> bool:
    """A unit that moved into a battle this combat move stays for the battle."""
    if not stack.flags & COMBAT:
        return False
    if stack.flags & BOMBING:
        return True
    return bool(enemy_fighting(state, where, stack.power)) or hostile_land(state, where, stack.power)


def untaken_neutral(state: AAState, where: int) -> bool:
    return not IS_SEA[where] and state.owner[where] == NOBODY


def landing_spot(
    state: AAState, power: int, where: int, unit: str, extra_carriers: int = 0, later: bool = False
) -> bool:
    """Aircraft of ``power`` may end the turn in ``where``: friendly land held since the turn began (not
    taken this turn), or, for fighters, a sea zone with a friendly carrier with room. ``later``: count
    also ``power``'s carriers that can still sail there this turn (TripleA's rule for a fighter
    planning its landing in the combat move; the document wants the carrier moved first)."""
    if IS_SEA[where]:
        if unit != "fighter":
            return False
        if enemy_fighting(state, where, power):
            return False
        if later:
            extra_carriers += carriers_in_reach(state, power, where)
        return carrier_room(state, where, power) + 2 * extra_carriers > 0
    return (
        friendly_land(state, where, power)
        and where not in state.captured
        and (not state.start_owner or friendly_owner(state.start_owner[where], power))
    )


def friendly_owner(owner: int, power: int) -> bool:
    return owner != NOBODY and SIDE[owner] == SIDE[power]


def carrier_room(state: AAState, where: int, power: int) -> int:
    """Free fighter places on friendly carriers in ``where``."""
    room = 0
    for s in state.units[where]:
        if SIDE[s.power] != SIDE[power]:
            continue
        if s.unit == "carrier":
            room += 2 * s.count
        elif s.unit == "fighter":
            room -= s.count
    return room


def distances(state: AAState, power: int, start: int, limit: int) -> dict[int, int]:
    """Spaces an aircraft of ``power`` reaches from ``start`` in ``limit`` steps (neutrals closed)."""
    seen = {start: 0}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        if seen[here] >= limit:
            continue
        for n in NEIGHBOURS[here]:
            if n not in seen and not untaken_neutral(state, n):
                seen[n] = seen[here] + 1
                queue.append(n)
    return seen


def can_reach_landing(
    state: AAState,
    power: int,
    start: int,
    unit: str,
    left: int,
    extra_carrier_at: int | None = None,
    later: bool = False,
) -> bool:
    for where in distances(state, power, start, left):
        extra = 1 if where == extra_carrier_at else 0
        if landing_spot(state, power, where, unit, extra, later):
            return True
    return False


def carriers_in_reach(state: AAState, power: int, zone: int) -> int:
    """``power``'s carriers elsewhere that have not moved in this combat move and can still sail to
    ``zone`` this turn (through zones free of enemy ships)."""
    techs = state.techs[power]
    found = 0
    seen = {zone: 0}
    frontier = [zone]
    for step in range(1, movement("carrier", techs) + 1):
        nxt = []
        for here in frontier:
            if here != zone and any(
                SIDE[s.power] != SIDE[power] and s.unit != "factory" for s in state.units[here]
            ):
                continue  # enemy units stop ships there: no carrier passes
            for n in NEIGHBOURS[here]:
                if IS_SEA[n] and n not in seen:
                    seen[n] = step
                    nxt.append(n)
        frontier = nxt
    for where, steps in seen.items():
        if where == zone:
            continue
        for s in state.units[where]:
            free = s.power == power and s.unit == "carrier" and not s.flags & COMBAT
            if free and remaining(s, techs) >= steps:
                found += s.count
    return found


def shortest_air_path(state: AAState, power: int, start: int, goal: int) -> list[int] | None:
    """The shortest path an aircraft may fly (neutral airspace closed)."""
    prev = {start: start}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        if here == goal:
            path = [here]
            while path[-1] != start:
                path.append(prev[path[-1]])
            return path[::-1]
        for n in NEIGHBOURS[here]:
            if n not in prev and (n == goal or not untaken_neutral(state, n)):
                prev[n] = here
                queue.append(n)
    return None
