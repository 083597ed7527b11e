"""Exact odds (``odds.exact``): hand-worked battles, the small Markov chain of ``test_odds`` solved in
fractions, and 100,000 simulated battles (``odds.simulate``) that must agree within their noise."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest

from rules.axis_allies.odds import Left, exact, simulate
from tests.rules.axis_allies.test_odds import exact as fraction_chain

TIGHT = 1e-12


def ends(odds):
    return (odds.attacker_wins, odds.defender_wins, odds.draws)


def equal(odds, expected):
    assert all(abs(g - float(e)) < TIGHT for g, e in zip(ends(odds), expected, strict=True)), (
        ends(odds),
        expected,
    )


def test_one_infantry_against_one_is_a_quarter_five_eighths_and_an_eighth():
    odds = exact({"infantry": 1}, {"infantry": 1}, sea=False)
    equal(odds, (Fraction(1, 4), Fraction(5, 8), Fraction(1, 8)))
    assert odds.exact and odds.trials == 0
    assert abs(odds.average_rounds - 9 / 4) < TIGHT  # a round decides it with probability 4/9


@pytest.mark.parametrize(
    ("attackers", "defenders", "extra"),
    [
        ({"infantry": 3, "tank": 2}, {"infantry": 4}, {}),
        ({"infantry": 2, "artillery": 1, "tank": 1}, {"infantry": 3}, {}),
        ({"bomber": 1}, {"infantry": 2}, {"heavy": True}),
        ({"tank": 3}, {"infantry": 1, "fighter": 1}, {"jets": True}),
        ({"infantry": 2, "fighter": 1, "bomber": 1}, {"infantry": 2, "tank": 1, "bomber": 1}, {}),
    ],
)
def test_land_battles_equal_the_fraction_chain(attackers, defenders, extra):
    order_a = ["infantry", "artillery", "tank", "fighter", "bomber"]
    order_d = ["bomber", "infantry", "artillery", "tank", "fighter"]
    listed_a = [k for k in order_a for _ in range(attackers.get(k, 0))]
    listed_d = [k for k in order_d for _ in range(defenders.get(k, 0))]
    odds = exact(
        attackers,
        defenders,
        sea=False,
        attacker_techs=["heavy_bombers"] if extra.get("heavy") else [],
        defender_techs=["jet_power"] if extra.get("jets") else [],
    )
    equal(odds, fraction_chain(listed_a, listed_d, **extra))


def test_the_casualty_order_the_player_chose():
    # Tanks first, then infantry: the fraction chain takes the units in the order listed.
    odds = exact({"infantry": 2, "tank": 2}, {"infantry": 3}, sea=False, attacker_order=["tank"])
    equal(odds, fraction_chain(["tank", "tank", "infantry", "infantry"], ["infantry"] * 3))
    default = exact({"infantry": 2, "tank": 2}, {"infantry": 3}, sea=False)
    assert default.attacker_wins > odds.attacker_wins  # keeping the tanks wins more often


def test_aa_fire_before_the_first_round_only():
    equal(exact({"fighter": 1}, {}, sea=False, aa=True), (Fraction(5, 6), 0, Fraction(1, 6)))
    # The AA gun downs the fighter 1/6; otherwise a fighter (3) against an infantry (2) as usual.
    plain = exact({"fighter": 1}, {"infantry": 1}, sea=False)
    with_aa = exact({"fighter": 1}, {"infantry": 1}, sea=False, aa=True)
    assert abs(with_aa.attacker_wins - 5 / 6 * plain.attacker_wins) < TIGHT
    assert abs(with_aa.defender_wins - (1 / 6 + 5 / 6 * plain.defender_wins)) < TIGHT


def test_bombardment_in_the_first_round_only():
    go_on = Fraction(5, 18) * Fraction(2, 3)
    win = Fraction(13, 18) * Fraction(2, 3) + go_on / 4
    lose = Fraction(5, 18) * Fraction(1, 3) + go_on * Fraction(5, 8)
    equal(exact({"infantry": 1}, {"infantry": 1}, sea=False, bombard=1), (win, lose, 1 - win - lose))


def test_submarines_first_strike_destroyers_and_super_submarines():
    equal(exact({"submarine": 1}, {"transport": 1}, sea=True), (Fraction(3, 4), Fraction(1, 4), 0))
    equal(
        exact({"submarine": 1}, {"destroyer": 1}, sea=True), (Fraction(1, 4), Fraction(1, 2), Fraction(1, 4))
    )
    supers = exact({"submarine": 1}, {"transport": 1}, sea=True, attacker_techs=["superSub"])
    equal(supers, (Fraction(6, 7), Fraction(1, 7), 0))
    # Submarines never hit aircraft: three subs cannot touch a fighter, which sinks them in the end.
    equal(exact({"submarine": 3}, {"fighter": 1}, sea=True), (0, 1, 0))


def test_two_hit_battleships():
    # A battleship (4) against a transport (1): fresh, it wins 12/13 and is damaged 1/13; damaged, it
    # wins 10/13, draws 2/13 (both hit) and sinks 1/13. So 166/169, 1/169, 2/169.
    odds = exact({"battleship": 1}, {"transport": 1}, sea=True, two_hit_battleships=True)
    equal(odds, (Fraction(166, 169), Fraction(1, 169), Fraction(2, 169)))
    one_hit = exact({"battleship": 1}, {"transport": 1}, sea=True)
    equal(one_hit, (Fraction(10, 13), Fraction(1, 13), Fraction(2, 13)))


def test_retreat_after_round_n():
    # One round of infantry against infantry, then the attacker goes home if nothing is decided.
    odds = exact({"infantry": 1}, {"infantry": 1}, sea=False, retreat_after=1)
    equal(odds, (Fraction(1, 9), Fraction(5, 18) + Fraction(5, 9), Fraction(1, 18)))
    assert abs(odds.retreated - 5 / 9) < TIGHT and abs(odds.average_rounds - 1) < TIGHT
    assert abs(odds.attacker_survivors["infantry"] - (1 / 9 + 5 / 9)) < TIGHT


def test_every_end_is_listed_and_the_survivors_add_up():
    odds = exact({"infantry": 3, "tank": 1}, {"infantry": 2, "fighter": 1}, sea=False, aa=False)
    assert abs(sum(left.probability for left in odds.attacker_left) - 1) < TIGHT
    assert abs(sum(left.probability for left in odds.defender_left) - 1) < TIGHT
    wiped = next(left for left in odds.attacker_left if left.units == ())
    assert abs(wiped.probability - odds.defender_wins - odds.draws) < TIGHT
    expected_tanks = sum(left.probability * dict(left.units).get("tank", 0) for left in odds.attacker_left)
    assert abs(expected_tanks - odds.attacker_survivors["tank"]) < TIGHT
    assert odds.attacker_left[0].probability >= odds.attacker_left[-1].probability
    assert isinstance(odds.attacker_left[0], Left)


MIXED = [
    (
        {"infantry": 6, "artillery": 2, "tank": 3, "fighter": 2, "bomber": 1},
        {"infantry": 8, "tank": 2, "fighter": 1},
        {"sea": False, "aa": True, "bombard": 1},
    ),
    (
        {"submarine": 3, "fighter": 2, "battleship": 1, "carrier": 1},
        {"submarine": 2, "carrier": 1, "fighter": 2, "destroyer": 1, "transport": 2},
        {"sea": True, "two_hit_battleships": True, "defender_order": ["transport", "fighter"]},
    ),
    (
        {"submarine": 2, "fighter": 3, "bomber": 1},
        {"submarine": 2, "fighter": 2, "carrier": 1, "battleship": 1},
        {"sea": True, "retreat_after": 2, "attacker_techs": ["super_submarines"]},
    ),
]


@pytest.mark.parametrize(("attackers", "defenders", "extra"), MIXED, ids=["land", "sea", "sea-retreat"])
def test_exact_odds_agree_with_100000_simulated_battles(attackers, defenders, extra):
    """Within four standard errors of the simulation, for each end and the average survivors."""
    trials = 100_000
    odds = exact(attackers, defenders, **extra)
    sim = simulate(attackers, defenders, trials=trials, seed="check", **extra)
    for p, q in zip(ends(odds), ends(sim), strict=True):
        assert abs(p - q) <= 4 * math.sqrt(max(p * (1 - p), 1e-9) / trials), (ends(odds), ends(sim))
    for kind, mean in odds.attacker_survivors.items():
        n = attackers[kind]
        assert abs(mean - sim.attacker_survivors[kind]) <= 4 * n / math.sqrt(trials) + 1e-9, kind
    assert abs(odds.retreated - sim.retreated) <= 4 * math.sqrt(0.25 / trials)
    assert abs(odds.average_rounds - sim.average_rounds) < 0.05


def test_battle_odds_are_exact_when_quick_and_simulated_beyond():
    from rules.axis_allies.odds import QUICK, battle_odds, work

    small = battle_odds({"infantry": 30}, {"infantry": 30}, sea=False)
    assert small.exact and work({"infantry": 30}, {"infantry": 30}, sea=False) <= QUICK
    huge = {"infantry": 100, "tank": 40, "fighter": 10}
    assert work(huge, huge, sea=False, aa=True) > QUICK
    simulated = battle_odds(huge, huge, sea=False, aa=True, trials=200)
    assert not simulated.exact and simulated.trials == 200


def test_bad_requests_are_refused():
    with pytest.raises(ValueError):
        exact({"tank": 1}, {"infantry": 1}, sea=True)
    with pytest.raises(ValueError):
        exact({"tank": 1}, {"aa_gun": 1}, sea=False)
    with pytest.raises(ValueError):
        exact({"submarine": 1}, {"transport": 1}, sea=True, aa=True)
    with pytest.raises(ValueError):
        exact({"tank": 1}, {"infantry": 1}, sea=False, attacker_order=["panzer"])
    with pytest.raises(ValueError):
        exact({"tank": 1}, {"infantry": 1}, sea=False, retreat_after=-1)
