"""Where the rule document deliberately differs from TripleA's classic ruleset, the document's rule is
the default and TripleA's a ruleset option: one case per option, each showing both readings."""

from __future__ import annotations

import pytest

from rules.axis_allies.actions import Battle, Buy, EndPhase, Move, PressOn, Research
from rules.axis_allies.options import OPTIONS, make_options
from rules.axis_allies.state import AAOptions, Phase
from rules.core.errors import IllegalAction
from tests.rules.axis_allies.aa_position import act, owner, position, units_in

TRIPLEA = {
    "victory_check": "round_end",
    "tech_per_six": True,
    "aa_gun_with_infantry": False,
    "amphibious_retreat": False,
    "spend_without_capital": False,
    "carriers_move_first": False,
}


def refused(state, action):
    with pytest.raises(IllegalAction) as caught:
        act(state, action)
    return caught.value.code


def test_the_documents_rules_are_the_defaults_and_triplea_s_the_options():
    defaults = make_options({})
    assert all(getattr(defaults, name) != value for name, value in TRIPLEA.items())
    triplea = make_options(TRIPLEA)
    assert all(getattr(triplea, name) == value for name, value in TRIPLEA.items())
    assert {spec.name for spec in OPTIONS} >= set(TRIPLEA)
    with pytest.raises(IllegalAction):
        make_options({"victory_check": "whenever"})


def test_option_tech_per_six_gives_a_technology_for_every_six():
    state = position(phase=Phase.PURCHASE, power="germany", ipcs={"germany": 20})
    one, _ = act(state, Research(2), [6, 6] + [1])
    assert one.techs[1] == ("jet_power",)
    each = position(
        phase=Phase.PURCHASE, power="germany", ipcs={"germany": 20}, options=AAOptions(tech_per_six=True)
    )
    each, _ = act(each, Research(2), [6, 6] + [1, 2])
    assert each.techs[1] == ("jet_power", "rockets")


def test_option_aa_gun_with_infantry_off_an_aa_gun_fills_a_transport():
    units = {
        "United Kingdom": {"uk": {"aa_gun": 1, "infantry": 1}},
        "North Sea Zone": {"uk": {"transport": 1}},
    }
    load = Move((("aa_gun", 1), ("infantry", 1)), ("United Kingdom", "North Sea Zone"))
    state, _ = act(position(units, power="uk", phase=Phase.NONCOMBAT_MOVE), load)
    assert units_in(state, "United Kingdom", "uk") == {}
    triplea = position(
        units, power="uk", phase=Phase.NONCOMBAT_MOVE, options=AAOptions(aa_gun_with_infantry=False)
    )
    assert refused(triplea, load) == "no_room"


def _amphibious_assault_with_a_fighter(options):
    units = {
        "North Sea Zone": {"uk": {"transport:infantry+infantry": 1}},
        "United Kingdom": {"uk": {"fighter": 1}},
        "West Europe": {"germany": {"infantry": 2}},
    }
    state = position(units, power="uk", options=options)
    state, _ = act(state, Move((("infantry", 2),), ("North Sea Zone", "West Europe")))
    state, _ = act(state, Move((("fighter", 1),), ("United Kingdom", "North Sea Zone", "West Europe")))
    state, _ = act(state, EndPhase())
    return state


def test_option_amphibious_retreat_off_nothing_retreats_from_an_amphibious_assault():
    # The document: the fighter may retreat (it is asked after round 1, where nobody hits).
    state = _amphibious_assault_with_a_fighter(AAOptions())
    state, _ = act(state, Battle("West Europe"), [6, 6, 6] + [6, 6])
    assert state.battle.pending.can_retreat
    state, _ = act(state, PressOn(), [1, 1, 6] + [6, 6])
    assert owner(state, "West Europe") == "uk"
    # TripleA ("Attacker Retreat Planes" and "Partial Amphibious Retreat" off): no question; round 2
    # follows at once.
    state = _amphibious_assault_with_a_fighter(AAOptions(amphibious_retreat=False))
    state, _ = act(state, Battle("West Europe"), [6, 6, 6] + [6, 6] + [1, 1, 6] + [6, 6])
    assert state.battle is None and owner(state, "West Europe") == "uk"


def test_option_spend_without_capital_off_no_buying_until_liberated():
    lost = {"Germany": "uk"}
    state = position(phase=Phase.PURCHASE, power="germany", owners=lost, ipcs={"germany": 12})
    bought, _ = act(state, Buy((("infantry", 2),)))
    assert bought.bought == (("infantry", 2),)
    triplea = position(
        phase=Phase.PURCHASE,
        power="germany",
        owners=lost,
        ipcs={"germany": 12},
        options=AAOptions(spend_without_capital=False),
    )
    assert refused(triplea, Buy((("infantry", 2),))) == "capital_lost"


def test_option_carriers_move_first_off_a_fighter_may_count_on_a_carrier_that_sails_later():
    """The fighter flies 3 of its 4 to the sub in the North Atlantic; its one space left reaches only
    sea zones. The document (FAQ): only a carrier already moved there counts. TripleA: the carrier in
    the North Sea, one zone from West Spain, can still come in the non-combat move."""
    units = {
        "United Kingdom": {"uk": {"fighter": 1}},
        "North Sea Zone": {"uk": {"carrier": 1}},
        "North Atlantic Sea Zone": {"germany": {"submarine": 1}},
    }
    attack = Move(
        (("fighter", 1),),
        ("United Kingdom", "North Sea Zone", "West Spain Sea Zone", "North Atlantic Sea Zone"),
    )
    assert refused(position(units, power="uk"), attack) == "no_landing"
    state, _ = act(position(units, power="uk", options=AAOptions(carriers_move_first=False)), attack)
    assert units_in(state, "North Atlantic Sea Zone", "uk") == {"fighter": 1}
