"""Defence structures: ground, air or water, in cities only, indestructible, firing once at the start of
a battle at their announced unit type, every structure rolling against every unit (a 1 hits)."""

from __future__ import annotations

import pytest

from rules.core.errors import IllegalAction
from rules.hexwar import RULES
from rules.hexwar.actions import AimDefence, Bombard, BuyDefence, Move
from rules.hexwar.events import Bombarded, DefenceAimed, DefenceBuilt, PurchaseLost, UnitsDestroyed
from rules.hexwar.state import Defence, HexOptions, Stack
from tests.rules.hexwar.position import of_type, owner_of, play_round, position, write

HEXES = {"D3": ("land", 0), "E3": ("city", 1), "C3": ("city", 0)}


def losses(events, step):
    (found,) = [e for e in events if isinstance(e, UnitsDestroyed) and e.step == step]
    return found.losses


def test_each_structure_rolls_against_each_unit():
    """The rules' example: 2 tanks attack a city with 5 land defences; five dice for each tank."""
    state = position(
        HEXES,
        {"D3": [(0, "tank", 2)]},
        defences={"E3": [("ground", "tank")] * 5},
        options=HexOptions(defences_per_kind=5),
    )
    after, events = play_round(state, {0: [Move("D3", "E3", "tank", 2)]}, [5, 6, 7, 1, 8] + [2, 3, 4, 5, 6])
    assert losses(events, "defences") == (Stack(0, "tank", 1),)
    assert owner_of(after, "E3") == 0  # the other tank takes the empty city


def test_defences_fire_once_before_the_battle_at_their_announced_type():
    state = position(
        HEXES,
        {"D3": [(0, "inf", 1), (0, "tank", 1)], "E3": [(1, "inf", 1)]},
        defences={"E3": [("ground", "tank")]},
    )
    orders = {0: [Move("D3", "E3", "inf"), Move("D3", "E3", "tank")]}
    after, events = play_round(state, orders, [1] + [10, 10] + [1, 10])  # no defence dice in round 2
    assert losses(events, "defences") == (Stack(0, "tank", 1),)  # destroyed before it could fire
    assert owner_of(after, "E3") == 0


def test_a_defence_is_aimed_by_order_and_passes_to_whoever_takes_its_city():
    state = position(
        HEXES,
        {"D3": [(0, "inf", 1), (0, "tank", 1)], "E3": [(1, "inf", 1)]},
        defences={"E3": [("ground", "tank")]},
    )
    orders = {0: [Move("D3", "E3", "inf"), Move("D3", "E3", "tank")], 1: [AimDefence("E3", "ground", "inf")]}
    after, events = play_round(state, orders, [1] + [4, 10])
    assert of_type(events, DefenceAimed) == [DefenceAimed(1, "E3", "ground", "inf")]
    assert losses(events, "defences") == (Stack(0, "inf", 1),)
    assert owner_of(after, "E3") == 0
    (city,) = [h for h in RULES.view(after, None).hexes if h.name == "E3"]
    assert city.defences == (Defence("ground", "inf"),) and city.owner == 0  # indestructible, now seat 0's


def test_a_water_defence_fires_at_ships_bombarding_its_city():
    hexes = {**HEXES, "D3": ("water", -1)}
    state = position(
        hexes, {"D3": [(0, "frig", 1)], "E3": [(1, "inf", 1)]}, defences={"E3": [("water", "frig")]}
    )
    _after, events = play_round(state, {0: [Bombard("D3", "E3", "frig")]}, [1])
    assert losses(events, "defences") == (Stack(0, "frig", 1),)
    assert not of_type(events, Bombarded)


def test_an_air_defence_fires_at_planes_even_over_an_empty_city():
    state = position(HEXES, {"D3": [(0, "plane", 1)]}, defences={"E3": [("air", "plane")]})
    _after, events = play_round(state, {0: [Move("D3", "E3", "plane")]}, [1])
    assert losses(events, "defences") == (Stack(0, "plane", 1),)


def test_defences_go_only_in_cities_at_most_one_of_each_kind():
    state = position({**HEXES, "B3": ("land", 0)}, defences={"C3": [("ground", "tank")]})
    for order, code in (
        (BuyDefence("B3", "air"), "not_a_city"),
        (BuyDefence("C3", "ground"), "defence_limit"),
        (BuyDefence("C3", "fire"), "bad_defence"),
        (BuyDefence("C3", "air", "tank"), "bad_aim"),
        (AimDefence("C3", "water", "frig"), "no_defence"),
    ):
        with pytest.raises(IllegalAction) as caught:
            write(state, 0, order)
        assert caught.value.code == code
    state = write(state, 0, BuyDefence("C3", "air"))
    with pytest.raises(IllegalAction) as caught:
        write(state, 0, BuyDefence("C3", "air"))
    assert caught.value.message == "C3 may have at most 1 air defence and has (or gets) 1."
    _after, events = play_round(state, {0: [BuyDefence("C3", "water", "hov")]})
    assert of_type(events, DefenceBuilt) == [
        DefenceBuilt(0, "C3", "air", "plane"),
        DefenceBuilt(0, "C3", "water", "hov"),
    ]


def test_a_defence_bought_for_a_city_taken_that_round_is_lost():
    state = position({**HEXES, "D3": ("land", 1)}, {"D3": [(1, "tank", 1)]})
    _after, events = play_round(state, {0: [BuyDefence("C3", "ground")], 1: [Move("D3", "C3", "tank")]})
    assert of_type(events, PurchaseLost) == [PurchaseLost(0, "ground defence", 1)]
