"""What the AI reads off the board: who threatens what, where the fronts are, what a neutral garrison
is likely to hold, and what each region is worth taking."""

from __future__ import annotations

from collections import deque

from rules.attack.board import Layout
from rules.attack.common import army_steps, own_regions
from rules.attack.movement import blitz_range
from rules.attack.state import NEUTRAL, AttackState
from rules.attack.tables import PLANE, TANK, Counts, army_value


def hostile_neighbours(state: AttackState, board: Layout, seat: int, region: int) -> list[int]:
    return [n for n in army_steps(state, board, seat, region) if state.owner[n] != seat]


def enemy_neighbours(state: AttackState, board: Layout, seat: int, region: int) -> list[int]:
    return [n for n in army_steps(state, board, seat, region) if state.owner[n] not in (seat, NEUTRAL)]


def pressure(state: AttackState, board: Layout, seat: int, region: int) -> int:
    """Enemy army value that could strike ``region`` next action: next door, and tanks and planes further
    away but within a Blitz's range (the ``blitz_range`` option; counted at half, as a Blitz may go
    elsewhere)."""
    total = 0.0
    near = set(board.army_neighbours(region))
    for n in near:
        owner = state.owner[n]
        if owner not in (seat, NEUTRAL):
            # a rival keeps part of its capital's garrison at home
            share = 0.6 if state.seats[owner].capital == n else 1.0
            total += share * army_value(state.army[n])
    for m in _within(board, region, blitz_range(state)) - near - {region}:
        if state.owner[m] not in (seat, NEUTRAL):
            units = state.army[m]
            total += 0.5 * (3 * units[TANK] + 4 * units[PLANE])
    return int(total)


def _within(board: Layout, region: int, steps: int) -> set[int]:
    """Regions at most ``steps`` army steps from ``region`` (over anyone's land, as planes fly)."""
    found, edge = {region}, {region}
    for _ in range(steps):
        edge = {m for n in edge for m in board.army_neighbours(n)} - found
        found |= edge
    return found


def garrison_guess(state: AttackState) -> Counts:
    """A neutral's likely garrison this year: a sixth of the dice each, a third planes, rounded up."""
    dice = state.year * state.options.neutral_dice
    each = -(-dice // 6)
    return (each, each, each, -(-dice // 3)) if dice > 2 else (1, 0, 0, 1) if dice == 2 else (1, 0, 0, 0)


def distances_to_hostile(state: AttackState, board: Layout, seat: int) -> dict[int, int]:
    """For each own region, steps through own regions to the nearest region not ours."""
    dist: dict[int, int] = {}
    queue: deque[int] = deque()
    for region in own_regions(state, seat):
        if hostile_neighbours(state, board, seat, region):
            dist[region] = 0
            queue.append(region)
    while queue:
        here = queue.popleft()
        for near in army_steps(state, board, seat, here):
            if state.owner[near] == seat and near not in dist:
                dist[near] = dist[here] + 1
                queue.append(near)
    return dist


def region_worth(state: AttackState, seat: int, region: int) -> float:
    """What taking ``region`` is worth, in production-like points."""
    owner = state.owner[region]
    worth = 6.0 + 3.0 * state.oil[region]
    if owner not in (seat, NEUTRAL):
        worth += 3.0  # taken from a rival: it counts twice in the race for points
        if state.seats[owner].capital == region:
            worth += 500.0  # the game
    return worth
