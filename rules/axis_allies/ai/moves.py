"""The AI's non-combat move: land the aircraft, cover the capital, ship armies, gather the fleet,
bring land units and aircraft up to the front.

Shipping: transports load the land units waiting away from the front (at the factories, mostly),
sail for the friendly coast that most needs them (a front next to enemy land, near the main enemy
capital or an allied capital under threat, and not one the enemy would overrun) and unload there;
empty transports go back to where units wait. Warships join the transports. Land units advance over
friendly land but do not walk into a front territory the enemy would overrun; aircraft land where
their defence is needed (a threatened allied capital first); bombers are based within raiding range
of the enemy capital's factory. Against an island, transports load tanks first.
"""

from __future__ import annotations

from collections import deque

from rules.axis_allies.actions import Move
from rules.axis_allies.ai.purchase import SLOTS, goal_capitals
from rules.axis_allies.ai.raids import stage_bombers
from rules.axis_allies.ai.survey import (
    COASTS,
    LAND_STEPS,
    SEA_STEPS,
    View,
    legal,
    merge_counts,
    movable,
    sea_path,
)
from rules.axis_allies.common import (
    CAPITAL,
    IS_SEA,
    NAMES,
    NEIGHBOURS,
    SIZE,
    enemy_units,
    friendly_land,
    hostile_land,
)
from rules.axis_allies.reach import carrier_room, distances, landing_spot, remaining, shortest_air_path
from rules.axis_allies.state import COMBAT, SIDE, UNLOADED, AAState, Stack
from rules.axis_allies.units import Domain, defense_value, movement

LAND, SEA, AIR = Domain.LAND, Domain.SEA, Domain.AIR
FRONT = 10  # a destination score from which a coast is worth shipping to


def noncombat_move(view: View) -> Move | None:
    for finder in (
        lambda v: land_aircraft(v.state, v.power),
        cover_capital,
        deliver,
        load,
        return_empty,
        escort,
        advance,
        stage_bombers,
        fly_to_front,
    ):
        move = finder(view)
        if move is not None:
            return move
    return None


# ---- aircraft ----------------------------------------------------------------------------------------


def landings(state: AAState, power: int, start: int, unit: str, left: int) -> list[int]:
    """Where aircraft in ``start`` with ``left`` movement may land, nearest first."""
    reach = distances(state, power, start, left)
    return [where for where in reach if where != start and landing_spot(state, power, where, unit)]


def land_aircraft(state: AAState, power: int) -> Move | None:
    """Aircraft that cannot stay where they are fly to the nearest place they may land."""
    techs = state.techs[power]
    for where in range(SIZE):
        for s in movable(state, power, where, AIR):
            if landing_spot(state, power, where, s.unit) and not (
                IS_SEA[where] and carrier_room(state, where, power) < 0
            ):
                continue
            left = remaining(s, techs)
            best = None
            for spot in landings(state, power, where, s.unit, left):
                path = shortest_air_path(state, power, where, spot)
                if path is None or len(path) - 1 > left:
                    continue
                move = legal(state, power, Move(((s.unit, s.count),), tuple(NAMES[x] for x in path)))
                if move is not None and (best is None or len(path) < best[0]):
                    best = (len(path), move)
            if best is not None:
                return best[1]
    return None


def fly_to_front(view: View) -> Move | None:
    """Aircraft not yet moved: to a threatened allied capital in reach, else nearer the front."""
    state, power = view.state, view.power
    dist = front_distance(state, power)
    techs = view.techs
    for where in range(SIZE):
        if IS_SEA[where]:
            continue
        for s in movable(state, power, where, AIR):
            if (
                s.moved
                or view.capital_need(where) > view.defence(where) - defense_value(s.unit, techs) * s.count
            ):
                continue
            spots = [t for t in landings(state, power, where, s.unit, remaining(s, techs)) if not IS_SEA[t]]
            capitals = [
                t
                for t in spots
                if any(t == CAPITAL[p] and SIDE[p] == view.side for p in range(5))
                and view.threat(t) + 2 > view.defence(t)
                and view.threat(t) < 2 * (view.defence(t) + defense_value(s.unit, techs) * s.count)
            ]
            if capitals and where not in capitals:
                goal = max(capitals, key=lambda t: (view.threat(t) - view.defence(t), -t))
            else:
                if dist.get(where, 0) <= 1:
                    continue
                options = [t for t in spots if dist.get(t, 99) < dist.get(where, 99) and _holds(view, t, s)]
                if not options:
                    continue
                goal = min(options, key=lambda t: (dist.get(t, 99), t))
            path = shortest_air_path(state, power, where, goal)
            if path is None:
                continue
            move = legal(state, power, Move(((s.unit, s.count),), tuple(NAMES[x] for x in path)))
            if move is not None:
                return move
    return None


def _holds(view: View, where: int, s: Stack) -> bool:
    """The units would not be overrun there: the threat is less than twice the defence they join."""
    added = defense_value(s.unit, view.techs) * s.count
    return view.threat(where) < 2 * (view.defence(where) + added)


# ---- land --------------------------------------------------------------------------------------------


def cover_capital(view: View) -> Move | None:
    state, power = view.state, view.power
    capital = CAPITAL[power]
    if state.owner[capital] != power or view.threat(capital) + 2 <= view.defence(capital):
        return None
    for n in sorted(LAND_STEPS[capital], key=lambda t: (LAND_STEPS[capital][t], t)):
        d = LAND_STEPS[capital][n]
        if d == 0 or d > 2 or not friendly_land(state, n, power):
            continue
        for s in movable(state, power, n, LAND, d):
            if d == 2:
                via = [
                    m for m in NEIGHBOURS[n] if m in NEIGHBOURS[capital] and friendly_land(state, m, power)
                ]
                if not via:
                    continue
                path: tuple[int, ...] = (n, via[0], capital)
            else:
                path = (n, capital)
            move = legal(state, power, Move(((s.unit, s.count),), tuple(NAMES[x] for x in path)))
            if move is not None:
                return move
    return None


def front_distance(state: AAState, power: int) -> dict[int, int]:
    """Steps over friendly land from each friendly territory to the nearest hostile land."""
    dist: dict[int, int] = {}
    queue: deque[int] = deque()
    for t in range(SIZE):
        if hostile_land(state, t, power):
            dist[t] = 0
            queue.append(t)
    while queue:
        here = queue.popleft()
        for n in NEIGHBOURS[here]:
            if n not in dist and friendly_land(state, n, power):
                dist[n] = dist[here] + 1
                queue.append(n)
    return dist


def advance(view: View) -> Move | None:
    """Land units away from the front step toward it over friendly land, not into a lost cause, and
    keeping what the capital needs."""
    state, power = view.state, view.power
    dist = front_distance(state, power)
    techs = view.techs
    for where in range(SIZE):
        if IS_SEA[where] or dist.get(where, 99) <= 1 or where not in dist:
            continue
        for s in movable(state, power, where, LAND):
            if s.unit == "aa_gun":
                continue
            k = s.count
            need = view.capital_need(where)
            if need:
                k = min(k, max(0, (view.defence(where) - need) // max(defense_value(s.unit, techs), 1)))
            if k <= 0:
                continue
            steps = min(remaining(s, techs), movement(s.unit, techs))
            path = [where]
            for _ in range(steps):
                here = path[-1]
                nxt = [
                    n
                    for n in NEIGHBOURS[here]
                    if friendly_land(state, n, power)
                    and dist.get(n, 99) < dist[here]
                    and (dist.get(n, 99) > 1 or _holds(view, n, s) or n == CAPITAL[power])
                ]
                if not nxt:
                    break
                path.append(max(nxt, key=lambda n: (view.defence(n), -n)))
            if len(path) < 2:
                continue
            move = legal(state, power, Move(((s.unit, k),), tuple(NAMES[x] for x in path)))
            if move is not None:
                return move
    return None


# ---- shipping ----------------------------------------------------------------------------------------


def destination_score(view: View, land: int, cargo: int = 0) -> float:
    """How much a friendly coast needs land units shipped to it (FRONT and above: a real front)."""
    state = view.state
    if IS_SEA[land] or not friendly_land(state, land, view.power) or not COASTS[land]:
        return -1.0
    score = view.bonus.get(land, 0.0)
    if any(hostile_land(state, n, view.power) for n in NEIGHBOURS[land]):
        score += FRONT
    for p in range(5):
        cap = CAPITAL[p]
        near = SIDE[p] == view.side and state.owner[cap] == p and LAND_STEPS[land].get(cap, 9) <= 1
        if near and view.threat(cap) > view.defence(cap):
            score += FRONT
    goal = goal_capitals(state, view.power)[0]
    score += 30 / (1 + LAND_STEPS[land].get(goal, 9))
    if view.threat(land) > 2 * (view.defence(land) + cargo):
        score -= 2 * FRONT
    return score


def _destinations(view: View) -> list[tuple[float, int]]:
    """Coasts worth shipping land units to, and, when the main enemy capital is an island, the sea
    zones next to its waters where loaded transports gather for the assault."""
    found = [(destination_score(view, t, 4), t) for t in range(SIZE) if not IS_SEA[t] and COASTS[t]]
    dests = [(s, t) for s, t in found if s >= FRONT]
    goal = goal_capitals(view.state, view.power)[0]
    if all(IS_SEA[n] for n in NEIGHBOURS[goal]):
        for z in {n for c in COASTS[goal] for n in NEIGHBOURS[c] if IS_SEA[n] and n not in COASTS[goal]}:
            if not enemy_units(view.state, z, view.power):
                ours = sum(s.count for s in view.state.units[z] if s.power == view.power)
                dests.append((FRONT + 20 + min(ours, 10) / 2, z))
    return dests


def _boats(state: AAState, power: int, zone: int) -> list[Stack]:
    return [
        s
        for s in state.units[zone]
        if s.power == power and s.unit == "transport" and s.target < 0 and not s.flags & (COMBAT | UNLOADED)
    ]


def _approach(dest: int) -> set[int]:
    return {dest} if IS_SEA[dest] else set(COASTS[dest])


def deliver(view: View) -> Move | None:
    """Loaded transports unload at the best coast they reach, or sail toward it (or to the gathering
    zone of an assault on an island capital, and wait there)."""
    state, power = view.state, view.power
    dests = _destinations(view)
    if not dests:
        return None
    for zone in range(SIZE):
        if not IS_SEA[zone]:
            continue
        for b in _boats(state, power, zone):
            if not b.cargo:
                continue
            if any(d == zone for _s, d in dests):
                continue  # gathered for the assault
            units = merge_counts(tuple((u, b.count) for u in b.cargo))
            here = [(s, t) for s, t in dests if not IS_SEA[t] and zone in COASTS[t]]
            if here:
                _score, shore = max(here)
                move = legal(state, power, Move(units, (NAMES[zone], NAMES[shore])))
                if move is not None:
                    return move
            left = remaining(b, view.techs)
            if left <= 0:
                continue
            ranked = sorted(
                dests,
                key=lambda st: (
                    -(st[0] - 4 * min((SEA_STEPS[zone].get(z, 99) for z in _approach(st[1])), default=99)),
                    st[1],
                ),
            )
            for _score, dest in ranked[:3]:
                path = sea_path(state, power, zone, _approach(dest))
                if path is None or len(path) < 2:
                    continue
                step = path[: min(left, len(path) - 1) + 1]
                name = "transport:" + "+".join(b.cargo)
                move = legal(state, power, Move(((name, b.count),), tuple(NAMES[x] for x in step)))
                if move is not None:
                    return move
    return None


def _waiting(view: View, land: int) -> list[Stack]:
    """Our land units on a coast away from the front, free to ship out."""
    state, power = view.state, view.power
    if not friendly_land(state, land, power) or destination_score(view, land) >= FRONT:
        return []
    return [s for s in movable(state, power, land, LAND) if s.unit in SLOTS]


def load(view: View) -> Move | None:
    """Transports with room take on units waiting on their coast (infantry in pairs, tanks alone)."""
    state, power = view.state, view.power
    if not _destinations(view):
        return None
    for zone in range(SIZE):
        if not IS_SEA[zone]:
            continue
        boats = [b for b in _boats(state, power, zone) if len(b.cargo) < 2 and "tank" not in b.cargo]
        if not boats:
            continue
        pairs = sum((2 - len(b.cargo)) * b.count for b in boats)
        empty = sum(b.count for b in boats if not b.cargo)
        for land in NEIGHBOURS[zone]:
            if IS_SEA[land]:
                continue
            # Tanks first against an island (3 attack a transport, two infantry 2); else infantry.
            tanks_first = _island_goal(view)
            for s in sorted(_waiting(view, land), key=lambda s: ((s.unit != "tank") == tanks_first, s.unit)):
                k = s.count
                need = view.capital_need(land)
                if need:
                    k = min(k, max(0, (view.defence(land) - need) // 2))
                k = min(k, pairs if s.unit != "tank" else empty)
                if k <= 0:
                    continue
                move = legal(state, power, Move(((s.unit, k),), (NAMES[land], NAMES[zone])))
                if move is not None:
                    return move
    return None


def _island_goal(view: View) -> bool:
    goal = goal_capitals(view.state, view.power)[0]
    return all(IS_SEA[n] for n in NEIGHBOURS[goal])


def return_empty(view: View, free: bool = False) -> Move | None:
    """Empty transports sail for the coast where most units wait to be shipped. With ``free`` (the
    ``normal`` AI) only units that ``load`` would take count: a capital's last defenders, which the
    threat keeps home, do not make its coast a port where empty transports wait for good."""
    state, power = view.state, view.power
    ports: dict[int, int] = {}
    for land in range(SIZE):
        if IS_SEA[land] or not COASTS[land]:
            continue
        waiting = sum(
            SLOTS.get(s.unit, 0) * s.count for s in state.units[land] if s.power == power and s.unit in SLOTS
        )
        need = view.capital_need(land) if free else 0
        if need:
            waiting = min(waiting, 2 * max(0, (view.defence(land) - need) // 2))
        if waiting and friendly_land(state, land, power) and destination_score(view, land) < FRONT:
            for z in COASTS[land]:
                ports[z] = ports.get(z, 0) + waiting
    if not ports:
        return None
    for zone in range(SIZE):
        if not IS_SEA[zone] or zone in ports:
            continue
        for b in _boats(state, power, zone):
            if b.cargo or b.moved:
                continue
            goals = sorted(ports, key=lambda z: (SEA_STEPS[zone].get(z, 99) - ports[z] / 4, z))[:3]
            for goal in goals:
                path = sea_path(state, power, zone, {goal})
                if path is None:
                    continue
                step = path[: min(remaining(b, view.techs), len(path) - 1) + 1]
                move = legal(
                    state, power, Move((("transport:empty", b.count),), tuple(NAMES[x] for x in step))
                )
                if move is not None:
                    return move
    return None


def escort(view: View) -> Move | None:
    """Warships not yet moved sail to join the biggest group of our transports."""
    state, power = view.state, view.power
    groups = {
        z: sum(s.count for s in state.units[z] if s.power == power and s.unit == "transport")
        for z in range(SIZE)
        if IS_SEA[z]
    }
    groups = {z: n for z, n in groups.items() if n}
    if not groups:
        return None
    for zone in range(SIZE):
        if not IS_SEA[zone] or zone in groups:
            continue
        ships = [s for s in movable(state, power, zone, SEA) if s.unit != "transport" and not s.moved]
        if not ships:
            continue
        goal = max(groups, key=lambda z: (groups[z], -SEA_STEPS[zone].get(z, 99), -z))
        path = sea_path(state, power, zone, {goal})
        if path is None:
            continue
        step = path[: min(len(path) - 1, min(remaining(s, view.techs) for s in ships)) + 1]
        units = merge_counts(tuple((s.unit, s.count) for s in ships))
        move = legal(state, power, Move(units, tuple(NAMES[x] for x in step)))
        if move is not None:
            return move
    return None
