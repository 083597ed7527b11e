"""The `normal` AI's navy at sea: each step of a Navigate strikes a fleet it should beat, else carries
armies to a hostile coast it can take, else spreads ships over the free sea zones (each held zone is a
victory point); and what a Navigate is worth now. Only public things are read, and its own units. What
ships to build is ``rules.attack.ai.shipyard``'s."""

from __future__ import annotations

from dataclasses import dataclass

from rules.attack.actions import Sail, Ships, Troops
from rules.attack.ai.fleet_odds import fleet_chance
from rules.attack.ai.forces import chance, counts, needed, spare
from rules.attack.ai.survey import region_worth
from rules.attack.battle.lines import TRANSPORT_ORDER
from rules.attack.board import Layout
from rules.attack.cards import playing
from rules.attack.common import army_steps, own_regions
from rules.attack.movement import amount, sea_path
from rules.attack.state import NEUTRAL, AttackState
from rules.attack.tables import (
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
    navy_value,
    sub,
)
from rules.core.events import Action

CLAIM_WORTH = 2.5  # a free zone claimed: a victory point while the ship stays
SEA_ONLY = 3.0  # a landing where no army of ours reaches by land: only the navy opens it
STRIKE_ODDS = 0.65  # a fleet attacks another only this sure of holding the zone after


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
