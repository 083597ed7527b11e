"""Weapons development and purchase: costs, IPCs, one research roll a turn, the capital rule."""

from __future__ import annotations

import pytest

from rules.axis_allies import RULES
from rules.axis_allies.actions import Buy, EndPhase, Move, Research
from rules.axis_allies.combat.events import TechResearched
from rules.axis_allies.events import UnitsBought
from rules.axis_allies.state import AAOptions, Phase
from rules.core.dice import ScriptedRng
from rules.core.errors import IllegalAction
from tests.rules.axis_allies.aa_position import NONE, position, seat


def buying(**kw):
    return position(phase=Phase.PURCHASE, **kw)


def refused(state, action, rng=NONE):
    with pytest.raises(IllegalAction) as caught:
        RULES.apply(state, seat(state), action, rng)
    return caught.value.code


def test_buying_spends_ipcs_and_queues_units_for_mobilizing():
    state = buying(ipcs={"germany": 32})
    state, events = RULES.apply(state, seat(state), Buy((("infantry", 3), ("tank", 2))), NONE)
    assert state.ipcs[1] == 32 - 9 - 10 and state.bought == (("infantry", 3), ("tank", 2))
    assert events == [UnitsBought("germany", (("infantry", 3), ("tank", 2)), 19, 13)]
    state, _ = RULES.apply(state, seat(state), Buy((("infantry", 1),)), NONE)
    assert state.bought == (("infantry", 4), ("tank", 2)) and state.ipcs[1] == 10


@pytest.mark.parametrize(
    ("unit", "price"),
    [
        ("infantry", 3),
        ("tank", 5),
        ("fighter", 12),
        ("bomber", 15),
        ("transport", 8),
        ("submarine", 8),
        ("carrier", 18),
        ("battleship", 24),
        ("aa_gun", 5),
        ("factory", 15),
    ],
)
def test_unit_costs(unit, price):
    state = buying(ipcs={"germany": 100})
    state, _ = RULES.apply(state, seat(state), Buy(((unit, 1),)), NONE)
    assert state.ipcs[1] == 100 - price


def test_cannot_spend_more_than_you_have():
    state = buying(ipcs={"germany": 14})
    assert refused(state, Buy((("tank", 3),))) == "cannot_afford"


def test_optional_units_only_with_the_option():
    state = buying()
    assert refused(state, Buy((("artillery", 1),))) == "optional_unit"
    with pytest.raises(IllegalAction) as caught:
        RULES.apply(state, seat(state), Buy((("artillery", 1),)), NONE)
    assert caught.value.message == "Artillery is only in play in a game set up with the optional units rule."
    state = buying(options=AAOptions(optional_units=True))
    state, _ = RULES.apply(state, seat(state), Buy((("artillery", 1), ("destroyer", 1))), NONE)
    assert state.ipcs[1] == 30 - 4 - 12


def test_no_buying_outside_the_purchase_phase():
    state = position(phase=Phase.COMBAT_MOVE)
    assert refused(state, Buy((("infantry", 1),))) == "not_purchase"


def test_no_buying_while_the_capital_is_held_by_the_enemy():
    state = buying(owners={"Germany": "russia"}, ipcs={"germany": 0})  # Berlin's IPCs went to Moscow
    assert refused(state, Buy((("infantry", 1),))) == "capital_lost"
    assert refused(state, Research(1)) == "capital_lost"


def test_research_costs_5_a_die_and_a_6_rolls_on_the_chart():
    state = buying(ipcs={"germany": 30})
    # three research dice, one 6; chart roll 1 = jet power
    state, events = RULES.apply(state, seat(state), Research(3), ScriptedRng([2, 6, 4, 1]))
    assert state.ipcs[1] == 15 and state.techs[1] == ("jet_power",)
    assert TechResearched("germany", (2, 6, 4), (1,), "jet_power") in events


def test_research_without_a_6_earns_nothing_but_costs():
    state = buying(ipcs={"germany": 30})
    state, _ = RULES.apply(state, seat(state), Research(2), ScriptedRng([5, 5]))
    assert state.ipcs[1] == 20 and state.techs[1] == ()


def test_one_tech_a_turn_and_owned_techs_are_rerolled():
    state = buying(ipcs={"germany": 30}, techs=((), ("jet_power",), (), (), ()))
    state, _events = RULES.apply(state, seat(state), Research(2), ScriptedRng([6, 6, 1, 6]))
    assert state.techs[1] == ("heavy_bombers", "jet_power")
    assert refused(state, Research(1)) == "researched"


def test_research_before_buying_only_and_within_means():
    state = buying(ipcs={"germany": 9})
    assert refused(state, Research(2)) == "cannot_afford"
    assert refused(state, Research(0)) == "no_research_dice"
    state, _ = RULES.apply(state, seat(state), Buy((("infantry", 1),)), NONE)
    assert refused(state, Research(1)) == "research_first"


def test_research_can_be_switched_off():
    state = buying(options=AAOptions(research=False))
    assert refused(state, Research(1)) == "no_research"


def test_industrial_technology_makes_units_a_point_cheaper():
    state = buying(ipcs={"germany": 30}, techs=((), ("industrial_technology",), (), (), ()))
    state, _ = RULES.apply(state, seat(state), Buy((("infantry", 2), ("fighter", 1))), NONE)
    assert state.ipcs[1] == 30 - 2 * 2 - 11


def test_end_phase_moves_on_to_the_combat_move():
    state = buying()
    state, _ = RULES.apply(state, seat(state), EndPhase(), NONE)
    assert state.phase is Phase.COMBAT_MOVE
    assert refused(state, Research(1)) == "not_purchase"
    assert refused(state, Move((("infantry", 1),), ("Germany", "Foo"))) == "unknown_space"
