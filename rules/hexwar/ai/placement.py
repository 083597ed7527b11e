"""The AI's setup: where its hexes, starting units and capital go.

Hexes: land next to its own land (a compact country is easier to hold), cities where its own land
surrounds them and away from enemy land, port cities beside water, water between itself and the
others. Units: towards the borders with enemy land, weighted by how exposed each hex is, tanks to the
most exposed, the plane and the hovercraft behind. Capital: the safest hex it holds, a city if it can.
"""

from __future__ import annotations

import random

from rules.core.events import Action
from rules.hexwar.actions import PlaceCapital, PlaceHex, PlaceUnit
from rules.hexwar.board import frontier, grid
from rules.hexwar.common import board_of, is_city
from rules.hexwar.state import KINDS, WATER_OWNER, HexState
from rules.hexwar.units import HOV, INF, ORDER, PLANE, TANK


def place_hex(state: HexState, seat: int, rng: random.Random) -> Action:
    g = grid(state.width, state.height)
    at = {cell: h for h, cell in enumerate(state.cells)}
    hand = state.hands[seat]
    best: tuple[float, str, int] | None = None
    for cell in frontier(g, state.cells):
        own = enemy = water = 0
        for n in g.neighbours(cell):
            if n not in at:
                continue
            owner = state.owner[at[n]]
            if owner == seat:
                own += 1
            elif owner == WATER_OWNER:
                water += 1
            else:
                enemy += 1
        for i, kind in enumerate(KINDS):
            if not hand[i]:
                continue
            if kind == "water":
                score = 1.5 * enemy - 0.5 * own + 0.2 * water
            else:
                score = 2.0 * own - 1.0 * enemy
                if kind == "city":
                    score += own - 2.0 * enemy
                elif kind == "port":
                    score += 2.0 * water - enemy
            # Play the commonest kind first, keeping the special hexes for the best spots.
            score += 0.3 * hand[i] / max(1, sum(hand)) + rng.random() * 0.5
            if best is None or score > best[0]:
                best = (score, kind, cell)
    assert best is not None
    return PlaceHex(best[1], g.name(best[2]))


def _exposure(state: HexState, seat: int) -> dict[int, float]:
    b = board_of(state)
    exposure = {}
    for h in range(b.size):
        if state.owner[h] != seat:
            continue
        enemy = sum(1 for n in b.neighbours[h] if state.owner[n] not in (seat, WATER_OWNER))
        near = sum(
            1 for e in range(b.size) if state.owner[e] not in (seat, WATER_OWNER) and b.distance[h][e] == 2
        )
        exposure[h] = enemy + 0.3 * near + (0.8 if is_city(state, h) else 0.0)
    return exposure


def place_unit(state: HexState, seat: int, rng: random.Random) -> Action:
    b = board_of(state)
    exposure = _exposure(state, seat)
    left = state.units_left[seat]
    # Tanks first (to the most exposed hexes), then infantry; the plane and hovercraft last, behind.
    for unit in (TANK, INF, HOV, PLANE):
        if left[ORDER.index(unit)]:
            break
    have = {h: sum(s.count for s in state.units[h] if s.seat == seat) for h in exposure}
    if unit in (PLANE, HOV):

        def score(h: int) -> float:
            water = sum(1 for n in b.neighbours[h] if b.water[n]) if unit == HOV else 0
            return -exposure[h] + water + rng.random() * 0.1
    else:

        def score(h: int) -> float:
            return (exposure[h] + 0.5) / (1 + have[h]) + rng.random() * 0.1

    target = max(exposure, key=score)
    return PlaceUnit(unit, b.names[target])


def place_capital(state: HexState, seat: int, rng: random.Random) -> Action:
    b = board_of(state)
    exposure = _exposure(state, seat)

    def score(h: int) -> float:
        guards = sum(s.count for s in state.units[h] if s.seat == seat)
        own = sum(1 for n in b.neighbours[h] if state.owner[n] == seat)
        return 0.5 * guards + own - 2.5 * exposure[h] + (1.5 if is_city(state, h) else 0) + rng.random() * 0.1

    return PlaceCapital(b.names[max(exposure, key=score)])
