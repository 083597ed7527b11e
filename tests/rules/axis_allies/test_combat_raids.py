"""Dice outside battles, scripted: AA fire at passing aircraft, bombing raids, rockets, research."""

from __future__ import annotations

import pytest

from rules.axis_allies.combat.events import BombingRaid, RocketStrike, TechResearched, Volley
from rules.axis_allies.combat.raids import (
    RESEARCH_DIE_COST,
    aa_fire,
    research,
    research_cost,
    rocket_strike,
    strategic_bombing,
)
from rules.axis_allies.units import TECH_CHART, Tech, Unit
from rules.core.dice import DiceCup, ScriptedRng, SeededRng, verify_rolls
from rules.core.errors import IllegalAction
from rules.core.events import DiceRolled

G, UK = "germany", "uk"
BOMBER = Unit(UK, "bomber")


def cup_with(dice):
    rng = ScriptedRng(dice)
    return rng, DiceCup(rng, 0, [])


def raid(dice, bombers=2, ipcs=30, aa=True, techs=()):
    rng, cup = cup_with(dice)
    result, events = strategic_bombing(
        "Germany",
        attacker=UK,
        defender=G,
        bombers=[BOMBER] * bombers,
        defender_ipcs=ipcs,
        aa_gun=aa,
        techs=techs,
        cup=cup,
        seats={UK: 2, G: 1},
    )
    assert rng.unused == 0
    (event,) = (e for e in events if isinstance(e, BombingRaid))
    return result, event, events


def test_bombing_raid_aa_fires_first_then_each_surviving_bomber_rolls_one_die():
    result, event, events = raid([1, 3] + [5])  # AA: one hit (1), a 3 misses; one bomber rolls 5
    assert event.shot_down == 1 and event.rolled == (5,) and event.damage == 5
    assert result.damage == 5 and result.shot_down == (BOMBER,) and result.survivors == (BOMBER,)
    aa = next(e for e in events if isinstance(e, Volley))
    assert aa.step == "aa" and aa.power == G


def test_bombing_raid_without_aa_gun_rolls_at_once():
    _, event, _ = raid([6, 4], aa=False)
    assert event.damage == 10 and event.shot_down == 0


def test_bombing_damage_is_capped_at_the_ipcs_the_defender_holds():
    _, event, _ = raid([6, 6] + [6, 5], ipcs=7)
    assert event.rolled == (6, 5) and event.damage == 7
    _, event, _ = raid([6, 6] + [6, 5], ipcs=0)
    assert event.damage == 0


def test_heavy_bombers_roll_three_dice_each_when_bombing():
    _, event, _ = raid([2] + [6, 5, 4], bombers=1, techs=("heavy_bombers",))
    assert event.rolled == (6, 5, 4) and event.damage == 15


def test_every_shot_down_bomber_rolls_nothing():
    result, event, _ = raid([1, 1], aa=True)
    assert event.rolled == () and result.damage == 0 and result.survivors == ()


def test_rockets_strike_a_factory_with_one_die_capped_like_a_raid():
    _, cup = cup_with([4])
    damage, events = rocket_strike(
        "Western Europe",
        "United Kingdom",
        attacker=G,
        defender=UK,
        defender_ipcs=30,
        techs=("rockets",),
        cup=cup,
    )
    assert damage == 4 and events == [RocketStrike("Western Europe", "United Kingdom", G, UK, 4, 4)]
    _, cup = cup_with([6])
    damage, _ = rocket_strike(  # the data's tech id works too
        "Western Europe",
        "United Kingdom",
        attacker=G,
        defender=UK,
        defender_ipcs=2,
        techs=["rocket"],
        cup=cup,
    )
    assert damage == 2
    with pytest.raises(IllegalAction) as refused:
        rocket_strike(
            "Western Europe",
            "United Kingdom",
            attacker=G,
            defender=UK,
            defender_ipcs=2,
            techs=(),
            cup=cup_with([])[1],
        )
    assert refused.value.code == "no_rockets"


def test_aa_fire_at_passing_aircraft_hits_on_1():
    rng, cup = cup_with([1, 2, 1])
    hits, events = aa_fire("Germany", G, [BOMBER, Unit(UK, "fighter"), Unit(UK, "fighter")], cup)
    assert hits == 2 and events[0].hits == 2 and rng.unused == 0
    with pytest.raises(ValueError):
        aa_fire("Germany", G, [Unit(UK, "tank")], cup)


def test_research_costs_5_ipcs_a_die_and_needs_a_six():
    assert RESEARCH_DIE_COST == 5 and research_cost(3) == 15
    _, cup = cup_with([1, 2, 5])
    techs, events = research(G, 3, (), cup)
    assert techs == () and events == [TechResearched(G, (1, 2, 5), (), None)]
    with pytest.raises(IllegalAction):
        research(G, 0, (), cup)


@pytest.mark.parametrize(
    ("face", "tech"),
    [
        (1, Tech.JET_POWER),
        (2, Tech.ROCKETS),
        (3, Tech.SUPER_SUBMARINES),
        (4, Tech.LONG_RANGE_AIRCRAFT),
        (5, Tech.INDUSTRIAL_TECHNOLOGY),
        (6, Tech.HEAVY_BOMBERS),
    ],
)
def test_the_development_chart(face, tech):
    _, cup = cup_with([6, face])
    got, events = research(G, 1, (), cup)
    assert got == (tech,) and TECH_CHART[face - 1] is tech and events[0].tech == tech.value


def test_one_tech_a_turn_however_many_sixes_and_owned_techs_are_rerolled():
    events_log = []
    rng = ScriptedRng([6, 6, 6] + [1, 2, 1, 4])
    cup = DiceCup(rng, 0, events_log)
    techs, events = research(G, 3, ("jet_power", "rockets"), cup, seats={G: 1})
    assert techs == (Tech.LONG_RANGE_AIRCRAFT,) and rng.unused == 0
    assert events == [TechResearched(G, (6, 6, 6), (1, 2, 1, 4), "long_range_aircraft")]
    reasons = [e.reason for e in events_log if isinstance(e, DiceRolled)]
    assert reasons == ["research germany"] + ["research_chart germany"] * 4
    assert all(e.seat == 1 for e in events_log)


def test_a_six_with_every_tech_owned_gives_nothing():
    _, cup = cup_with([6])
    techs, events = research(G, 1, [t.value for t in TECH_CHART], cup)
    assert techs == () and events[0].chart == ()


def test_option_tech_per_six_each_six_earns_a_technology_as_in_triplea():
    # Three 6s: the chart gives jet power, then rockets; the third roll's 1 (jet power, now owned) is
    # rerolled into super submarines. Without the option the same dice give one tech and roll once.
    rng = ScriptedRng([6, 6, 6] + [1, 2, 1, 3])
    techs, events = research(G, 3, (), DiceCup(rng, 0, []), per_six=True)
    assert techs == (Tech.JET_POWER, Tech.ROCKETS, Tech.SUPER_SUBMARINES) and rng.unused == 0
    assert events == [
        TechResearched(G, (6, 6, 6), (1, 2, 1, 3), "jet_power", ("jet_power", "rockets", "super_submarines"))
    ]
    one, _ = research(G, 3, (), DiceCup(ScriptedRng([6, 6, 6, 1]), 0, []))
    assert one == (Tech.JET_POWER,)


def test_every_die_is_logged_for_verify():
    log = []
    cup = DiceCup(SeededRng("s"), 0, log)
    strategic_bombing(
        "Germany",
        attacker=UK,
        defender=G,
        bombers=[BOMBER] * 3,
        defender_ipcs=30,
        aa_gun=True,
        techs=("heavy_bombers",),
        cup=cup,
    )
    research(G, 4, (), cup)
    assert log and verify_rolls("s", log) == []
