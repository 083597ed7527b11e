"""The `normal` AI's shipyard: what ships a Build adds (a ship for each free sea zone near its coasts,
strength against the enemy ships there, ships to carry armies where only the sea reaches), of which kinds
(leaning against what the enemy sails), and the army bought with the rest. Only public things are read.
"""

from __future__ import annotations

import random

from rules.attack.actions import Buy, Ships, Troops
from rules.attack.ai.forces import counts
from rules.attack.ai.plans import endangered, purse
from rules.attack.ai.survey import hostile_neighbours, pressure
from rules.attack.battle.lines import navy_strength
from rules.attack.board import Layout
from rules.attack.common import army_steps, own_regions, supplied
from rules.attack.economy import advanced_limit, price
from rules.attack.state import NEUTRAL, AttackState
from rules.attack.tables import (
    ADVANCED_NAVY,
    ARTILLERY,
    BATTLESHIP,
    CARRIER,
    DESTROYER,
    INFANTRY,
    NONE,
    PLANE,
    SUBMARINE,
    TANK,
    Counts,
    add,
)
from rules.core.events import Action

ZONES_WANTED = 6  # free sea zones near its coasts the navy aims to hold at most
NAVY_SHARE = 0.3  # of a Build's production for ships while the navy wants more (more lost the army
# regions: 0.4, with a battleship's price whenever 3 were left, won 0.665 of 200 games against `easy`;
# 0.3 won 0.715 on the same seeds)
BIG_SHIP = 6  # with enemy ships near, ships may take this much (a battleship's price) while 3 are left
OIL_KEPT = 1  # oil certificates ships leave for a tank or a plane
MIX = (0.25, 0.25, 0.25, 0.25)  # the fleet it aims for: submarines, destroyers, battleships, carriers


def _near_zones(board: Layout, region_set: list[int], steps: int) -> set[int]:
    found = {z for r in region_set for z in board.coasts[r]}
    edge = set(found)
    for _ in range(steps - 1):
        edge = {n for z in edge for n in board.seas[z]} - found
        found |= edge
    return found


def _navy_of(state: AttackState, board: Layout, seat: int) -> Counts:
    """Every ship of ours: on our coastlines and in the zones we hold."""
    have = NONE
    for r in own_regions(state, seat):
        have = add(have, state.coast_navy[r])
    for z in range(board.zones):
        if state.zone_owner[z] == seat:
            have = add(have, state.zone_navy[z])
    return have


def navy_need(state: AttackState, board: Layout, seat: int) -> tuple[int, Counts]:
    """(ships wanted more, enemy ships near our coasts): a ship for each free zone near our coasts (up
    to 6), strength to beat the enemy ships there, and two to carry armies to coasts only the sea
    reaches."""
    mine = own_regions(state, seat)
    near = _near_zones(board, mine, state.options.navy_range)
    have = _navy_of(state, board, seat)
    enemy = [0, 0, 0, 0]
    free = 0
    for z in near:
        owner = state.zone_owner[z]
        if owner == NEUTRAL:
            free += 1
        elif owner != seat:
            for k in range(4):
                enemy[k] += state.zone_navy[z][k]
    overseas = any(
        state.owner[t] != seat and not any(state.owner[n] == seat for n in army_steps(state, board, seat, t))
        for z in near
        for t in board.shores[z]
    )
    # ships holding zones already are not counted against the free zones still to claim
    idle = sum(sum(state.coast_navy[r]) for r in mine)
    want = min(free, ZONES_WANTED) + (2 if overseas else 0) - idle
    strength_gap = 1.3 * navy_strength(counts(enemy)) - navy_strength(have)
    want += max(0, int(strength_gap / 2 + 0.99))
    return max(0, want), counts(enemy)


def _ship_kind(have: list[int], enemy: Counts, options: list[int], dice: random.Random) -> int:
    """The kind the fleet is shortest of against its aim; destroyers hunt submarines, submarines the big
    ships, battleships destroyers and carriers (3 against 2 in every engagement, and two hits to sink),
    so the aim leans against what the enemy sails."""
    aim = list(MIX)
    total_enemy = sum(enemy) or 1
    aim[DESTROYER] += 0.3 * enemy[SUBMARINE] / total_enemy
    aim[SUBMARINE] += 0.3 * (enemy[BATTLESHIP] + enemy[CARRIER]) / total_enemy
    aim[BATTLESHIP] += 0.3 * (enemy[DESTROYER] + enemy[CARRIER]) / total_enemy
    total = sum(have) + 1
    # ties go to the big ships first (a carrier's air support, a battleship's two hits): the battleship
    # when an enemy fleet is near (it wins more engagements), else either at random
    big = not any(enemy) and dice.random() < 0.5
    prefer = (
        (CARRIER, BATTLESHIP, DESTROYER, SUBMARINE) if big else (BATTLESHIP, CARRIER, DESTROYER, SUBMARINE)
    )
    return min(options, key=lambda k: (round(have[k] / total - aim[k], 6), prefer.index(k)))


def next_buy(state: AttackState, board: Layout, seat: int, dice: random.Random) -> Action | None:
    """The Build, in one purchase: the ships the navy needs and a mixed army with what is left (less a
    purse for talks). With ships to buy, everything goes to the coast that wants them most and stands
    nearest the front (armies there can embark); else the army goes to the front."""
    turn = state.turn
    assert turn is not None
    current = state.seats[seat]
    places = supplied(state, board, seat)
    if not places:
        return None
    danger = endangered(state, board, seat)
    production = current.production - (0 if danger else purse(state, board, seat))
    oil, limit = current.oil, advanced_limit(state, seat)
    place = _army_place(state, board, seat, places, danger)
    navy = [0, 0, 0, 0]
    shores = sorted(r for r in places if board.coasts[r])
    want, enemy = navy_need(state, board, seat)
    if shores and not danger and want:
        shipyard = max(
            shores, key=lambda r: (_front(state, board, seat, r) + _open_sea(state, board, seat, r), -r)
        )
        have = list(_navy_of(state, board, seat))
        budget = NAVY_SHARE * production
        if any(enemy) or (sum(have) >= 2 and not have[CARRIER]):
            # enemy ships near, or a fleet of two or more without a carrier: room for a battleship or a
            # carrier, which win most engagements against the small ships. A fleet with a battleship but
            # no carrier makes room for a carrier too, whose air die hits in every round (issue 31: when
            # only a fleet of small ships made room, carriers came in 49% of 300 three-player games)
            budget = max(budget, min(production - 3, BIG_SHIP))
        advanced = turn.advanced[1]
        while want > 0:
            options = []
            for kind in range(4):
                if ADVANCED_NAVY[kind] and advanced >= limit:
                    continue
                trial = list(navy)
                trial[kind] += 1
                p, o = price(state, seat, NONE, counts(trial))
                if p <= budget and o <= max(0, oil - OIL_KEPT):
                    options.append(kind)
            if not options:
                break
            kind = _ship_kind([h + n for h, n in zip(have, navy, strict=True)], enemy, options, dice)
            navy[kind] += 1
            advanced += ADVANCED_NAVY[kind]
            want -= 1
        if any(navy):
            place = shipyard
    army = _army_buy(state, seat, place, production, oil, counts(navy), limit)
    if not any(army) and not any(navy):
        return None
    return Buy(board.region_ids[place], Troops.of(army), Ships.of(counts(navy)))


def _front(state: AttackState, board: Layout, seat: int, region: int) -> int:
    return pressure(state, board, seat, region) + 2 * len(hostile_neighbours(state, board, seat, region))


def _open_sea(state: AttackState, board: Layout, seat: int, region: int) -> int:
    return sum(1 for z in board.coasts[region] if state.zone_owner[z] != seat)


def _army_place(state: AttackState, board: Layout, seat: int, places: set[int], danger: bool) -> int:
    if danger:
        return state.seats[seat].capital
    return max(places, key=lambda r: (_front(state, board, seat, r), -r))


def _army_buy(
    state: AttackState, seat: int, place: int, production: int, oil: int, navy: Counts, limit: int
) -> Counts:
    """A mixed army: each unit the kind ``place`` is shortest of (as the `easy` AI buys)."""
    turn = state.turn
    assert turn is not None
    have = list(state.army[place])
    army = [0, 0, 0, 0]
    advanced = turn.advanced[0]
    while True:
        options = []
        for kind in (PLANE, TANK, ARTILLERY, INFANTRY):
            if kind in (TANK, PLANE) and advanced >= limit:
                continue
            trial = list(army)
            trial[kind] += 1
            p, o = price(state, seat, counts(trial), navy)
            if p <= production and o <= oil:
                options.append((have[kind] + army[kind], -kind, kind))
        if not options:
            break
        _, _, kind = min(options)
        army[kind] += 1
        advanced += kind in (TANK, PLANE)
    return counts(army)
