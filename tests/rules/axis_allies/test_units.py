"""The unit table matches the data, technologies change exactly what they should, transports load
exactly the rule document's loads."""

from __future__ import annotations

import importlib.resources

import pytest

from data import load_json
from rules.axis_allies.units import (
    TECH_CHART,
    TECH_IDS_IN_DATA,
    UNIT_TYPES,
    Domain,
    Tech,
    attack_dice,
    attack_value,
    bombing_dice,
    can_load,
    carrier_room,
    cost,
    defense_value,
    movement,
    parse_techs,
)

# Copied from the reference data (TripleA classic.xml as converted in aa_classic.json, "units"):
# id -> (TripleA name, attack, defense, movement, cost, cost with industrial technology, domain).
REFERENCE_UNITS = {
    "infantry": ("infantry", 1, 2, 1, 3, 2, "land"),
    "tank": ("armour", 3, 2, 2, 5, 4, "land"),
    "fighter": ("fighter", 3, 4, 4, 12, 11, "air"),
    "bomber": ("bomber", 4, 1, 6, 15, 14, "air"),
    "transport": ("transport", 0, 1, 2, 8, 7, "sea"),
    "battleship": ("battleship", 4, 4, 2, 24, 23, "sea"),
    "carrier": ("carrier", 1, 3, 2, 18, 17, "sea"),
    "submarine": ("submarine", 2, 2, 2, 8, 7, "sea"),
    "factory": ("factory", None, None, None, 15, 14, "land"),
    "aa_gun": ("aaGun", None, None, 1, 5, 4, "land"),
    "artillery": ("artillery", 2, 2, 1, 4, 3, "land"),
    "destroyer": ("destroyer", 3, 3, 2, 12, 10, "sea"),  # TripleA: 10 with the tech; see below
}
REFERENCE_TECHS = ["heavyBomber", "industrialTechnology", "jetPower", "longRangeAir", "rocket", "superSub"]


@pytest.mark.parametrize("unit", sorted(REFERENCE_UNITS))
def test_unit_table_matches_the_reference_data(unit):
    _, attack, defense, move, price, cheaper, domain = REFERENCE_UNITS[unit]
    ut = UNIT_TYPES[unit]
    assert (ut.attack, ut.defense) == (attack or 0, defense or 0)
    assert ut.fights == (attack is not None)
    assert ut.movement == (move or 0) and ut.cost == price and ut.domain is Domain(domain)
    if unit != "destroyer":  # TripleA's frontier prices the destroyer at 10; the rule is "1 less": 11
        assert cost(unit, ["industrial_technology"]) == cheaper
    assert ut.optional == (unit in {"artillery", "destroyer"})


def test_unit_table_matches_the_games_data_file():
    if not importlib.resources.files("data").joinpath("axis_allies/classic.json").is_file():
        pytest.skip("data/axis_allies/classic.json is not there yet")
    units = load_json("axis_allies/classic.json")["units"]
    assert set(units) == set(UNIT_TYPES)
    for uid, row in units.items():
        ut = UNIT_TYPES[uid]
        numbers = (row["attack"] or 0, row["defense"] or 0, row["movement"] or 0)
        assert (ut.attack, ut.defense, ut.movement) == numbers
        assert (ut.cost, ut.domain.value, ut.optional) == (row["cost"], row["domain"], row["optional"])


def test_the_data_lists_the_six_chart_techs():
    assert sorted(TECH_IDS_IN_DATA) == REFERENCE_TECHS
    assert set(TECH_IDS_IN_DATA.values()) == set(TECH_CHART) == set(Tech)
    assert [t.value for t in TECH_CHART] == [
        "jet_power",
        "rockets",
        "super_submarines",
        "long_range_aircraft",
        "industrial_technology",
        "heavy_bombers",
    ]


def test_technologies_change_values():
    assert defense_value("fighter") == 4 and defense_value("fighter", ["jet_power"]) == 5
    assert attack_value("fighter", ["jet_power"]) == 3
    assert attack_value("submarine") == 2 and attack_value("submarine", ["super_submarines"]) == 3
    assert defense_value("submarine", ["super_submarines"]) == 2
    assert attack_dice("bomber") == 1 and attack_dice("bomber", ["heavy_bombers"]) == 3
    assert bombing_dice() == 1 and bombing_dice(["heavy_bombers"]) == 3
    assert attack_dice("transport") == 0
    assert movement("fighter", ["long_range_aircraft"]) == 6
    assert movement("bomber", ["long_range_aircraft"]) == 8
    assert movement("tank", ["long_range_aircraft"]) == 2
    assert [cost(u, ["industrial_technology"]) for u in ("infantry", "battleship", "factory")] == [2, 23, 14]


def test_tech_names_parse_from_ours_or_the_datas():
    assert parse_techs(["jetPower", "rockets"]) == {Tech.JET_POWER, Tech.ROCKETS}
    with pytest.raises(ValueError):
        parse_techs(["radar"])


@pytest.mark.parametrize(
    ("cargo", "ok"),
    [
        ({}, True),
        ({"infantry": 1}, True),
        ({"infantry": 2}, True),
        ({"tank": 1}, True),
        ({"aa_gun": 1}, True),
        ({"aa_gun": 1, "infantry": 1}, True),  # the rule document's load; TripleA's data would refuse it
        ({"tank": 1, "infantry": 1}, False),  # in neither the document nor the data
        ({"infantry": 3}, False),
        ({"tank": 2}, False),
        ({"aa_gun": 1, "tank": 1}, False),
        ({"aa_gun": 2}, False),
        ({"fighter": 1}, False),
        ({"factory": 1}, False),
        ({"artillery": 1, "infantry": 1}, True),  # optional artillery loads like infantry
        ({"tank": 1, "infantry": 0}, True),
        ({"infantry": -1}, False),
    ],
)
def test_transport_loads(cargo, ok):
    assert can_load(cargo) is ok


def test_carriers_carry_two_fighters():
    assert UNIT_TYPES["carrier"].carrier_capacity == 2 and UNIT_TYPES["fighter"].carrier_cost == 1
    assert carrier_room({"carrier": 1, "fighter": 2}) == 0 and carrier_room({"carrier": 2, "fighter": 1}) == 3
    assert UNIT_TYPES["bomber"].carrier_cost == 0  # 0: cannot land on a carrier
