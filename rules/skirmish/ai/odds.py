"""A quick estimate of an attack's chances: the battle played out many times in miniature with the AI's
own seeded dice (never the game's). Close to the real battle, not exact: every unit sits on the board,
counters go where they turn a skirmish, cards are left out.

Results are cached per (attackers, defenders, edge), so a turn's many looks at the same fight cost one.
"""

from __future__ import annotations

import random
from functools import lru_cache

from rules.skirmish.pieces import Units, pieces

RUNS = 120
WIPE = 5
ROUT = 10


def win_chance(attackers: Units, defenders: Units, edge: int) -> float:
    """Chance the attacker wins; ``edge``: what the defender adds to every skirmish over the attacker
    (elevation and banners, before the +1 per defender die)."""
    return _chance(attackers.counts(), defenders.counts(), edge)


@lru_cache(maxsize=50_000)  # bounded: a bot runs for months, and every new fight is a new key
def _chance(attackers: tuple[int, ...], defenders: tuple[int, ...], edge: int) -> float:
    rng = random.Random(hash((attackers, defenders, edge)))
    wins = sum(_one(list(attackers), list(defenders), edge, rng) for _ in range(RUNS))
    return wins / RUNS


def _one(att: list[int], dfn: list[int], edge: int, rng: random.Random) -> bool:
    table = pieces()
    a_units, d_units = Units.of(att), Units.of(dfn)
    a_n, d_n = table.dice(a_units), table.dice(d_units)
    if d_n == 0 or a_n >= 5 * d_n:
        return True
    a_counters, d_counters = table.counters(a_units), table.counters(d_units)
    a_dice, a_left = _roll(att, a_n, rng)
    if a_left == 0:
        return False
    d_dice, d_left = _roll(dfn, d_n, rng)
    if d_left == 0:
        return True
    if not a_dice:
        return a_left > d_left
    if len(d_dice) >= len(a_dice) + WIPE - 1:
        return False
    fights = _pair(a_dice, d_dice, edge)
    _spend(fights, a_counters, attacker=True, edge=edge)
    _spend(fights, d_counters, attacker=False, edge=edge)
    margins = sorted((_margin(f, edge) for f in fights), reverse=True)
    for m in margins:  # the defender's wins first, biggest leading
        if m >= ROUT:
            a_left -= 2
            break
        if m >= 0:
            a_left -= 1
        else:
            d_left -= 1
        if a_left <= 0:
            return False
        if d_left <= 0:
            return True
    return a_left > d_left


def _roll(units: list[int], n: int, rng: random.Random) -> tuple[list[int], int]:
    values = sorted((rng.randint(1, 6) for _ in range(n)), reverse=True)
    left = sum(units)
    troops = units[0]
    for v in values:
        if v == 1 or (v == 2 and troops):
            left -= 1
            troops = max(0, troops - 1)
    return [v for v in values if v != 1], max(left, 0)


def _pair(a: list[int], d: list[int], edge: int) -> list[list[int]]:
    """Fights as [attacker sum, defender sum, defender dice, attacker bonus, defender bonus]."""
    m = min(len(a), len(d))
    mine = list(d[:m])
    fights = []
    for value in a[:m]:
        beating = [x for x in mine if x + 1 + edge >= value]
        pick = min(beating) if beating else min(mine)
        mine.remove(pick)
        fights.append([value, pick, 1, 0, 0])
    for value in a[m:]:  # the attacker's extra dice turn the cheapest losses
        lost = [f for f in fights if _margin(f, edge) >= 0]
        target = min(lost, key=lambda f: _margin(f, edge)) if lost else fights[0]
        target[0] += value
    for value in d[m:]:
        lost = [f for f in fights if _margin(f, edge) < 0]
        target = max(lost, key=lambda f: _margin(f, edge)) if lost else fights[0]
        target[1] += value
        target[2] += 1
    return fights


def _margin(f: list[int], edge: int) -> int:
    """The defender's lead in a fight (>= 0: the defender wins it)."""
    return f[1] + f[2] + edge + f[4] - f[0] - f[3]


def _spend(fights: list[list[int]], counters: int, attacker: bool, edge: int) -> None:
    for _ in range(counters):
        if attacker:
            open_ = [f for f in fights if _margin(f, edge) >= 0]
            if not open_:
                return
            min(open_, key=lambda f: _margin(f, edge))[3] += 1
        else:
            open_ = [f for f in fights if _margin(f, edge) < 0]
            if not open_:
                return
            max(open_, key=lambda f: _margin(f, edge))[4] += 1
