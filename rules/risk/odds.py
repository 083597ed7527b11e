"""Exact battle odds for classic Risk: one roll of the dice, or a whole fight to the end or to a stop.

A roll: the attacker, with ``attackers`` armies that may attack (the armies in the attacking territory
minus the one that must stay behind), rolls ``min(3, attackers)`` dice; the defender rolls
``min(2, defenders)`` ("most dice allowed"). Both are sorted high to low and the highest pairs compared,
then the second-highest if both rolled two or more; the attacker loses a pair on a tie or lower, the
defender otherwise. A fight repeats rolls until the defender is wiped out (the attacker wins) or the
attacker is down to ``stop_at`` attacking armies (0: to the last army).

Single rolls are exact fractions, counted over all ``6**n`` dice. Fights are floats: a fight is a
Markov chain on (attackers, defenders) whose total falls by 1 or 2 every roll, so its distribution is
pushed one diagonal (attackers + defenders = constant) at a time, and 3-dice-against-2 rolls, which take
exactly two armies, shift a whole diagonal with a three-term sum. This reproduces Osborne (2003),
"Markov Chains for the RISK Board Game Revisited", Mathematics Magazine 76(2), Table 3.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

MAX_ATTACK_DICE = 3
MAX_DEFENCE_DICE = 2

# Fights with attackers * defenders above EXACT_UP_TO drop, at both ends of each diagonal, the states whose
# probability is at most PRUNE_BELOW. Those tails fall off faster than geometrically, so the mass lost is
# a few times PRUNE_BELOW per diagonal: against the full computation, 1000 v 1000 and 5000 v 5000 give
# the same win and expected losses to the last bit and survivor probabilities within 1e-19. Smaller
# fights are computed without pruning (floats, exact to rounding).
PRUNE_BELOW = 1e-20
EXACT_UP_TO = 2500


@dataclass(frozen=True, slots=True)
class RollOutcome:
    """One way a single roll can end: how many armies each side loses, and how likely that is."""

    attacker_losses: int
    defender_losses: int
    probability: Fraction


@dataclass(frozen=True, slots=True)
class FightOdds:
    """What to expect from a fight (or a single roll).

    ``attacker_survivors`` lists, for the outcomes where the defender is wiped out, the attacking armies
    left and their probability; ``defender_survivors`` lists, for the outcomes where the attacker stopped
    (or ran out), the defending armies left and their probability. Both are sorted by armies, leave out
    impossible counts, and together add up to 1 (to float rounding).
    """

    win: float
    expected_attacker_losses: float
    expected_defender_losses: float
    attacker_survivors: tuple[tuple[int, float], ...]
    defender_survivors: tuple[tuple[int, float], ...]


@lru_cache(maxsize=8)
def roll_outcomes(attacker_dice: int, defender_dice: int) -> tuple[RollOutcome, ...]:
    """The exact outcomes of one roll of ``attacker_dice`` (1-3) against ``defender_dice`` (1-2).

    Counted over all ``6 ** (attacker_dice + defender_dice)`` equally likely dice, sorted by attacker
    losses. For 3 against 2: the defender loses 2 with 2890/7776, each loses 1 with 2611/7776 and the
    attacker loses 2 with 2275/7776.
    """
    if not 1 <= attacker_dice <= MAX_ATTACK_DICE:
        raise ValueError(f"the attacker rolls 1 to {MAX_ATTACK_DICE} dice, not {attacker_dice}")
    if not 1 <= defender_dice <= MAX_DEFENCE_DICE:
        raise ValueError(f"the defender rolls 1 to {MAX_DEFENCE_DICE} dice, not {defender_dice}")
    counts: dict[int, int] = {}  # attacker losses -> number of dice outcomes
    for dice in itertools.product(range(1, 7), repeat=attacker_dice + defender_dice):
        attack = sorted(dice[:attacker_dice], reverse=True)
        defence = sorted(dice[attacker_dice:], reverse=True)
        lost = sum(1 for a, d in zip(attack, defence, strict=False) if a <= d)
        counts[lost] = counts.get(lost, 0) + 1
    pairs = min(attacker_dice, defender_dice)
    total = 6 ** (attacker_dice + defender_dice)
    return tuple(RollOutcome(lost, pairs - lost, Fraction(counts[lost], total)) for lost in sorted(counts))


@lru_cache(maxsize=8)
def _float_outcomes(attacker_dice: int, defender_dice: int) -> tuple[tuple[int, int, float], ...]:
    return tuple(
        (o.attacker_losses, o.defender_losses, float(o.probability))
        for o in roll_outcomes(attacker_dice, defender_dice)
    )


def one_roll(attackers: int, defenders: int) -> FightOdds:
    """The odds of one roll with the most dice allowed: ``min(3, attackers)`` against ``min(2, defenders)``.

    ``win`` is the chance that this one roll wipes the defender out.
    """
    _check_armies(attackers, defenders)
    if attackers < 1:
        raise ValueError("a roll needs at least one attacking army (attackers must be 1 or more)")
    if defenders < 1:
        raise ValueError("a roll needs at least one defending army (defenders must be 1 or more)")
    won: dict[int, float] = {}
    held: dict[int, float] = {}
    attacker_losses = defender_losses = 0.0
    for lost, killed, p in _float_outcomes(min(MAX_ATTACK_DICE, attackers), min(MAX_DEFENCE_DICE, defenders)):
        attacker_losses += lost * p
        defender_losses += killed * p
        if killed == defenders:
            won[attackers - lost] = won.get(attackers - lost, 0.0) + p
        else:
            held[defenders - killed] = held.get(defenders - killed, 0.0) + p
    return _odds(won, held, attacker_losses, defender_losses)


def fight(attackers: int, defenders: int, stop_at: int = 0) -> FightOdds:
    """The odds of attacking ``defenders`` with ``attackers`` armies until one side can go on no longer.

    ``attackers`` counts the armies that may attack (Osborne's A: the territory's armies minus the one
    that stays behind). The attacker rolls the most dice allowed for as long as the defender has armies
    and more than ``stop_at`` attacking armies are left; a last roll that compares two pairs can take it
    one below ``stop_at``. ``stop_at=0`` fights to the end.

    Fights with ``attackers * defenders`` up to 2500 are computed in full (floats, exact to rounding).
    Bigger ones drop states of probability at most 1e-20 at the edges of the distribution: every
    probability stays within 1e-12 of the full computation, and so does every expected loss relative to
    its size (1000 against 1000 matches it to the last bit, in a few hundredths of a second). The last 256
    fights asked for are cached.
    """
    _check_armies(attackers, defenders)
    if stop_at < 0:
        raise ValueError(f"stop_at cannot be negative (got {stop_at}); use 0 to fight to the end")
    if stop_at >= attackers:
        raise ValueError(
            f"stop_at must be below attackers: with {attackers} attacking armies and stop_at={stop_at} "
            "the attacker would not roll at all"
        )
    return _fight(attackers, defenders, stop_at)


def clear_cache() -> None:
    """Forget the cached fights (for benchmarks, or to free their memory)."""
    _fight.cache_clear()


def _check_armies(attackers: int, defenders: int) -> None:
    if attackers < 0:
        raise ValueError(f"attackers cannot be negative (got {attackers})")
    if defenders < 0:
        raise ValueError(f"defenders cannot be negative (got {defenders})")


@lru_cache(maxsize=256)
def _fight(attackers: int, defenders: int, stop_at: int) -> FightOdds:
    prune = PRUNE_BELOW if attackers * defenders > EXACT_UP_TO else 0.0
    return _propagate(attackers, defenders, stop_at, prune)


def _propagate(attackers: int, defenders: int, stop_at: int, prune_below: float) -> FightOdds:
    """Push the fight's distribution from the start down, one diagonal ``a + d = t`` at a time.

    Diagonal ``t`` is a list indexed by ``a - max(0, t - defenders)``, with the range of ``a`` that may hold
    mass kept beside it. A roll takes one or two armies, so diagonal ``t`` only feeds ``t - 1`` and
    ``t - 2``, and every diagonal is complete by the time it is reached. The middle of a diagonal (3 dice
    against 2, still fighting) moves to ``t - 2`` as one list; only its ends (won, stopped, or rolling
    fewer dice) are handled one state at a time. States at the ends whose probability is at most
    ``prune_below`` are dropped (with ``prune_below=0`` only zeros are).
    """
    won: dict[int, float] = {}  # attacking armies left -> probability
    held: dict[int, float] = {}  # defending armies left -> probability
    attacker_losses = defender_losses = 0.0
    rows: dict[int, list[float]] = {}
    spans: dict[int, list[int]] = {}  # t -> [lowest a, highest a] that may hold mass

    def add(t: int, a: int, mass: float) -> None:
        base = max(0, t - defenders)
        row = rows.get(t)
        if row is None:
            row = rows[t] = [0.0] * (min(t, attackers) - base + 1)
            spans[t] = [a, a]
        else:
            span = spans[t]
            if a < span[0]:
                span[0] = a
            elif a > span[1]:
                span[1] = a
        row[a - base] += mass

    p_kill, p_trade, p_lose = (p for _, _, p in _float_outcomes(MAX_ATTACK_DICE, MAX_DEFENCE_DICE))
    bulk_low = max(MAX_ATTACK_DICE, stop_at + 1)  # lowest a that still rolls 3 dice
    add(attackers + defenders, attackers, 1.0)
    for t in range(attackers + defenders, -1, -1):
        row = rows.pop(t, None)
        if row is None:
            continue
        base = max(0, t - defenders)
        lo, hi = spans.pop(t)
        while lo <= hi and row[lo - base] <= prune_below:
            lo += 1
        while hi >= lo and row[hi - base] <= prune_below:
            hi -= 1
        if lo > hi:
            continue
        low, high = max(lo, bulk_low), min(hi, t - MAX_DEFENCE_DICE)
        if low <= high:
            # 3 dice against 2 from (a, t - a): to (a, .), (a - 1, .), (a - 2, .) on diagonal t - 2, which
            # nothing else has fed yet (t - 1, its other source, comes later).
            block = row[low - base : high - base + 1]
            padded = [0.0, 0.0, *block, 0.0, 0.0]
            moved = [
                p_kill * same + p_trade * one + p_lose * two
                for same, one, two in zip(padded, padded[1:], padded[2:], strict=False)
            ]
            target = t - 2
            assert target not in rows
            target_base = max(0, target - defenders)
            target_row = rows[target] = [0.0] * (min(target, attackers) - target_base + 1)
            target_row[low - 2 - target_base : high + 1 - target_base] = moved
            spans[target] = [low - 2, high]
            edges: Iterable[int] = itertools.chain(range(lo, low), range(high + 1, hi + 1))
        else:
            edges = range(lo, hi + 1)
        for a in edges:
            mass = row[a - base]
            if mass == 0.0:
                continue
            d = t - a
            if d == 0:
                won[a] = won.get(a, 0.0) + mass
                attacker_losses += (attackers - a) * mass
                defender_losses += defenders * mass
            elif a <= stop_at:
                held[d] = held.get(d, 0.0) + mass
                attacker_losses += (attackers - a) * mass
                defender_losses += (defenders - d) * mass
            else:
                for lost, killed, p in _float_outcomes(min(MAX_ATTACK_DICE, a), min(MAX_DEFENCE_DICE, d)):
                    add(t - lost - killed, a - lost, mass * p)
    return _odds(won, held, attacker_losses, defender_losses)


def _odds(
    won: dict[int, float], held: dict[int, float], attacker_losses: float, defender_losses: float
) -> FightOdds:
    return FightOdds(
        win=sum(won.values()),
        expected_attacker_losses=attacker_losses,
        expected_defender_losses=defender_losses,
        attacker_survivors=tuple((n, p) for n, p in sorted(won.items()) if p > 0.0),
        defender_survivors=tuple((n, p) for n, p in sorted(held.items()) if p > 0.0),
    )
