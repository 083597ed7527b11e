"""Small pieces every rule of the engine uses: the game's board, changing one seat or one place, who may
cross where, costs after a government's discount, income and victory points."""

from __future__ import annotations

from collections import deque
from typing import Any

from msgspec.structs import replace

from rules.attack.board import Layout, board
from rules.attack.state import NEUTRAL, AttackState, Seat
from rules.attack.tables import (
    ARMY_COST,
    DEMOCRACY,
    FACTORIES,
    FACTORY_PRODUCTION,
    FASCISM,
    MONARCHY,
    MONARCHY_INCOME,
    NAVY_COST,
    OIL,
    PLANE,
    POPULATION,
    TANK,
    Counts,
)
from rules.core.tuples import with_item


def board_of(state: AttackState) -> Layout:
    return board(state.layout)


def with_seat(state: AttackState, seat: int, **changes: Any) -> AttackState:
    return replace(state, seats=with_item(state.seats, seat, replace(state.seats[seat], **changes)))


def seat_of(state: AttackState, seat: int) -> Seat:
    return state.seats[seat]


def set_army(state: AttackState, region: int, units: Counts) -> AttackState:
    return replace(state, army=with_item(state.army, region, units))


def set_coast(state: AttackState, region: int, ships: Counts) -> AttackState:
    return replace(state, coast_navy=with_item(state.coast_navy, region, ships))


def set_zone(state: AttackState, zone: int, owner: int, ships: Counts, cargo: Counts) -> AttackState:
    if not any(ships):
        owner, cargo = NEUTRAL, (0, 0, 0, 0)
    return replace(
        state,
        zone_owner=with_item(state.zone_owner, zone, owner),
        zone_navy=with_item(state.zone_navy, zone, ships),
        zone_cargo=with_item(state.zone_cargo, zone, cargo),
    )


def enemy_ships(state: AttackState, seat: int, zone: int) -> bool:
    return state.zone_owner[zone] not in (NEUTRAL, seat)


def can_cross(state: AttackState, board: Layout, seat: int, a: int, b: int) -> bool:
    """An army step from ``a`` to ``b``: a land border or sea lane, or an anchored zone both touch that no
    enemy navy holds (ships block an anchor's crossing)."""
    if b in board.land[a]:
        return True
    zones = board.crossings.get((a, b))
    return zones is not None and any(not enemy_ships(state, seat, z) for z in zones)


def army_steps(state: AttackState, board: Layout, seat: int, region: int) -> list[int]:
    return sorted(b for b in board.army_neighbours(region) if can_cross(state, board, seat, region, b))


def own_regions(state: AttackState, seat: int) -> list[int]:
    return [r for r, o in enumerate(state.owner) if o == seat]


def supplied(state: AttackState, board: Layout, seat: int) -> set[int]:
    """Your regions joined to your capital through your own regions: where you may build."""
    capital = state.seats[seat].capital
    if capital < 0 or state.owner[capital] != seat:
        return set()
    seen = {capital}
    queue = deque([capital])
    while queue:
        here = queue.popleft()
        for near in board.army_neighbours(here):
            if near not in seen and state.owner[near] == seat and can_cross(state, board, seat, here, near):
                seen.add(near)
                queue.append(near)
    return seen


def army_cost(government: int, kind: int) -> tuple[int, int]:
    """Production and oil for one army unit; Fascism builds tanks and planes for 1 production less."""
    production, oil = ARMY_COST[kind]
    if government == FASCISM and kind in (TANK, PLANE):
        production -= 1
    return production, oil


def navy_cost(government: int, kind: int) -> tuple[int, int]:
    """Production and oil for one ship; Monarchy builds ships for 1 production less."""
    production, oil = NAVY_COST[kind]
    if government == MONARCHY:
        production = max(1, production - 1)
    return production, oil


def income(state: AttackState, seat: int) -> tuple[int, int]:
    """(production, oil) collected at a Build or at the year's end: 1 production a region, 2 a Factories
    level, 1 a Population level; 1 oil an oil marker held, 1 an Oil level."""
    levels = state.seats[seat].levels
    regions = state.owner.count(seat)
    production = regions + FACTORY_PRODUCTION * levels[FACTORIES] + levels[POPULATION]
    if state.seats[seat].government == MONARCHY:
        production += MONARCHY_INCOME
    if state.seats[seat].government == DEMOCRACY:
        production += state.options.democracy_income
    markers = sum(n for o, n in zip(state.owner, state.oil, strict=True) if o == seat)
    return production, markers + levels[OIL]


def score(state: AttackState, seat: int) -> tuple[int, int, int, int, int]:
    """(regions, zones, capitals, economics, total) victory points of ``seat``."""
    regions = state.owner.count(seat)
    zones = state.zone_owner.count(seat)
    capitals = sum(1 for other in state.seats if other.capital >= 0 and state.owner[other.capital] == seat)
    levels = state.seats[seat].levels
    economics = sum(levels) + levels[POPULATION]  # each card 1, Population cards 2
    total = regions + zones + capitals * state.options.capital_vp + economics
    return regions, zones, capitals, economics, total


def take_supply(
    supply: tuple[tuple[int, int, int, int], ...], suit: int, level: int
) -> tuple[tuple[int, int, int, int], ...]:
    """The economics supply with one card of ``suit`` at ``level`` (1-4) taken."""
    row = list(supply[suit])
    row[level - 1] -= 1
    return with_item(supply, suit, (row[0], row[1], row[2], row[3]))
