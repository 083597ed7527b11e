"""The `normal` AI's navy: which ships a Build adds (what its coasts and plans need), and each step of a
Navigate: strike a fleet it should beat, carry armies to a hostile coast it can take, spread ships over
the free sea zones (each held zone is a victory point). Only public things are read, and its own units.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from rules.attack.actions import Buy, Sail, Ships, Troops
from rules.attack.ai.fleet_odds import fleet_chance
from rules.attack.ai.forces import chance, counts, needed, spare
from rules.attack.ai.plans import endangered, purse
from rules.attack.ai.survey import hostile_neighbours, pressure, region_worth
from rules.attack.battle.lines import TRANSPORT_ORDER, navy_strength
from rules.attack.board import Layout
from rules.attack.cards import playing
from rules.attack.common import army_steps, own_regions, supplied
from rules.attack.economy import advanced_limit, price
from rules.attack.movement import amount, sea_path
from rules.attack.state import NEUTRAL, AttackState
from rules.attack.tables import (
    ADVANCED_NAVY,
    ARTILLERY,
    BATTLESHIP,
    CARRIER,
    DESTROYER,
    INFANTRY,
    NAVAL_SUPREMACY,
    NONE,
    PLANE,
    SUBMARINE,
    TANK,
    Counts,
    add,
    navy_value,
    sub,
)
from rules.core.events import Action

ZONES_WANTED = 6  # free sea zones near its coasts the navy aims to hold at most
NAVY_SHARE = 0.3  # of a Build's production for ships while the navy wants more (more lost the army
# regions: 0.4, with a battleship's price whenever 3 were left, won 0.665 of 200 games against `easy`;
# 0.3 won 0.715 on the same seeds)
BIG_SHIP = 6  # with enemy ships near, ships may take this much (a battleship's price) while 3 are left
OIL_KEPT = 1  # oil certificates ships leave for a tank or a plane
CLAIM_WORTH = 2.5  # a free zone claimed: a victory point while the ship stays
SEA_ONLY = 3.0  # a landing where no army of ours reaches by land: only the navy opens it
STRIKE_ODDS = 0.65  # a fleet attacks another only this sure of holding the zone after
MIX = (0.25, 0.25, 0.25, 0.25)  # the fleet it aims for: submarines, destroyers, battleships, carriers


@dataclass(frozen=True)
class Fleet:
    """Ships of ours free to sail now: from a region's coastline (with the army there to embark) or a
    sea zone (with the army aboard)."""

    source: str
    region: int  # -1 for a zone fleet
    zone: int  # -1 for a coast fleet
    starts: tuple[int, ...]
    ships: Counts
    army: Counts  # a coast fleet: units that may embark; a zone fleet: its cargo


def fleets(state: AttackState, board: Layout, seat: int) -> list[Fleet]:
    turn = state.turn
    sailed = turn.sailed if turn is not None else ()
    arrived = turn.arrived if turn is not None else ()
    found = []
    for region in own_regions(state, seat):
        ships = sub(state.coast_navy[region], amount(sailed, region))
        if any(ships):
            free = sub(state.army[region], amount(arrived, region))
            found.append(
                Fleet(
                    board.region_ids[region],
                    region,
                    -1,
                    tuple(board.coasts[region]),
                    ships,
                    spare(state, board, seat, region, free),
                )
            )
    for zone in range(board.zones):
        if state.zone_owner[zone] == seat and not any(amount(sailed, board.regions + zone)):
            found.append(
                Fleet(
                    board.zone_ids[zone],
                    -1,
                    zone,
                    tuple(sorted(board.seas[zone])),
                    state.zone_navy[zone],
                    state.zone_cargo[zone],
                )
            )
    return found


def _reaches(state: AttackState, board: Layout, seat: int, fleet: Fleet, goals: set[int]) -> bool:
    return sea_path(state, board, seat, list(fleet.starts), state.options.navy_range, goals) is not None


def _bonus(state: AttackState) -> int:
    return 1 if state.turn is not None and playing(state, NAVAL_SUPREMACY) else 0


def strikes(state: AttackState, board: Layout, seat: int) -> list[tuple[float, Fleet, int]]:
    """(worth, fleet, zone): enemy fleets one of ours reaches and should beat."""
    found = []
    for fleet in fleets(state, board, seat):
        for zone in range(board.zones):
            owner = state.zone_owner[zone]
            if owner in (NEUTRAL, seat) or not _reaches(state, board, seat, fleet, {zone}):
                continue
            odds = fleet_chance(fleet.ships, state.zone_navy[zone], _bonus(state))
            if odds >= STRIKE_ODDS:
                worth = odds * (4.0 + 0.5 * navy_value(state.zone_navy[zone]) + sum(state.zone_cargo[zone]))
                found.append((worth, fleet, zone))
    return sorted(found, key=lambda f: (-f[0], f[1].source, f[2]))


def _load(units: Counts, room: int) -> Counts:
    """The best army units that fit aboard."""
    load = [0, 0, 0, 0]
    for kind in (PLANE, TANK, ARTILLERY, INFANTRY):
        load[kind] = min(room, units[kind])
        room -= load[kind]
    return counts(load)


def landings(state: AttackState, board: Layout, seat: int) -> list[tuple[float, Fleet, int, Counts]]:
    """(worth, fleet, region, army): hostile coasts our ships can land an army on and win; a coast no
    army of ours reaches by land is worth more (only the navy opens it)."""
    capacity = state.options.ship_capacity
    found = []
    for fleet in fleets(state, board, seat):
        load = _load(fleet.army, capacity * sum(fleet.ships))
        if not any(load):
            continue
        for target in range(board.regions):
            if state.owner[target] == seat or target == fleet.region:
                continue
            goals = {z for z in board.coasts[target] if state.zone_owner[z] in (NEUTRAL, seat)}
            if not goals or not _reaches(state, board, seat, fleet, goals):
                continue
            odds = chance(state, load, target)
            if odds < needed(state, target):
                continue
            by_land = any(state.owner[n] == seat for n in army_steps(state, board, seat, target))
            worth = region_worth(state, seat, target) * odds + (0.0 if by_land else SEA_ONLY)
            found.append((worth, fleet, target, load))
    return sorted(found, key=lambda f: (-f[0], f[1].source, f[2]))


def claims(state: AttackState, board: Layout, seat: int) -> list[tuple[Fleet, int, int]]:
    """(fleet, zone, ship kind): one ship each to free sea zones in reach; a fleet holding a zone sends
    only ships it can spare (it keeps one, and room for its cargo)."""
    capacity = state.options.ship_capacity
    found = []
    taken: set[int] = set()
    for fleet in fleets(state, board, seat):
        ships = list(fleet.ships)
        keep = 0 if fleet.zone < 0 else max(1, -(-sum(fleet.army) // capacity))
        for zone in range(board.zones):
            if sum(ships) <= keep:
                break
            if zone in taken or state.zone_owner[zone] != NEUTRAL:
                continue
            if not _reaches(state, board, seat, fleet, {zone}):
                continue
            kind = next(k for k in (SUBMARINE, DESTROYER, CARRIER, BATTLESHIP) if ships[k])
            ships[kind] -= 1
            taken.add(zone)
            found.append((fleet, zone, kind))
    return found


def next_sail(state: AttackState, board: Layout, seat: int) -> Action | None:
    """One step of a Navigate: strike, land, then claim."""
    hits = strikes(state, board, seat)
    if hits:
        _, fleet, zone = hits[0]
        cargo = fleet.army if fleet.zone >= 0 else NONE
        return Sail(fleet.source, board.zone_ids[zone], Ships.of(fleet.ships), Troops.of(cargo))
    lands = landings(state, board, seat)
    if lands:
        _, fleet, target, load = lands[0]
        return Sail(fleet.source, board.region_ids[target], _carriers(fleet, load, state), Troops.of(load))
    claim = claims(state, board, seat)
    if claim:
        fleet, zone, kind = claim[0]
        one = [0, 0, 0, 0]
        one[kind] = 1
        return Sail(fleet.source, board.zone_ids[zone], Ships.of(counts(one)), Troops())
    return None


def _carriers(fleet: Fleet, load: Counts, state: AttackState) -> Ships:
    """Enough ships to carry ``load`` (the cheapest first), or the whole fleet when it is in a zone and
    the ships staying could not carry the army left aboard."""
    capacity = state.options.ship_capacity
    if fleet.zone >= 0 and sum(fleet.army) - sum(load) > 0:
        return Ships.of(fleet.ships)
    need = -(-sum(load) // capacity)
    ships = [0, 0, 0, 0]
    for kind in TRANSPORT_ORDER:
        take = min(need, fleet.ships[kind])
        ships[kind] = take
        need -= take
    return Ships.of(counts(ships))


def navy_worth(state: AttackState, board: Layout, seat: int) -> float:
    """What a Navigate is worth now: the best strike, the best landing and the zones it can claim."""
    hits = strikes(state, board, seat)
    lands = landings(state, board, seat)
    worth = CLAIM_WORTH * len(claims(state, board, seat))
    worth += hits[0][0] if hits else 0.0
    worth += lands[0][0] if lands else 0.0
    return worth


# --- building ships ---------------------------------------------------------------------------------


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
    ships, so the aim leans against what the enemy sails."""
    aim = list(MIX)
    total_enemy = sum(enemy) or 1
    aim[DESTROYER] += 0.3 * enemy[SUBMARINE] / total_enemy
    aim[SUBMARINE] += 0.3 * (enemy[BATTLESHIP] + enemy[CARRIER]) / total_enemy
    total = sum(have) + 1
    # ties go to the big ships first (a carrier's air support, a battleship's two hits), either at random
    big = dice.random() < 0.5
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
        if any(enemy) or (have[SUBMARINE] + have[DESTROYER] >= 2 and not have[BATTLESHIP] + have[CARRIER]):
            # enemy ships near, or a fleet of small ships only: room for a battleship or a carrier,
            # which win most engagements against the small ships
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
