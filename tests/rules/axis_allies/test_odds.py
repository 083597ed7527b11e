"""Monte Carlo odds (``odds.simulate``) against exact answers (a small Markov chain solved here in
fractions, hand-worked cases, ``odds.exact``) and against the battle engine itself, fought with its
default decisions. ``test_odds_exact.py`` checks the exact chain the other way round."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from functools import cache

import pytest

from rules.axis_allies.combat import Outcome, Unit, advance, decide, default_choice, start_battle
from rules.axis_allies.odds import exact as exact_odds
from rules.axis_allies.odds import simulate, simulate_waves
from rules.core.dice import DiceCup, SeededRng

TOLERANCE = 0.02  # 10,000 trials: one standard deviation is at most 0.005
ATTACK = {"infantry": 1, "artillery": 2, "tank": 3, "fighter": 3, "bomber": 4}
DEFENSE = {"infantry": 2, "artillery": 2, "tank": 2, "fighter": 4, "bomber": 1}


def _hits(p_each: list[Fraction]) -> list[Fraction]:
    dist = [Fraction(1)]
    for p in p_each:
        dist = [a * (1 - p) + b * p for a, b in zip([*dist, Fraction(0)], [Fraction(0), *dist], strict=True)]
    return dist


def exact(attackers: list[str], defenders: list[str], *, heavy=False, jets=False) -> tuple[Fraction, ...]:
    """(attacker wins, defender wins, draw) of a land battle fought to the end, each side losing its units
    in the order listed. A state is the number of casualties each side has taken."""

    def attack_dice(left: tuple[str, ...]) -> list[Fraction]:
        support = min(left.count("infantry"), left.count("artillery"))
        dice = []
        for kind in left:
            value = ATTACK[kind]
            if kind == "infantry" and support:
                support, value = support - 1, 2
            dice += [Fraction(value, 6)] * (3 if heavy and kind == "bomber" else 1)
        return dice

    def defense_dice(left: tuple[str, ...]) -> list[Fraction]:
        return [Fraction(5 if jets and k == "fighter" else DEFENSE[k], 6) for k in left]

    @cache
    def value(lost_a: int, lost_d: int) -> tuple[Fraction, ...]:
        a_left, d_left = tuple(attackers[lost_a:]), tuple(defenders[lost_d:])
        if not a_left or not d_left:
            return (Fraction(bool(a_left)), Fraction(bool(d_left)), Fraction(not a_left and not d_left))
        a_hits, d_hits = _hits(attack_dice(a_left)), _hits(defense_dice(d_left))
        stay = a_hits[0] * d_hits[0]
        total = [Fraction(0)] * 3
        for x, px in enumerate(a_hits):
            for y, py in enumerate(d_hits):
                if x or y:
                    nxt = value(min(len(attackers), lost_a + y), min(len(defenders), lost_d + x))
                    total = [t + px * py * v for t, v in zip(total, nxt, strict=True)]
        return tuple(t / (1 - stay) for t in total)

    return value(0, 0)


def close(odds, expected):
    got = (odds.attacker_wins, odds.defender_wins, odds.draws)
    assert all(abs(g - float(e)) < TOLERANCE for g, e in zip(got, expected, strict=True)), (got, expected)


def test_one_infantry_against_one_by_hand_and_by_the_chain():
    assert exact(["infantry"], ["infantry"]) == (Fraction(1, 4), Fraction(5, 8), Fraction(1, 8))
    close(simulate({"infantry": 1}, {"infantry": 1}, sea=False), (0.25, 0.625, 0.125))


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
def test_land_battles_match_the_exact_chain(attackers, defenders, extra):
    order_a = sorted(attackers, key=lambda k: ["infantry", "artillery", "tank", "fighter", "bomber"].index(k))
    order_d = sorted(defenders, key=lambda k: ["bomber", "infantry", "artillery", "tank", "fighter"].index(k))
    listed_a = [k for k in order_a for _ in range(attackers[k])]
    expected = exact(listed_a, [k for k in order_d for _ in range(defenders[k])], **extra)
    odds = simulate(
        attackers,
        defenders,
        sea=False,
        attacker_techs=["heavy_bombers"] if extra.get("heavy") else [],
        defender_techs=["jet_power"] if extra.get("jets") else [],
    )
    close(odds, expected)


def test_aa_gun_downs_a_lone_fighter_one_time_in_six():
    close(simulate({"fighter": 1}, {}, sea=False, aa=True), (Fraction(5, 6), Fraction(0), Fraction(1, 6)))


def test_bombardment_in_the_first_round_only():
    # Round 1: the defender survives only if the battleship (4) and the infantry (1) both miss: 5/18;
    # the infantry fires back at 2. After that it is 1 infantry against 1: 1/4, 5/8, 1/8.
    go_on = Fraction(5, 18) * Fraction(2, 3)
    win = Fraction(13, 18) * Fraction(2, 3) + go_on / 4
    lose = Fraction(5, 18) * Fraction(1, 3) + go_on * Fraction(5, 8)
    close(simulate({"infantry": 1}, {"infantry": 1}, sea=False, bombard=1), (win, lose, 1 - win - lose))


def test_submarines_strike_first_unless_a_destroyer_defends_and_never_hit_aircraft():
    # Sub first: kills the transport 1/3 (no return fire); else the transport hits back 1/6.
    first_strike = simulate({"submarine": 1}, {"transport": 1}, sea=True)
    close(first_strike, (Fraction(3, 4), Fraction(1, 4), Fraction(0)))
    # Against a destroyer both fire together: (1/3)(1/2), (2/3)(1/2), (1/3)(1/2) over 2/3.
    together = simulate({"submarine": 1}, {"destroyer": 1}, sea=True)
    close(together, (Fraction(1, 4), Fraction(1, 2), Fraction(1, 4)))
    assert simulate({"submarine": 3}, {"fighter": 1}, sea=True, trials=500).defender_wins == 1.0
    # A super submarine hits on 3: 1/2 first, then 1/6 back: 6/7 and 1/7.
    super_sub = simulate({"submarine": 1}, {"transport": 1}, sea=True, attacker_techs=["superSub"])
    close(super_sub, (Fraction(6, 7), Fraction(1, 7), Fraction(0)))


def fight_with_the_engine(attackers, defenders, *, sea, seed):
    units_a = [Unit("germany", k) for k, n in attackers.items() for _ in range(n)]
    units_d = [Unit("uk", k) for k, n in defenders.items() for _ in range(n)]
    battle = start_battle("Here", sea=sea, attacker="germany", attackers=units_a, defenders=units_d)
    cup = DiceCup(SeededRng(seed), 0, [])
    battle, _ = advance(battle, cup)
    while battle.pending is not None:
        battle, _ = decide(battle, battle.pending.power, default_choice(battle), cup)
    return battle


def test_odds_agree_with_the_battle_engine_on_a_mixed_sea_battle():
    attackers = {"submarine": 2, "fighter": 2, "battleship": 1}
    defenders = {"carrier": 1, "fighter": 2, "submarine": 1, "transport": 1}
    runs = 3000
    battles = [fight_with_the_engine(attackers, defenders, sea=True, seed=f"s{i}") for i in range(runs)]
    results = Counter(b.result for b in battles)
    odds = simulate(attackers, defenders, sea=True, trials=50_000)
    engine = [results[o] / runs for o in (Outcome.ATTACKER, Outcome.DEFENDER, Outcome.DRAW)]
    expected = (odds.attacker_wins, odds.defender_wins, odds.draws)
    assert all(abs(e - o) < 0.04 for e, o in zip(engine, expected, strict=True)), (engine, expected)
    for kind, mean in odds.defender_survivors.items():
        seen = sum(Counter(u.kind for u in b.defenders)[kind] for b in battles) / runs
        assert abs(seen - mean) < 0.08, kind


def test_same_seed_same_figures_and_survivors_add_up():
    first = simulate({"infantry": 4, "tank": 2}, {"infantry": 5}, sea=False, trials=2000, seed="a")
    assert first == simulate({"infantry": 4, "tank": 2}, {"infantry": 5}, sea=False, trials=2000, seed="a")
    assert first != simulate({"infantry": 4, "tank": 2}, {"infantry": 5}, sea=False, trials=2000, seed="b")
    assert abs(first.attacker_wins + first.defender_wins + first.draws - 1) < 1e-9
    assert set(first.attacker_survivors) == {"infantry", "tank"} and first.average_rounds >= 1


def test_a_thirty_unit_battle_with_an_aa_gun_agrees_with_the_exact_chain():
    # Timings are bench/aa_odds.py's business; here the big battle's figures must agree.
    attackers = {"infantry": 10, "tank": 5, "fighter": 3, "bomber": 2}
    defenders = {"infantry": 8, "tank": 2, "fighter": 1}
    odds = simulate(attackers, defenders, sea=False, aa=True, trials=10_000)
    chain = exact_odds(attackers, defenders, sea=False, aa=True)
    close(odds, (chain.attacker_wins, chain.defender_wins, chain.draws))


def test_bad_requests_are_refused():
    with pytest.raises(ValueError):
        simulate({"tank": 1}, {"infantry": 1}, sea=True)
    with pytest.raises(ValueError):
        simulate({"tank": 1}, {"aa_gun": 1}, sea=False)
    with pytest.raises(ValueError):
        simulate({"submarine": 1}, {"transport": 1}, sea=True, aa=True)
    with pytest.raises(ValueError):
        simulate({"tank": 1}, {"infantry": 1}, sea=False, trials=0)
    with pytest.raises(ValueError):
        simulate({"rocket": 1}, {"infantry": 1}, sea=False)


def test_waves_fight_one_after_another_on_what_the_first_leaves():
    # One infantry against one: the attacker wins 1/4, loses 5/8, both die 1/8. A second infantry walks
    # into a Tokyo the first emptied (a draw), and fights the one left when the first lost (1/4).
    two = Fraction(1, 4) + Fraction(1, 8) + Fraction(5, 8) * Fraction(1, 4)
    got = simulate_waves([{"infantry": 1}, {"infantry": 1}], {"infantry": 1}, trials=20_000)
    assert abs(got - float(two)) < TOLERANCE, (got, two)
    alone = simulate_waves([{"infantry": 1}], {"infantry": 1}, trials=20_000)
    assert abs(alone - 0.25) < TOLERANCE  # one wave: simulate's win, a draw is no win
    # The AA gun fires at the wave's aircraft: a lone fighter is downed one time in six.
    air = simulate_waves([{"fighter": 1}], {}, trials=20_000, aa=True)
    assert abs(air - 5 / 6) < TOLERANCE, air
    assert simulate_waves([{"tank": 2}], {"infantry": 2}, seed="x") == simulate_waves(
        [{"tank": 2}], {"infantry": 2}, seed="x"
    )
