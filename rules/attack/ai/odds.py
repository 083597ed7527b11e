"""Army battle odds for the AI, by simulation with its own seeded dice (never the game's).

The battle follows the engine's rules (``rules.attack.battle.army``): deploy, opening salvo, alternate
turns with growing lines, hits by matching faces. Both sides fill their lines strongest first. Results
are cached per matchup, and each matchup's dice are seeded from the matchup itself, so the AI's choices
are reproducible. ``rules`` carries the options that change a battle (line size, how lines grow, which
salvo faces hit), so the odds follow the game's own rules.
"""

from __future__ import annotations

import random
from functools import lru_cache

from rules.attack.battle.army import destroy, hits_of, line_limit, salvo_faces
from rules.attack.battle.lines import strongest_line
from rules.attack.state import AttackOptions
from rules.attack.tables import ARMY_FACES, ARTILLERY, Counts, add, sub

DEFAULT = AttackOptions()

RUNS = 120


@lru_cache(maxsize=50_000)
def win_chance(
    attack: Counts, defend: Counts, rules: AttackOptions = DEFAULT, surprise: bool = False
) -> float:
    """The attacker's chance to take the region (every defender destroyed)."""
    if not any(defend):
        return 1.0
    if not any(attack):
        return 0.0
    dice = random.Random(hash((attack, defend, _key(rules), surprise)) & 0xFFFFFFFF)
    wins = sum(_fight(attack, defend, rules, surprise, dice) for _ in range(RUNS))
    return wins / RUNS


@lru_cache(maxsize=50_000)
def neutral_chance(
    attack: Counts, garrison_dice: int, rules: AttackOptions = DEFAULT, surprise: bool = False
) -> float:
    """The attacker's chance against a neutral garrison of ``garrison_dice`` Army dice, rolled anew in
    every simulated battle (blank faces add nothing)."""
    if not any(attack):
        return 0.0
    dice = random.Random(hash((attack, -garrison_dice, _key(rules), surprise)) & 0xFFFFFFFF)
    wins = 0
    for _ in range(RUNS):
        units = [0, 0, 0, 0]
        for _ in range(garrison_dice):
            face = ARMY_FACES[dice.randint(1, 6) - 1]
            if face is not None:
                units[face] += 1
        garrison = (units[0], units[1], units[2], units[3])
        wins += 1 if not any(garrison) else _fight(attack, garrison, rules, surprise, dice)
    return wins / RUNS


def _key(rules: AttackOptions) -> tuple[int, bool, bool]:
    """The options a battle depends on, as numbers: a string's hash differs from process to process, and
    the seed must not, so that the AI's choices replay."""
    return (rules.line_size, rules.line_growth == "battle", rules.salvo_hits == "artillery")


def _roll(dice: random.Random, n: int) -> tuple[int, ...]:
    return tuple(dice.randint(1, 6) for _ in range(n))


def _fight(attack: Counts, defend: Counts, rules: AttackOptions, surprise: bool, dice: random.Random) -> bool:
    d_line = strongest_line(defend, rules.line_size)
    a_line = strongest_line(attack, rules.line_size)
    lines = [a_line, d_line]
    reserves = [sub(attack, a_line), sub(defend, d_line)]
    salvo = sum(a_line) if surprise else a_line[ARTILLERY]
    if salvo:
        hits = hits_of(_roll(dice, salvo), a_line, salvo_faces(rules, surprise))
        lines[1], _ = destroy(lines[1], hits)
        if not any(lines[1]) and not any(reserves[1]):
            return True
    side, turn = 1, 1
    while turn < 200:
        if turn > 1:
            room = line_limit(rules, turn) - sum(lines[side])
            if room > 0 and any(reserves[side]):
                extra = strongest_line(reserves[side], room)
                lines[side] = add(lines[side], extra)
                reserves[side] = sub(reserves[side], extra)
        if any(lines[side]):
            hits = hits_of(_roll(dice, sum(lines[side])), lines[side])
            lines[1 - side], _ = destroy(lines[1 - side], hits)
            if not any(lines[1 - side]) and not any(reserves[1 - side]):
                return side == 0
        side, turn = 1 - side, turn + 1
    return False
