"""Battle odds: single rolls, Osborne's published table, and fights against independent computations."""

from __future__ import annotations

import itertools
from collections import defaultdict
from fractions import Fraction
from functools import cache

import pytest

from rules.risk import odds
from rules.risk.odds import FightOdds, fight, one_roll, roll_outcomes

# Probability that the attacker wins, A (armies that may attack) = row 1..10, D (defending armies) =
# column 1..10, 3 decimals as published in Table 3 of Jason A. Osborne, "Markov Chains for the RISK Board
# Game Revisited", Mathematics Magazine 76(2), April 2003, pp. 129-135 (JSTOR 3219306; author's copy
# https://www4.stat.ncsu.edu/~jaosborn/research/osborne.mathmag.pdf). The published 1.000 entries are
# probabilities that round to 1 at 3 decimals, not certainties.
OSBORNE_TABLE_3 = (
    (0.417, 0.106, 0.027, 0.007, 0.002, 0.000, 0.000, 0.000, 0.000, 0.000),
    (0.754, 0.363, 0.206, 0.091, 0.049, 0.021, 0.011, 0.005, 0.003, 0.001),
    (0.916, 0.656, 0.470, 0.315, 0.206, 0.134, 0.084, 0.054, 0.033, 0.021),
    (0.972, 0.785, 0.642, 0.477, 0.359, 0.253, 0.181, 0.123, 0.086, 0.057),
    (0.990, 0.890, 0.769, 0.638, 0.506, 0.397, 0.297, 0.224, 0.162, 0.118),
    (0.997, 0.934, 0.857, 0.745, 0.638, 0.521, 0.423, 0.329, 0.258, 0.193),
    (0.999, 0.967, 0.910, 0.834, 0.736, 0.640, 0.536, 0.446, 0.357, 0.287),
    (1.000, 0.980, 0.947, 0.888, 0.818, 0.730, 0.643, 0.547, 0.464, 0.380),
    (1.000, 0.990, 0.967, 0.930, 0.873, 0.808, 0.726, 0.646, 0.558, 0.480),
    (1.000, 0.994, 0.981, 0.954, 0.916, 0.861, 0.800, 0.724, 0.650, 0.568),
)

# Osborne's Table 2: dice outcomes (out of 6 ** (attacker dice + defender dice)) per (attacker losses,
# defender losses).
ROLL_COUNTS = {
    (1, 1): {(0, 1): 15, (1, 0): 21},
    (1, 2): {(0, 1): 55, (1, 0): 161},
    (2, 1): {(0, 1): 125, (1, 0): 91},
    (2, 2): {(0, 2): 295, (1, 1): 420, (2, 0): 581},
    (3, 1): {(0, 1): 855, (1, 0): 441},
    (3, 2): {(0, 2): 2890, (1, 1): 2611, (2, 0): 2275},
}

TOLERANCE = 1e-12


# --- independent reference computations (share nothing with the module but the rules) ---------------


@cache
def dice_outcomes(attack_dice: int, defence_dice: int) -> dict[tuple[int, int], Fraction]:
    """(attacker losses, defender losses) -> probability, by rolling every combination of dice."""
    out: dict[tuple[int, int], Fraction] = defaultdict(Fraction)
    rolls = list(itertools.product(range(1, 7), repeat=attack_dice + defence_dice))
    for dice in rolls:
        attack = sorted(dice[:attack_dice], reverse=True)
        defence = sorted(dice[attack_dice:], reverse=True)
        lost = killed = 0
        for a, d in zip(attack, defence, strict=False):
            if a > d:
                killed += 1
            else:
                lost += 1
        out[lost, killed] += Fraction(1, len(rolls))
    return dict(out)


@cache
def final_states(a: int, d: int, stop_at: int) -> dict[tuple[int, int], Fraction]:
    """Exact distribution of where a fight from (a, d) ends, by plain recursion over the rolls."""
    if d == 0 or a <= stop_at:
        return {(a, d): Fraction(1)}
    out: dict[tuple[int, int], Fraction] = defaultdict(Fraction)
    for (lost, killed), p in dice_outcomes(min(3, a), min(2, d)).items():
        for state, q in final_states(a - lost, d - killed, stop_at).items():
            out[state] += p * q
    return dict(out)


def full_grid(attackers: int, defenders: int, stop_at: int) -> dict[tuple[int, int], float]:
    """Float distribution of where a fight ends, pushing mass through every state of the grid, no pruning."""
    table = {
        (ad, dd): [(lost, killed, float(p)) for (lost, killed), p in dice_outcomes(ad, dd).items()]
        for ad in (1, 2, 3)
        for dd in (1, 2)
    }
    mass: dict[tuple[int, int], float] = {(attackers, defenders): 1.0}
    ends: dict[tuple[int, int], float] = {}
    for total in range(attackers + defenders, -1, -1):
        for a in range(max(0, total - defenders), min(total, attackers) + 1):
            m = mass.pop((a, total - a), 0.0)
            if m == 0.0:
                continue
            d = total - a
            if d == 0 or a <= stop_at:
                ends[a, d] = m
                continue
            for lost, killed, p in table[min(3, a), min(2, d)]:
                key = (a - lost, d - killed)
                mass[key] = mass.get(key, 0.0) + m * p
    return ends


def assert_matches(
    result: FightOdds, ends: dict[tuple[int, int], float], attackers: int, defenders: int
) -> None:
    won: dict[int, float] = defaultdict(float)
    held: dict[int, float] = defaultdict(float)
    for (a, d), p in ends.items():
        if d == 0:
            won[a] += p
        else:
            held[d] += p
    assert result.win == pytest.approx(sum(won.values()), abs=TOLERANCE)
    expected_attacker_losses = sum((attackers - a) * p for (a, _), p in ends.items())
    expected_defender_losses = sum((defenders - d) * p for (_, d), p in ends.items())
    assert result.expected_attacker_losses == pytest.approx(expected_attacker_losses, abs=TOLERANCE)
    assert result.expected_defender_losses == pytest.approx(expected_defender_losses, abs=TOLERANCE)
    for survivors, reference in ((result.attacker_survivors, won), (result.defender_survivors, held)):
        got = dict(survivors)
        assert [n for n, _ in survivors] == sorted(got)
        for n in set(got) | set(reference):
            assert got.get(n, 0.0) == pytest.approx(reference.get(n, 0.0), abs=TOLERANCE), n


def total_probability(result: FightOdds) -> float:
    return sum(p for _, p in result.attacker_survivors) + sum(p for _, p in result.defender_survivors)


# --- single rolls -----------------------------------------------------------------------------------


@pytest.mark.parametrize(("dice", "counts"), ROLL_COUNTS.items())
def test_single_roll_fractions(dice: tuple[int, int], counts: dict[tuple[int, int], int]) -> None:
    outcomes = roll_outcomes(*dice)
    total = 6 ** sum(dice)
    got = {(o.attacker_losses, o.defender_losses): o.probability for o in outcomes}
    assert got == {key: Fraction(n, total) for key, n in counts.items()}
    assert got == dice_outcomes(*dice)
    assert all(isinstance(o.probability, Fraction) for o in outcomes)
    assert sum(got.values()) == 1
    assert [o.attacker_losses for o in outcomes] == sorted(o.attacker_losses for o in outcomes)


def test_three_against_two_as_documented() -> None:
    assert [(o.attacker_losses, o.defender_losses, o.probability) for o in roll_outcomes(3, 2)] == [
        (0, 2, Fraction(2890, 7776)),
        (1, 1, Fraction(2611, 7776)),
        (2, 0, Fraction(2275, 7776)),
    ]


@pytest.mark.parametrize("dice", [(0, 1), (4, 1), (1, 0), (1, 3), (-1, 2)])
def test_roll_outcomes_rejects_impossible_dice(dice: tuple[int, int]) -> None:
    with pytest.raises(ValueError, match="rolls"):
        roll_outcomes(*dice)


def test_one_roll_three_against_two() -> None:
    result = one_roll(5, 4)
    assert result.win == 0.0
    assert result.attacker_survivors == ()
    assert dict(result.defender_survivors) == pytest.approx(
        {2: 2890 / 7776, 3: 2611 / 7776, 4: 2275 / 7776}, abs=TOLERANCE
    )
    assert result.expected_attacker_losses == pytest.approx((2611 + 2 * 2275) / 7776, abs=TOLERANCE)
    assert result.expected_defender_losses == pytest.approx((2 * 2890 + 2611) / 7776, abs=TOLERANCE)


def test_one_roll_can_win() -> None:
    result = one_roll(2, 2)  # 2 dice against 2: the defender is wiped out when it loses both pairs
    assert result.win == pytest.approx(295 / 1296, abs=TOLERANCE)
    assert dict(result.attacker_survivors) == pytest.approx({2: 295 / 1296}, abs=TOLERANCE)
    assert dict(result.defender_survivors) == pytest.approx({1: 420 / 1296, 2: 581 / 1296}, abs=TOLERANCE)
    single = one_roll(7, 1)  # 3 dice against 1
    assert single.win == pytest.approx(855 / 1296, abs=TOLERANCE)
    assert dict(single.attacker_survivors) == pytest.approx({7: 855 / 1296}, abs=TOLERANCE)
    assert dict(single.defender_survivors) == pytest.approx({1: 441 / 1296}, abs=TOLERANCE)
    assert total_probability(single) == pytest.approx(1.0, abs=TOLERANCE)


@pytest.mark.parametrize(
    ("attackers", "defenders", "message"),
    [
        (0, 1, "at least one attacking army"),
        (1, 0, "at least one defending army"),
        (-1, 2, "attackers cannot be negative"),
        (2, -1, "defenders cannot be negative"),
    ],
)
def test_one_roll_needs_armies_on_both_sides(attackers: int, defenders: int, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        one_roll(attackers, defenders)


# --- fights -----------------------------------------------------------------------------------------


def test_osborne_table_3() -> None:
    computed = tuple(tuple(round(fight(a, d).win, 3) for d in range(1, 11)) for a in range(1, 11))
    assert computed == OSBORNE_TABLE_3


@pytest.mark.parametrize(
    ("attackers", "defenders", "stop_at"),
    [(a, d, s) for a in range(1, 8) for d in range(0, 8) for s in range(a)],
)
def test_fight_matches_exact_recursion(attackers: int, defenders: int, stop_at: int) -> None:
    ends = final_states(attackers, defenders, stop_at)
    assert sum(ends.values()) == 1
    assert_matches(
        fight(attackers, defenders, stop_at), {k: float(p) for k, p in ends.items()}, attackers, defenders
    )


def test_stop_at_five_against_three() -> None:
    ends = final_states(5, 3, 2)
    result = fight(5, 3, stop_at=2)
    assert_matches(result, {k: float(p) for k, p in ends.items()}, 5, 3)
    # The exact value, from the recursion above: the attacker gives up once down to 2 armies.
    win = sum(p for (_, d), p in ends.items() if d == 0)
    assert result.win == pytest.approx(float(win), abs=TOLERANCE)
    assert result.win < fight(5, 3).win
    # Winning leaves at least stop_at + 1 armies (the winning roll costs the attacker nothing); stopping
    # leaves 2, or 1 after a last 3-against-2 roll lost outright.
    assert min(n for n, _ in result.attacker_survivors) >= 3
    assert {a for (a, d) in ends if d > 0} == {1, 2}
    assert all(1 <= n <= 3 for n, _ in result.defender_survivors)


def test_stopping_later_never_helps_the_defender() -> None:
    wins = [fight(20, 15, stop_at=s).win for s in range(20)]
    assert wins == sorted(wins, reverse=True)
    assert wins[0] > 0.8 > wins[10]


@pytest.mark.parametrize(
    ("attackers", "defenders", "stop_at"),
    [(1, 1, 0), (3, 2, 0), (10, 10, 0), (10, 10, 4), (50, 50, 0), (51, 50, 0), (120, 80, 7), (80, 120, 0)],
)
def test_probabilities_sum_to_one(attackers: int, defenders: int, stop_at: int) -> None:
    result = fight(attackers, defenders, stop_at)
    assert total_probability(result) == pytest.approx(1.0, abs=TOLERANCE)
    assert result.win == pytest.approx(sum(p for _, p in result.attacker_survivors), abs=TOLERANCE)
    assert all(p > 0.0 for _, p in result.attacker_survivors + result.defender_survivors)
    assert all(n > 0 for n, _ in result.defender_survivors)


def test_no_defenders_is_a_walkover() -> None:
    assert fight(4, 0) == FightOdds(1.0, 0.0, 0.0, ((4, 1.0),), ())


def test_200_against_200_matches_the_full_grid() -> None:
    assert odds.EXACT_UP_TO < 200 * 200  # the pruned computation is the one under test
    assert_matches(fight(200, 200), full_grid(200, 200, 0), 200, 200)
    assert_matches(fight(200, 150, stop_at=20), full_grid(200, 150, 20), 200, 150)


def test_1000_against_1000_matches_the_unpruned_computation() -> None:
    result = fight(1000, 1000)
    unpruned = odds._propagate(1000, 1000, 0, 0.0)
    assert result.win == pytest.approx(unpruned.win, abs=TOLERANCE)
    assert result.expected_attacker_losses == pytest.approx(unpruned.expected_attacker_losses, abs=TOLERANCE)
    assert result.expected_defender_losses == pytest.approx(unpruned.expected_defender_losses, abs=TOLERANCE)
    for survivors, reference in (
        (result.attacker_survivors, unpruned.attacker_survivors),
        (result.defender_survivors, unpruned.defender_survivors),
    ):
        got, want = dict(survivors), dict(reference)
        assert max(abs(got.get(n, 0.0) - want.get(n, 0.0)) for n in set(got) | set(want)) < TOLERANCE
    assert total_probability(result) == pytest.approx(1.0, abs=TOLERANCE)
    # Each 3-against-2 roll costs the attacker 0.92 armies on average and the defender 1.08.
    assert 0.998 < result.win < 0.9995
    assert 999.9 < result.expected_defender_losses <= 1000
    assert 840 < result.expected_attacker_losses < 870


def test_results_are_cached() -> None:
    assert fight(30, 30, stop_at=3) is fight(30, 30, stop_at=3)
    odds.clear_cache()
    assert fight(30, 30, stop_at=3) == fight(30, 30, stop_at=3)


@pytest.mark.parametrize(
    ("attackers", "defenders", "stop_at", "message"),
    [
        (-1, 3, 0, "attackers cannot be negative"),
        (3, -2, 0, "defenders cannot be negative"),
        (3, 2, -1, "stop_at cannot be negative"),
        (3, 2, 3, "stop_at must be below attackers"),
        (3, 2, 5, "stop_at must be below attackers"),
        (0, 2, 0, "stop_at must be below attackers"),
    ],
)
def test_fight_rejects_bad_input(attackers: int, defenders: int, stop_at: int, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        fight(attackers, defenders, stop_at)
