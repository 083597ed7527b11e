"""What each season action is worth to the AI now: ``season_plans`` lists (worth, action, detail)."""

from __future__ import annotations

import random

from rules.attack.actions import Research, Troops
from rules.attack.ai.forces import attack_targets, chance, counts, needed, objective, spare
from rules.attack.ai.survey import enemy_neighbours, pressure, region_worth
from rules.attack.battle.lines import navy_strength
from rules.attack.board import Layout
from rules.attack.common import board_of, income, own_regions
from rules.attack.economy import negotiable, negotiation_cost, research_cost
from rules.attack.legal import cheapest_scrap
from rules.attack.movement import blitz_sources, own_distances, transport_range
from rules.attack.state import NEUTRAL, AttackState
from rules.attack.tables import GOVERNMENTS, LEVELS, NONE, SUITS, add, army_value
from rules.core.events import Action

Plan = tuple[float, str, str | None]
NEGOTIATION_PURSE = 3
RESEARCH_ORDER = ("population", "factories", "minerals", "oil", "rail")


def endangered(state: AttackState, board: Layout, seat: int) -> bool:
    capital = state.seats[seat].capital
    return pressure(state, board, seat, capital) > 0.8 * army_value(state.army[capital])


def purse(state: AttackState, board: Layout, seat: int) -> int:
    """Production kept back from building while a neutral neighbour might be won over by talks."""
    talks = any(negotiable(state, board, seat, r) for r in range(board.regions))
    return min(NEGOTIATION_PURSE, state.seats[seat].production) if talks else 0


def season_plans(state: AttackState, seat: int, board: Layout, dice: random.Random) -> list[Plan]:
    current = state.seats[seat]
    plans: list[Plan] = []
    danger = endangered(state, board, seat)
    collected = 0 if current.built else income(state, seat)[0]
    spendable = current.production + collected - (0 if danger else purse(state, board, seat))
    build = 0.8 * collected + 0.3 * min(spendable, 20) + (8 if danger and spendable > 0 else 0)
    plans.append((build + dice.random() * 0.1, "build", None))
    targets = attack_targets(state, board, seat)
    if targets:
        plans.append((sum(w for w, _ in targets[:4]), "move", None))
    for plan in (
        _blitz_plan(state, board, seat),
        _negotiation_plan(state, board, seat),
        _research_plan(state, board, seat),
        _navy_plan(state, board, seat),
        _muster_plan(state, board, seat, danger),
    ):
        if plan is not None and plan[0] > 0:
            plans.append(plan)
    return plans


def _blitz_plan(state: AttackState, board: Layout, seat: int) -> Plan | None:
    best: Plan | None = None
    for target in range(board.regions):
        if state.owner[target] in (seat, NEUTRAL):
            continue
        pool = NONE
        for source in own_regions(state, seat):
            allowed = blitz_sources(state, board, seat, target, source)
            units = spare(state, board, seat, source, state.army[source])
            pool = add(pool, counts([n if ok else 0 for n, ok in zip(units, allowed, strict=True)]))
        if not any(pool):
            continue
        odds = chance(state, pool, target)
        if odds >= needed(state, target):
            worth = region_worth(state, seat, target) * odds
            if best is None or worth > best[0]:
                best = (worth, "blitz", board.region_ids[target])
    return best


def _negotiation_plan(state: AttackState, board: Layout, seat: int) -> Plan | None:
    current = state.seats[seat]
    best: Plan | None = None
    for region in range(board.regions):
        if not negotiable(state, board, seat, region):
            continue
        marker = state.marker[region]
        if marker >= 0:
            cost = float(negotiation_cost(state, seat, marker, None))
            if cost > current.production:
                continue
        else:
            if current.production < 3:
                continue
            cost = sum(negotiation_cost(state, seat, m, None) for m in range(len(GOVERNMENTS))) / len(
                GOVERNMENTS
            )
        worth = region_worth(state, seat, region) - cost + (1.0 if len(current.hand) < 3 else 0.0)
        if best is None or worth > best[0]:
            best = (worth, "negotiate", board.region_ids[region])
    return best


def _research_plan(state: AttackState, board: Layout, seat: int) -> Plan | None:
    levels = state.seats[seat].levels
    for name in RESEARCH_ORDER:
        suit = SUITS.index(name)
        level = levels[suit] + 1
        if level > LEVELS or state.supply[suit][level - 1] <= 0:
            continue
        cost = research_cost(state, seat, level, None)
        for region in own_regions(state, seat):
            scrap = cheapest_scrap(spare(state, board, seat, region, state.army[region]), cost)
            if scrap is not None:
                worth = 6.0 + (2.0 if name == "population" else 0.0) - 0.25 * army_value(scrap)
                return (worth, "research", f"{name}:{board.region_ids[region]}")
    return None


def research_action(state: AttackState, seat: int, detail: str | None, card: int | None) -> Action:
    assert detail is not None
    board = board_of(state)
    name, rid = detail.split(":")
    suit = SUITS.index(name)
    region = board.index[rid]
    cost = research_cost(state, seat, state.seats[seat].levels[suit] + 1, card)
    scrap = cheapest_scrap(spare(state, board, seat, region, state.army[region]), cost)
    return Research(name, rid, Troops.of(scrap or NONE), card=card)


def _navy_plan(state: AttackState, board: Layout, seat: int) -> Plan | None:
    worth = 0.0
    for region in own_regions(state, seat):
        ships = state.coast_navy[region]
        if not any(ships):
            continue
        empty = [z for z in board.coasts[region] if state.zone_owner[z] == NEUTRAL]
        worth += 2.5 * min(sum(ships), len(empty))  # a sea zone held is a victory point
        for zone in board.coasts[region]:
            owner = state.zone_owner[zone]
            if owner not in (NEUTRAL, seat) and navy_strength(ships) >= 1.6 * navy_strength(
                state.zone_navy[zone]
            ):
                worth += 4.0
    return (worth, "navigate", None)


def _muster_plan(state: AttackState, board: Layout, seat: int, danger: bool) -> Plan | None:
    """Gather spare units by Transport where the next attack will start (or home, in danger)."""
    goal = state.seats[seat].capital if danger else None
    if goal is None:
        aim = objective(state, board, seat)
        if aim is None:
            return None
        goal = aim[1]
    reach = transport_range(state, seat)
    moving = 0
    for region in own_regions(state, seat):
        if region == goal or (not danger and enemy_neighbours(state, board, seat, region)):
            continue
        if goal in own_distances(state, board, seat, region, reach):
            moving += army_value(spare(state, board, seat, region, state.army[region]))
    return (min(0.3 * moving, 8.0) + (6.0 if danger and moving else 0.0), "transport", None)
