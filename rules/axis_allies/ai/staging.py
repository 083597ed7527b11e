"""The ``normal`` island Allies' shipping against Tokyo alone (Berlin taken): the armies staged on the
Pacific coast nearest Japan, two transport fleets in place of one (issue 32's undecided games).

In the all-normal games left undecided at round 30 (``aan17-t``, followed turn by turn), Berlin was
Allied and Japan, producing 12-22, kept Tokyo with a defence of 16-208 while the UK's army (40 to 110
infantry and tanks) waited in London: the easy AI's shipping sails every British transport from the
North Sea to Japan's waters (eight sea steps, four turns) and back, so a transport lands one tank in
eight or nine turns, and its sieges came one small wave at a time.

- Staging lands: friendly coasts with one shore within NEAR sea steps of Tokyo's waters and another
  beyond (West US, West Canada, Mexico): the Pacific side and the Atlantic side meet there.
- Beyond NEAR (the Atlantic fleet): loaded transports unload on the nearest staging land (London to
  West Canada: one turn by the East Canada zone) while the Pacific fleet has room for what is staged
  there (else they sail on for Japan's waters, as the easy AI's do), load only away from the staging
  lands, and go back empty to the ports beyond NEAR (London's North Sea).
- Within NEAR (the Pacific fleet): transports load at the staging lands (and any coast in the
  Pacific) and gather next to Japan's waters as the easy AI's shipping does (``moves.deliver``);
  empty, they go back only to Pacific ports, never to London.
- Empty transports beyond NEAR cross to the Pacific while the army staged lacks room on the Pacific
  fleet (the room of empty transports within TRANSIT steps, those crossing included), keeping EAST
  of the transports in the Atlantic; the Pacific's, with nothing staged, go back to make up EAST.
- Land units next to a staging land (East US, East Canada) walk onto it.

The assault itself stays the push's and the easy AI's siege. STAGE 0 turns it off (the bench's
``--set staging.STAGE=0``).
"""

from __future__ import annotations

import math

from rules.axis_allies.actions import Move
from rules.axis_allies.ai.attack import spare
from rules.axis_allies.ai.moves import _boats, _waiting, deliver
from rules.axis_allies.ai.purchase import ISLAND_POWERS, SLOTS, _island, goal_capitals
from rules.axis_allies.ai.survey import COASTS, SEA_STEPS, View, legal, merge_counts, movable, sea_path
from rules.axis_allies.common import IS_SEA, NAMES, NEIGHBOURS, SIZE, friendly_land
from rules.axis_allies.reach import remaining
from rules.axis_allies.state import ALLIED_SIDE
from rules.axis_allies.units import Domain

__all__ = ["active", "ship", "staging_lands"]

STAGE = 1  # 0: the easy AI's shipping against Tokyo alone (the version before), for the bench's --set
NEAR = 3  # sea steps from the goal's waters within which a zone is on the Pacific side
TRANSIT = 6  # empty transports this near count as Pacific room (crossing by the Panama canal)
EAST = 1 / 3  # the share of our transports kept in the Atlantic (beyond TRANSIT)


def _goal(view: View) -> int:
    return goal_capitals(view.state, view.power)[0]


def steps(goal: int, zone: int) -> int:
    """Sea steps from ``zone`` to the waters of ``goal`` (99: far or cut off)."""
    return min((SEA_STEPS[zone].get(z, 99) for z in COASTS[goal]), default=99)


def active(view: View) -> bool:
    """An island Allied power going for island capitals alone, with a staging land held."""
    if not STAGE or view.side != ALLIED_SIDE or view.power not in ISLAND_POWERS:
        return False
    if not all(_island(c) for c in goal_capitals(view.state, view.power)):
        return False
    return bool(staging_lands(view))


def staging_lands(view: View) -> list[int]:
    """Friendly coasts with a shore within NEAR of the goal's waters and another beyond it."""
    goal = _goal(view)
    found = []
    for land in range(SIZE):
        if IS_SEA[land] or not COASTS[land] or not friendly_land(view.state, land, view.power):
            continue
        near = [steps(goal, z) <= NEAR for z in COASTS[land]]
        if any(near) and not all(near):
            found.append(land)
    return found


def _slots(view: View, land: int) -> int:
    return sum(SLOTS[s.unit] * s.count for s in _waiting(view, land))


def _pacific_room(view: View) -> int:
    """Room on our empty transports within TRANSIT of the goal's waters (crossing ones included)."""
    goal = _goal(view)
    return sum(
        2 * b.count
        for zone in range(SIZE)
        if IS_SEA[zone] and steps(goal, zone) <= TRANSIT
        for b in _boats(view.state, view.power, zone)
        if not b.cargo
    )


def _staged(view: View, lands: list[int]) -> int:
    """Transport slots of all our land units on the staging lands (landed this turn included)."""
    return sum(
        SLOTS.get(s.unit, 0) * s.count for t in lands for s in view.state.units[t] if s.power == view.power
    )


def unload_far(view: View) -> Move | None:
    """Loaded transports beyond NEAR unload on the nearest staging land, or sail toward it, while
    the Pacific fleet has room for them there; else they sail on for Japan's waters (the easy AI's
    ``deliver``), as the first transports must when no Pacific fleet is there yet."""
    state, power, goal = view.state, view.power, _goal(view)
    lands = staging_lands(view)
    shores = {z for t in lands for z in COASTS[t] if steps(goal, z) > NEAR}
    room = _pacific_room(view) - _staged(view, lands)
    for zone in range(SIZE):
        if not IS_SEA[zone] or steps(goal, zone) <= NEAR:
            continue
        for b in _boats(state, power, zone):
            if not b.cargo or room < sum(SLOTS.get(u, 0) for u in b.cargo) * b.count:
                continue
            units = merge_counts(tuple((u, b.count) for u in b.cargo))
            for land in lands:
                if zone in COASTS[land]:
                    move = legal(state, power, Move(units, (NAMES[zone], NAMES[land])))
                    if move is not None:
                        return move
            left = remaining(b, view.techs)
            path = sea_path(state, power, zone, shores) if left > 0 and zone not in shores else None
            if path is None:
                continue
            name = "transport:" + "+".join(b.cargo)
            step = path[: min(left, len(path) - 1) + 1]
            move = legal(state, power, Move(((name, b.count),), tuple(NAMES[x] for x in step)))
            if move is not None:
                return move
    return None


def _room(view: View, zone: int) -> tuple[int, int]:
    """(infantry places, tank places) left on our transports in ``zone``."""
    boats = [b for b in _boats(view.state, view.power, zone) if len(b.cargo) < 2 and "tank" not in b.cargo]
    return sum((2 - len(b.cargo)) * b.count for b in boats), sum(b.count for b in boats if not b.cargo)


def load_here(view: View) -> Move | None:
    """Transports with room take on the units waiting on their coasts, tanks first: the Pacific fleet
    anywhere, the Atlantic fleet away from the staging lands (what it brought there stays)."""
    state, power, goal = view.state, view.power, _goal(view)
    lands = set(staging_lands(view))
    for zone in range(SIZE):
        if not IS_SEA[zone]:
            continue
        far = steps(goal, zone) > NEAR
        pairs, empty = _room(view, zone)
        for land in NEIGHBOURS[zone]:
            if IS_SEA[land] or (far and land in lands) or not pairs:
                continue
            stacks = sorted(_waiting(view, land), key=lambda s: (s.unit != "tank", s.unit))
            boards = (
                Move(((s.unit, k),), (NAMES[land], NAMES[zone]))
                for s in stacks
                if (k := min(spare(view, land, s.unit, s.count), empty if s.unit == "tank" else pairs)) > 0
            )
            move = next((m for m in boards if legal(state, power, m) is not None), None)
            if move is not None:
                return move
    return None


def ports_of(view: View, lands: set[int]) -> dict[int, int]:
    """Zones next to our units waiting to ship, with the transport slots they need (a staging land
    is a port on its Pacific shores only)."""
    goal = _goal(view)
    ports: dict[int, int] = {}
    for land in range(SIZE):
        if IS_SEA[land] or not COASTS[land]:
            continue
        waiting = _slots(view, land)
        if not waiting:
            continue
        for z in COASTS[land]:
            if steps(goal, z) <= NEAR or land not in lands:
                ports[z] = ports.get(z, 0) + waiting
    return ports


def return_here(view: View) -> Move | None:
    """Empty transports sail for the port of their own fleet where most units wait (the Pacific
    fleet's: coasts within NEAR; the Atlantic fleet's: beyond NEAR, the staging lands left out).
    Between the fleets: the Atlantic's cross to the Pacific while the army staged lacks room there
    (as many as it lacks), keeping EAST of all our transports; the Pacific's with nothing staged go
    back to the Atlantic while it has less than that (the UK's new transports are all placed there,
    but an Atlantic fleet that crossed whole left London's army with none)."""
    state, power, goal = view.state, view.power, _goal(view)
    lands = set(staging_lands(view))
    short = sum(_slots(view, t) for t in lands) - _pacific_room(view)  # slots the Pacific lacks
    fleet = [
        (steps(goal, z), s.count)
        for z in range(SIZE)
        if IS_SEA[z]
        for s in state.units[z]
        if s.power == power and s.unit == "transport"
    ]
    keep = math.ceil(sum(n for _d, n in fleet) * EAST)  # the Atlantic fleet's share
    atlantic = sum(n for d, n in fleet if d > TRANSIT)
    if not any(steps(goal, z) <= NEAR for z in ports_of(view, lands)):
        # Nothing staged: the empty transports that sailed this phase within TRANSIT go east.
        atlantic += sum(
            b.count
            for z in range(SIZE)
            if IS_SEA[z] and steps(goal, z) <= TRANSIT
            for b in state.units[z]
            if b.power == power and b.unit == "transport" and not b.cargo and b.moved
        )
    ports: dict[bool, dict[int, int]] = {True: {}, False: {}}  # near?: {zone: waiting slots}
    for z, waiting in ports_of(view, lands).items():
        ports[steps(goal, z) <= NEAR][z] = waiting
    for zone in range(SIZE):
        if not IS_SEA[zone]:
            continue
        d = steps(goal, zone)
        for b in _boats(state, power, zone):
            if b.cargo or b.moved or remaining(b, view.techs) <= 0:
                continue
            n = b.count
            if d > TRANSIT:  # the Atlantic fleet
                west = min(n, (short + 1) // 2, atlantic - keep)
                goals, n = (ports[True], west) if west > 0 else (ports[False], n)
            elif ports[True] or atlantic >= keep:  # the Pacific fleet, or one crossing it
                goals = ports[True]
            else:
                goals, n = ports[False], min(n, keep - atlantic)
            move = None if zone in goals else _sail_empty(view, zone, n, remaining(b, view.techs), goals)
            if move is not None:
                return move
    return None


def _sail_empty(view: View, zone: int, n: int, left: int, ports: dict[int, int]) -> Move | None:
    """``n`` empty transports a step of ``left`` toward one of the three best ports (the nearest,
    counting the units waiting there as the easy AI's ``return_empty`` does)."""
    ranked = sorted(ports, key=lambda z: (SEA_STEPS[zone].get(z, 99) - ports[z] / 4, z))[:3]
    paths = [p for p in (sea_path(view.state, view.power, zone, {port}) for port in ranked) if p]
    steps_ = (p[: min(left, len(p) - 1) + 1] for p in paths)
    sails = (Move((("transport:empty", n),), tuple(NAMES[x] for x in step)) for step in steps_)
    return next((m for m in sails if legal(view.state, view.power, m) is not None), None)


def walk(view: View) -> Move | None:
    """Land units next to a staging land, on a coast with no Pacific shore, walk onto it."""
    state, power, goal = view.state, view.power, _goal(view)
    lands = staging_lands(view)
    for where in range(SIZE):
        if IS_SEA[where] or where in lands or not friendly_land(state, where, power):
            continue
        if any(steps(goal, z) <= NEAR for z in COASTS[where]):
            continue
        to = [t for t in lands if t in NEIGHBOURS[where]]
        if not to:
            continue
        for s in movable(state, power, where, Domain.LAND):
            if s.unit not in SLOTS:
                continue
            k = spare(view, where, s.unit, s.count)
            move = legal(state, power, Move(((s.unit, k),), (NAMES[where], NAMES[to[0]]))) if k > 0 else None
            if move is not None:
                return move
    return None


def ship(view: View) -> Move | None:
    """The staged shipping, one move: the Atlantic fleet's cargo to the staging lands, then the easy
    AI's delivery for the Pacific fleet, walks, loads and the empty transports' return."""
    return unload_far(view) or deliver(view) or walk(view) or load_here(view) or return_here(view)
