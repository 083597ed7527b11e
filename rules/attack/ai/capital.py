"""Where the `normal` AI places its capital: where it has the most room to grow once every capital is down.

Room is the regions no rival capital is nearer to (army steps over the empty board; a tie counts half).
The capitals still to come are guessed: each later placer, in turn, takes the legal region with the most
room given those before it. So the first placer does not take the crowded middle of the map (Russia,
North China: the most neutrals next door, but four continents round them that rivals will fill); it takes
a corner it will keep to itself, on a continent few others border (the continents round it are where
rivals' capitals come from). Distance from the nearest rival capital breaks near ties: a capital far
away falls later.
"""

from __future__ import annotations

import random
from collections import deque
from functools import cache

from rules.attack.actions import PlaceCapital
from rules.attack.board import Layout
from rules.attack.state import NEUTRAL, AttackState

FAR = 99  # steps to a region no army reaches
APART = 0.3  # worth of each step to the nearest rival capital (up to SAFE steps)
SAFE = 4
CROWD = 1.0  # worth lost for each other continent next to the capital's that can hold a capital
REACH = 3  # steps within which a region counts in full
# Guessed room within which of the best a capital is chosen at random (issue 31). Chosen by the best
# alone, every game put the same continent in the same place of the placing order, and whoever placed
# third at six took Africa and won 3.4 times its share (`atkbal4-f1`..`f5`, 300 games a count); within
# 2 of the best the placers at six won 0.46-1.84, within 3 0.40-1.72 (five: 0.34-2.21, 0.40-1.71).
MIX = 3.0


@cache
def steps(board: Layout) -> tuple[tuple[int, ...], ...]:
    """Army steps between every two regions of the board (land borders, sea lanes, anchors)."""
    table = []
    for start in range(board.regions):
        dist = [FAR] * board.regions
        dist[start] = 0
        queue = deque([start])
        while queue:
            here = queue.popleft()
            for near in board.army_neighbours(here):
                if dist[near] == FAR:
                    dist[near] = dist[here] + 1
                    queue.append(near)
        table.append(tuple(dist))
    return tuple(table)


def room(board: Layout, region: int, nearest: list[int]) -> float:
    """Regions ``region`` is nearer to than every capital counted in ``nearest`` (each region's steps
    to its nearest capital); a tie counts half, and a region far away less (it is taken late, if ever)."""
    mine = steps(board)[region]
    return sum(
        _near(d) * (1.0 if d < o else 0.5 if d == o else 0.0) for d, o in zip(mine, nearest, strict=True)
    )


def _near(d: int) -> float:
    """A region's worth by its steps from the capital: full within REACH, then less a step."""
    return max(0.2, 1.0 - 0.15 * max(0, d - REACH))


def _closer(board: Layout, nearest: list[int], region: int) -> list[int]:
    return [min(d, o) for d, o in zip(steps(board)[region], nearest, strict=True)]


def _open(state: AttackState, board: Layout, placed: list[int]) -> list[int]:
    """Regions a later capital may take (the setup's rule, on the guessed board): eligible and free, on a
    continent without a capital while one is left, and not next to a capital while room remains."""
    free = [r for r in range(board.regions) if board.eligible[r] and state.owner[r] == NEUTRAL]
    free = [r for r in free if r not in placed]
    used = {board.continent_of[p] for p in placed}
    pool = [r for r in free if board.continent_of[r] not in used] or free
    dist = steps(board)
    apart = [r for r in pool if all(dist[p][r] > 1 for p in placed)]
    return apart or pool


def guessed_room(state: AttackState, board: Layout, seat: int, region: int) -> float:
    """``region``'s room once the capitals still to come are placed as guessed, plus its distance from
    the nearest rival capital."""
    placed = [s.capital for i, s in enumerate(state.seats) if s.capital >= 0 and i != seat]
    later = state.players - len(placed) - 1
    nearest = [FAR] * board.regions
    for p in placed:
        nearest = _closer(board, nearest, p)
    rivals = list(placed)
    mine = _closer(board, [FAR] * board.regions, region)
    for _ in range(later):
        # each later placer takes the most room it sees (counting our capital as placed)
        options = _open(state, board, [*rivals, region])
        both = [min(a, b) for a, b in zip(nearest, mine, strict=True)]
        best = max(options, key=lambda r: (room(board, r, both), -r))
        rivals.append(best)
        nearest = _closer(board, nearest, best)
    apart = min((steps(board)[region][r] for r in rivals), default=SAFE)
    crowd = len(continents_round(board, board.continent_of[region]))
    return room(board, region, nearest) + APART * min(apart, SAFE) - CROWD * crowd


@cache
def continents_round(board: Layout, continent: str) -> frozenset[str]:
    """The other continents with a region next to ``continent`` that may hold a capital: where rivals'
    capitals may come from (South America has one, Europe four)."""
    mine = [r for r in range(board.regions) if board.continent_of[r] == continent]
    near = {board.continent_of[n] for r in mine for n in board.army_neighbours(r)} - {continent}
    return frozenset(
        c for c in near if any(board.eligible[r] and board.continent_of[r] == c for r in range(board.regions))
    )


def choose_capital(
    state: AttackState, board: Layout, seat: int, options: list[PlaceCapital], rnd: random.Random
) -> PlaceCapital:
    """A legal placement within ``MIX`` of the most guessed room, at random (so rivals cannot count on
    the same map every game); for that region, the most outposts (starting armies spread over more
    regions of the continent)."""
    worth: dict[str, float] = {}
    for action in options:
        if action.region not in worth:
            worth[action.region] = guessed_room(state, board, seat, board.index[action.region])
    best = max(worth.values())
    near = sorted(region for region, w in worth.items() if w >= best - MIX)
    region = rnd.choice(near)
    return max((a for a in options if a.region == region), key=lambda a: len(a.outposts))
