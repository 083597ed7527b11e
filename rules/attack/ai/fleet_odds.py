"""Navy battle odds for the `normal` AI, by simulation with its own seeded dice (never the game's).

A round follows the engine (``rules.attack.battle.navy``): cards engage left to right, the higher total
hits the loser's *first* ship afloat (carrier against carrier: the engaged one), a carrier's air die hits
on a plane face, battleships take two hits and damaged ones leave the battle. Only public things go in:
the ships each side has in the battle; the enemy is expected to line up in the default order.
"""

from __future__ import annotations

import random
from functools import lru_cache
from itertools import permutations

from rules.attack.battle.lines import default_lineup
from rules.attack.battle.navy import engagement_score
from rules.attack.tables import ARMY_FACES, BATTLESHIP, CARRIER, NAVY_COST, PLANE, Counts

RUNS = 150
ROUNDS = 12


def _seeded(*key: object) -> random.Random:
    """Dice seeded from the matchup (numbers only: a string's hash differs between processes)."""
    return random.Random(hash(key) & 0xFFFFFFFF)


def round_result(
    mine: tuple[int, ...], theirs: tuple[int, ...], dice: random.Random, bonus: tuple[int, int] = (0, 0)
) -> tuple[list[int], list[int]]:
    """One round: hits taken per card of each line-up (a battleship sinks at 2, any other ship at 1)."""
    lines = (mine, theirs)
    damage = ([0] * len(mine), [0] * len(theirs))

    def afloat(side: int, i: int) -> bool:
        return damage[side][i] < (2 if lines[side][i] == BATTLESHIP else 1)

    def first(side: int) -> int | None:
        return next((i for i in range(len(lines[side])) if afloat(side, i)), None)

    for position in range(max(len(mine), len(theirs))):
        a = position if position < len(mine) and afloat(0, position) else None
        d = position if position < len(theirs) and afloat(1, position) else None
        if a is None and d is None:
            continue
        a = first(0) if a is None else a
        d = first(1) if d is None else d
        if a is None or d is None:
            continue
        ships = (mine[a], theirs[d])
        scores = [engagement_score(ships[s], ships[1 - s], dice.randint(1, 6), bonus[s]) for s in (0, 1)]
        if scores[0] != scores[1]:
            loser = 0 if scores[0] < scores[1] else 1
            target = (a, d)[loser] if ships == (CARRIER, CARRIER) else first(loser)
            if target is not None:
                damage[loser][target] += 1
        for s in (0, 1):
            if ships[s] == CARRIER and afloat(s, (a, d)[s]) and ARMY_FACES[dice.randint(1, 6) - 1] == PLANE:
                target = first(1 - s)
                if target is not None:
                    damage[1 - s][target] += 1
    return damage[0], damage[1]


def _left(ships: Counts, line: tuple[int, ...], damage: list[int]) -> Counts:
    """Ships still in the battle: sunk and damaged ones (battleships hit once sail home) are out."""
    left = list(ships)
    for kind, taken in zip(line, damage, strict=True):
        if taken:
            left[kind] -= 1
    return (left[0], left[1], left[2], left[3])


def cost_of(line: tuple[int, ...], damage: list[int]) -> float:
    """What a round's hits cost a side: a sunk ship its price, a damaged battleship a third of it."""
    lost = 0.0
    for kind, taken in zip(line, damage, strict=True):
        if taken:
            full = kind != BATTLESHIP or taken >= 2
            lost += NAVY_COST[kind][0] * (1.0 if full else 0.34)
    return lost


@lru_cache(maxsize=20_000)
def fleet_chance(mine: Counts, theirs: Counts, bonus: int = 0) -> float:
    """Our chance to be left holding the zone: both sides line up in the default order every round and
    neither retreats."""
    if not any(theirs):
        return 1.0
    if not any(mine):
        return 0.0
    dice = _seeded(1, mine, theirs, bonus)
    wins = 0
    for _ in range(RUNS):
        a, d = mine, theirs
        for _ in range(ROUNDS):
            la, ld = default_lineup(a, 0, 2), default_lineup(d, 0, 2)
            da, dd = round_result(la, ld, dice, (bonus, 0))
            a, d = _left(a, la, da), _left(d, ld, dd)
            if not any(a) or not any(d):
                break
        wins += 1 if any(a) and not any(d) else 0
    return wins / RUNS


def candidate_lineups(ships: Counts, limit: int = 8) -> list[tuple[int, ...]]:
    """Line-ups worth comparing: every order of the kinds present (each kind's cards kept together), and
    the same with one battleship moved to the front to take the first hits."""
    kinds = [k for k in range(4) if ships[k]]
    found: set[tuple[int, ...]] = set()
    for order in permutations(kinds):
        line = tuple(k for k in order for _ in range(ships[k]))[:limit]
        found.add(line)
        if ships[BATTLESHIP] and line[0] != BATTLESHIP:
            rest = list(line)
            rest.remove(BATTLESHIP)
            found.add(((BATTLESHIP,) + tuple(rest))[:limit])
    return sorted(found)


@lru_cache(maxsize=20_000)
def best_lineup(mine: Counts, theirs: Counts, keep_out: int = 0, bonus: int = 0) -> tuple[int, ...]:
    """The line-up that does best in one round against the enemy's expected one (its default order):
    the most value sunk minus value lost, in simulation. ``keep_out`` ships stay out of the line to
    carry armies (the cheapest), as the default line-up does."""
    usable = default_lineup(mine, keep_out, 2)
    pool = [0, 0, 0, 0]
    for kind in usable:
        pool[kind] += 1
    expected = default_lineup(theirs, 0, 2)
    options = candidate_lineups((pool[0], pool[1], pool[2], pool[3]))
    if len(options) == 1:
        return options[0]
    best: tuple[float, tuple[int, ...]] | None = None
    for line in options:
        dice = _seeded(2, line, expected, bonus)
        total = 0.0
        for _ in range(RUNS // 3):
            mine_hit, theirs_hit = round_result(line, expected, dice, (bonus, 0))
            total += cost_of(expected, theirs_hit) - cost_of(line, mine_hit)
        if best is None or total > best[0]:
            best = (total, line)
    assert best is not None
    return best[1]
