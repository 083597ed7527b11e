"""The AI's sense of force: the odds of taking a region with given units, which units a region can spare,
how many are enough, and which targets are worth an attack now or worth mustering for."""

from __future__ import annotations

from rules.attack.ai.odds import neutral_chance, win_chance
from rules.attack.ai.survey import (
    enemy_neighbours,
    garrison_guess,
    hostile_neighbours,
    pressure,
    region_worth,
)
from rules.attack.battle.lines import strongest_line
from rules.attack.board import Layout
from rules.attack.common import army_steps, can_cross, own_regions
from rules.attack.state import NEUTRAL, AttackState
from rules.attack.tables import ARTILLERY, INFANTRY, NONE, PLANE, TANK, Counts, add, army_value, sub


def counts(units: list[int]) -> Counts:
    return (units[0], units[1], units[2], units[3])


def cheapest(pool: Counts, k: int) -> Counts:
    """``k`` units of ``pool``, the cheapest kinds first."""
    part = [0, 0, 0, 0]
    for kind in (INFANTRY, ARTILLERY, TANK, PLANE):
        part[kind] = min(pool[kind], k)
        k -= part[kind]
    return counts(part)


def needed(state: AttackState, target: int) -> float:
    """The odds an attack on ``target`` must have: surer against neutrals, bolder against a capital."""
    owner = state.owner[target]
    if owner == NEUTRAL:
        return 0.85
    return 0.5 if state.seats[owner].capital == target else 0.7


def defenders_of(state: AttackState, target: int) -> Counts:
    return garrison_guess(state) if state.owner[target] == NEUTRAL else state.army[target]


def chance(state: AttackState, pool: Counts, target: int, surprise: bool = False) -> float:
    """The odds of taking ``target`` with ``pool``: against its army, or a neutral's unrolled garrison."""
    rules = state.options
    if state.owner[target] == NEUTRAL:
        return neutral_chance(pool, state.year * state.options.neutral_dice, rules, surprise)
    return win_chance(pool, state.army[target], rules, surprise)


def spare(state: AttackState, board: Layout, seat: int, region: int, free: Counts) -> Counts:
    """Which of the ``free`` units may leave ``region`` and still leave a garrison for the threat."""
    threat = pressure(state, board, seat, region)
    if state.seats[seat].capital == region:
        keep = max(threat, 6)
    elif enemy_neighbours(state, board, seat, region):
        keep = int(threat * 0.6)
    else:
        return free
    leaving = list(free)
    for kind in (INFANTRY, ARTILLERY, TANK, PLANE):
        while leaving[kind] and army_value(sub(state.army[region], counts(leaving))) < keep:
            leaving[kind] -= 1
    return counts(leaving)


def enough(state: AttackState, pool: Counts, target: int, surprise: bool, goal: float = 0.92) -> Counts:
    """The cheapest part of ``pool`` with a ``goal`` chance to win (else all of it), so that what is
    left can strike elsewhere. Parts tried: the strongest mix of k units, and the cheapest k units."""
    total = sum(pool)
    parts = set()
    for k in range(1, total):
        parts.add(strongest_line(pool, k))
        parts.add(cheapest(pool, k))
    for part in sorted(parts, key=lambda p: (army_value(p), p)):
        if chance(state, part, target, surprise) >= goal:
            return part
    return pool


def neighbours_pool(state: AttackState, board: Layout, seat: int, target: int) -> Counts:
    """Every unit that could march on ``target`` from next door and leave a garrison behind."""
    pool = NONE
    for source in army_steps(state, board, seat, target):
        if state.owner[source] == seat and can_cross(state, board, seat, source, target):
            pool = add(pool, spare(state, board, seat, source, state.army[source]))
    return pool


def attack_targets(state: AttackState, board: Layout, seat: int) -> list[tuple[float, int]]:
    """Hostile regions next to ours worth a Move now: what taking them is worth times the odds."""
    found = []
    targets = {t for r in own_regions(state, seat) for t in hostile_neighbours(state, board, seat, r)}
    for target in sorted(targets):
        odds = chance(state, neighbours_pool(state, board, seat, target), target)
        if odds >= needed(state, target):
            found.append((region_worth(state, seat, target) * odds, target))
    return sorted(found, reverse=True)


def objective(state: AttackState, board: Layout, seat: int) -> tuple[int, int] | None:
    """(target, staging region): the hostile region most worth mustering for, and our region next to it
    with the most units, where the others should gather."""
    best: tuple[float, int, int] | None = None
    for region in own_regions(state, seat):
        for target in hostile_neighbours(state, board, seat, region):
            defenders = army_value(defenders_of(state, target)) or 1
            score = region_worth(state, seat, target) / defenders
            stage = max(
                (s for s in army_steps(state, board, seat, target) if state.owner[s] == seat),
                key=lambda s: (army_value(state.army[s]), -s),
            )
            if best is None or score > best[0]:
                best = (score, target, stage)
    return None if best is None else (best[1], best[2])
