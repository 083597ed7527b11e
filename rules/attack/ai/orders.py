"""The next step of the AI's action in progress: marches, sails, purchases, then End action."""

from __future__ import annotations

import random

from rules.attack.actions import Buy, EndAction, March, Sail, Ships, Troops
from rules.attack.ai.forces import chance, counts, enough, needed, objective, spare
from rules.attack.ai.plans import endangered, purse
from rules.attack.ai.survey import (
    distances_to_hostile,
    enemy_neighbours,
    hostile_neighbours,
    pressure,
    region_worth,
)
from rules.attack.battle.lines import navy_strength
from rules.attack.board import Layout
from rules.attack.cards import playing
from rules.attack.common import army_steps, can_cross, own_regions, supplied
from rules.attack.economy import advanced_limit, price
from rules.attack.movement import amount, blitz_sources, movable, own_distances, transport_range
from rules.attack.state import NEUTRAL, AttackState
from rules.attack.tables import ARTILLERY, INFANTRY, NONE, PLANE, SURPRISE_ATTACK, TANK, Counts, add, sub
from rules.core.events import Action


def next_step(state: AttackState, seat: int, board: Layout, dice: random.Random) -> Action:
    turn = state.turn
    assert turn is not None
    step: Action | None = None
    if turn.kind == "move":
        step = _next_attack(state, board, seat) or _next_advance(state, board, seat)
    elif turn.kind == "blitz":
        step = _next_blitz(state, board, seat)
    elif turn.kind == "transport":
        step = _next_transport(state, board, seat)
    elif turn.kind == "build":
        step = _next_buy(state, board, seat, dice)
    elif turn.kind == "navigate":
        step = _next_sail(state, board, seat)
    return step or EndAction()


def _next_attack(state: AttackState, board: Layout, seat: int) -> Action | None:
    turn = state.turn
    assert turn is not None
    gathered = {a.target: a.army for a in turn.assaults}
    surprise = playing(state, SURPRISE_ATTACK)
    best: tuple[float, int, int, Counts] | None = None
    for target in sorted(
        {t for r in own_regions(state, seat) for t in hostile_neighbours(state, board, seat, r)}
    ):
        have = gathered.get(target, NONE)
        if any(have) and chance(state, have, target, surprise) >= 0.92:
            continue
        sources = []
        for source in army_steps(state, board, seat, target):
            if state.owner[source] == seat and can_cross(state, board, seat, source, target):
                units = spare(state, board, seat, source, movable(state, source))
                if any(units):
                    sources.append((sum(units), source, units))
        if not sources:
            continue
        pool = have
        for _, _, units in sources:
            pool = add(pool, units)
        odds = chance(state, pool, target, surprise)
        if odds < needed(state, target):
            continue
        worth = region_worth(state, seat, target) * odds
        _, source, units = max(sources)
        if best is None or worth > best[0]:
            best = (worth, target, source, units)
    if best is None:
        return None
    _, target, source, units = best
    have = gathered.get(target, NONE)
    need = enough(state, add(units, have), target, surprise)
    send = counts([min(u, max(0, n - g)) for u, n, g in zip(units, need, have, strict=True)])
    return March(board.region_ids[source], board.region_ids[target], Troops.of(send if any(send) else units))


def _next_advance(state: AttackState, board: Layout, seat: int) -> Action | None:
    """Move idle units one region nearer the front."""
    dist = distances_to_hostile(state, board, seat)
    for region in sorted(dist, key=lambda r: -dist[r]):
        if dist[region] == 0:
            continue
        units = spare(state, board, seat, region, movable(state, region))
        closer = [n for n in army_steps(state, board, seat, region) if dist.get(n, 99) < dist[region]]
        if any(units) and closer:
            return March(board.region_ids[region], board.region_ids[closer[0]], Troops.of(units))
    return None


def _next_blitz(state: AttackState, board: Layout, seat: int) -> Action | None:
    turn = state.turn
    assert turn is not None
    for source in own_regions(state, seat):
        allowed = blitz_sources(state, board, seat, turn.target, source)
        units = spare(state, board, seat, source, movable(state, source))
        send = counts([n if ok else 0 for n, ok in zip(units, allowed, strict=True)])
        if any(send):
            return March(board.region_ids[source], board.region_ids[turn.target], Troops.of(send))
    return None


def _next_transport(state: AttackState, board: Layout, seat: int) -> Action | None:
    """Bring spare units to the capital in danger, else to where the next attack will start."""
    capital = state.seats[seat].capital
    goal = capital if endangered(state, board, seat) else None
    if goal is None:
        aim = objective(state, board, seat)
        goal = None if aim is None else aim[1]
    if goal is None:
        return None
    reach = transport_range(state, seat)
    for region in own_regions(state, seat):
        if region == goal or (goal != capital and enemy_neighbours(state, board, seat, region)):
            continue
        units = spare(state, board, seat, region, movable(state, region))
        if any(units) and goal in own_distances(state, board, seat, region, reach):
            return March(board.region_ids[region], board.region_ids[goal], Troops.of(units))
    return None


def _next_buy(state: AttackState, board: Layout, seat: int, dice: random.Random) -> Action | None:
    turn = state.turn
    assert turn is not None
    current = state.seats[seat]
    places = supplied(state, board, seat)
    if not places:
        return None
    capital = current.capital
    danger = endangered(state, board, seat)
    place = (
        capital
        if danger
        else max(
            places,
            key=lambda r: (
                pressure(state, board, seat, r) + 2 * len(hostile_neighbours(state, board, seat, r)),
                -r,
            ),
        )
    )
    production = current.production - (0 if danger else purse(state, board, seat))
    oil, limit = current.oil, advanced_limit(state, seat)
    army, navy = [0, 0, 0, 0], [0, 0, 0, 0]
    ships = sum(sum(state.coast_navy[r]) for r in own_regions(state, seat))
    submarine = price(state, seat, NONE, (1, 0, 0, 0))[0]
    if board.coasts[place] and state.year >= 2 and ships < 2 and submarine <= production // 3:
        navy[0] = int(dice.random() < 0.5)
    have = list(state.army[place])
    advanced = turn.advanced[0]
    while True:  # a mixed line hits most: add the kind the place is shortest of
        options = []
        for kind in (PLANE, TANK, ARTILLERY, INFANTRY):
            if kind in (TANK, PLANE) and advanced >= limit:
                continue
            trial = list(army)
            trial[kind] += 1
            p, o = price(state, seat, counts(trial), counts(navy))
            if p <= production and o <= oil:
                options.append((have[kind] + army[kind], -kind, kind))
        if not options:
            break
        _, _, kind = min(options)
        army[kind] += 1
        advanced += kind in (TANK, PLANE)
    if not any(army) and not any(navy):
        return None
    return Buy(board.region_ids[place], Troops.of(counts(army)), Ships.of(counts(navy)))


def _next_sail(state: AttackState, board: Layout, seat: int) -> Action | None:
    """Attack a weaker fleet next to a coast of ours; else claim an empty zone with one ship."""
    turn = state.turn
    assert turn is not None
    for region in own_regions(state, seat):
        ships = sub(state.coast_navy[region], amount(turn.sailed, region))
        if not any(ships):
            continue
        for zone in board.coasts[region]:
            owner = state.zone_owner[zone]
            if owner not in (NEUTRAL, seat) and navy_strength(ships) >= 1.6 * navy_strength(
                state.zone_navy[zone]
            ):
                return Sail(board.region_ids[region], board.zone_ids[zone], Ships.of(ships))
        for zone in board.coasts[region]:
            if state.zone_owner[zone] == NEUTRAL:
                kind = next(k for k in range(4) if ships[k])
                return Sail(
                    board.region_ids[region],
                    board.zone_ids[zone],
                    Ships.of(counts([int(k == kind) for k in range(4)])),
                )
    return None
