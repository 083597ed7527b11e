"""Rule cases for battles, with scripted dice: each test names the rule it checks.

Dice order within a battle: defences, then bombardment, then each combat round with one roll per seat
in seat order, each seat's units in table order (inf, jt, hov, tank, plane, frig, batt). A d10 hits at
or under the unit's attack value.
"""

from __future__ import annotations

import pytest

from rules.core.errors import IllegalAction
from rules.core.events import DiceRolled
from rules.hexwar.actions import Bombard, Move
from rules.hexwar.events import BattleBegan, BattleEnded, Bombarded, HexCaptured, UnitsDestroyed
from rules.hexwar.state import Stack
from tests.rules.hexwar.position import of_type, owner_of, play_round, position, stacks_in, units_in, write

LINE = {"C3": ("land", 0), "D3": ("land", 0), "E3": ("land", 1), "F3": ("land", 1)}


def losses(events, step):
    (found,) = [e for e in events if isinstance(e, UnitsDestroyed) and e.step == step]
    return found.losses


def test_a_unit_hits_at_or_under_its_attack_value():
    """Design: a d10, hit at or under the value (the table's 2 to 7 do not fit a d6)."""
    state = position(LINE, {"D3": [(0, "tank", 1)], "E3": [(1, "inf", 1)]})
    after, events = play_round(state, {0: [Move("D3", "E3", "tank")]}, [4, 3])  # tank 4 hits, inf 3 misses
    assert losses(events, "round 1") == (Stack(1, "inf", 1),)
    assert owner_of(after, "E3") == 0 and units_in(after, "E3") == {(0, "tank"): 1}
    after, events = play_round(state, {0: [Move("D3", "E3", "tank")]}, [5, 2])  # tank 5 misses, inf 2 hits
    assert losses(events, "round 1") == (Stack(0, "tank", 1),)
    assert owner_of(after, "E3") == 1 and units_in(after, "E3") == {(1, "inf"): 1}


def test_units_already_in_a_hex_fire_with_the_same_values():
    """Design: the table has one value per unit, used by whoever moved in and whoever was there."""
    state = position(LINE, {"D3": [(0, "inf", 1)], "E3": [(1, "tank", 1)]})
    after, events = play_round(state, {0: [Move("D3", "E3", "inf")]}, [3, 4])  # inf misses at 3, tank hits
    assert losses(events, "round 1") == (Stack(0, "inf", 1),)
    assert units_in(after, "E3") == {(1, "tank"): 1}


def test_a_battle_goes_on_round_after_round_until_one_side_is_left():
    state = position(LINE, {"D3": [(0, "inf", 1)], "E3": [(1, "inf", 1)]})
    after, events = play_round(state, {0: [Move("D3", "E3", "inf")]}, [9, 9, 8, 8, 1, 7])
    (ended,) = of_type(events, BattleEnded)
    assert ended.rounds == 3 and ended.survivors == (0,)
    assert owner_of(after, "E3") == 0


def test_hits_take_casualties_by_the_firing_units_priority():
    """Design: each hit removes a unit of the first type on the firing unit's priority list that the
    side it fires at still has: a tank's hit takes the tank, an infantry's hit the infantry."""
    state = position(
        LINE, {"D3": [(0, "inf", 1), (0, "tank", 1)], "E3": [(1, "inf", 1), (1, "jt", 1), (1, "tank", 1)]}
    )
    orders = {0: [Move("D3", "E3", "inf"), Move("D3", "E3", "tank")]}
    # round 1: our inf and tank both hit, their three miss; round 2: our inf hits the jump troop
    after, events = play_round(state, orders, [1, 1] + [10, 10, 10] + [1, 10] + [10])
    assert losses(events, "round 1") == (Stack(1, "inf", 1), Stack(1, "tank", 1))
    assert losses(events, "round 2") == (Stack(1, "jt", 1),)
    assert owner_of(after, "E3") == 0


def test_jump_troops_fire_at_jump_troops_then_planes_first():
    state = position(LINE, {"D3": [(0, "jt", 1)], "E3": [(1, "inf", 1), (1, "plane", 1)]})
    _after, events = play_round(state, {0: [Move("D3", "E3", "jt")]}, [2, 10, 10] + [1, 10])
    assert losses(events, "round 1") == (Stack(1, "plane", 1),)  # not the infantry
    assert losses(events, "round 2") == (Stack(1, "inf", 1),)


def test_a_frigate_hits_a_plane_striking_its_water():
    """A frigate's water priority ends with planes: with nothing else there, its hit takes the plane."""
    sea = {"D3": ("water", -1), "E3": ("water", -1), "C3": ("land", 0)}
    state = position(sea, {"C3": [(0, "plane", 1)], "E3": [(1, "frig", 1)]})
    _after, events = play_round(state, {0: [Move("C3", "E3", "plane")]}, [10, 5])
    assert losses(events, "round 1") == (Stack(0, "plane", 1),)


def test_battleships_take_two_hits():
    sea = {"D3": ("water", -1), "E3": ("water", -1)}
    state = position(sea, {"D3": [(0, "frig", 1)], "E3": [(1, "batt", 1)]})
    after, events = play_round(state, {0: [Move("D3", "E3", "frig")]}, [1, 10, 1, 10])
    assert losses(events, "round 1") == ()  # damaged, not sunk
    assert losses(events, "round 2") == (Stack(1, "batt", 1),)
    assert units_in(after, "E3") == {(0, "frig"): 1}


def test_a_hit_on_battleships_falls_on_an_undamaged_one_and_damage_is_repaired_after_the_round():
    sea = {"D3": ("water", -1), "E3": ("water", -1)}
    state = position(sea, {"D3": [(0, "frig", 2)], "E3": [(1, "batt", 2)]})
    # round 1: both frigates hit (one hit on each battleship); round 2: both battleships hit
    after, events = play_round(state, {0: [Move("D3", "E3", "frig", 2)]}, [1, 1, 10, 10, 10, 10, 7, 7])
    assert losses(events, "round 1") == ()
    assert losses(events, "round 2") == (Stack(0, "frig", 2),)
    assert stacks_in(after, "E3") == (Stack(1, "batt", 2),)
    again, events = play_round(after, {1: [Move("E3", "D3", "batt", 2)]})
    assert stacks_in(again, "D3") == (Stack(1, "batt", 2),)  # repaired: nothing remembers the damage


def test_a_loaded_hovercraft_attacks_at_1_an_empty_one_at_2_and_its_cargo_does_not_fire_at_sea():
    sea = {"D3": ("water", -1), "E3": ("water", -1)}
    state = position(sea, {"D3": [(0, "hov", 1, ("inf", "inf"))], "E3": [(1, "hov", 1)]})
    move = Move("D3", "E3", "hov", 1, ("inf", "inf"))
    after, events = play_round(state, {0: [move]}, [2, 2])  # one die each: ours misses at 2, theirs hits
    rolls = [e for e in of_type(events, DiceRolled) if "round 1" in e.reason]
    assert [len(r.values) for r in rolls] == [1, 1]
    assert losses(events, "round 1") == (Stack(0, "hov", 1, ("inf", "inf")),)  # the cargo sinks with it
    assert units_in(after, "E3") == {(1, "hov"): 1}


def test_a_hit_on_hovercraft_falls_on_an_empty_one_first():
    sea = {"D3": ("water", -1), "E3": ("water", -1)}
    state = position(sea, {"D3": [(0, "frig", 1)], "E3": [(1, "hov", 1, ("tank",)), (1, "hov", 1)]})
    after, events = play_round(state, {0: [Move("D3", "E3", "frig")]}, [1] + [10, 10] + [10] + [1])
    assert losses(events, "round 1") == (Stack(1, "hov", 1),)
    assert stacks_in(after, "E3") == (Stack(1, "hov", 1, ("tank",)),)


def test_frigates_bombard_the_shore_at_3():
    coast = {"D3": ("water", -1), "E3": ("land", 1), "C3": ("land", 0)}
    state = position(coast, {"D3": [(0, "frig", 1)], "E3": [(1, "inf", 1), (1, "tank", 1)]})
    after, events = play_round(state, {0: [Bombard("D3", "E3", "frig")]}, [3])
    assert of_type(events, Bombarded) == [Bombarded(0, "D3", "E3", "frig", 1)]
    assert losses(events, "bombardment") == (Stack(1, "inf", 1),)  # frigate bombard priority: inf first
    assert owner_of(after, "E3") == 1  # bombardment takes no territory
    assert not [e for e in events if isinstance(e, UnitsDestroyed) and e.step.startswith("round")]


def test_ships_bombard_land_only():
    coast = {"D3": ("water", -1), "E3": ("water", -1), "C3": ("land", 1)}
    state = position(coast, {"D3": [(0, "batt", 1)], "E3": [(1, "hov", 1)]})
    with pytest.raises(IllegalAction) as caught:
        write(state, 0, Bombard("D3", "E3", "batt"))
    assert caught.value.message == "Ships bombard a land hex beside their own; E3 is not one."
    write(state, 0, Bombard("D3", "C3", "batt"))


def test_a_frigate_bombarding_gives_up_defending_itself():
    coast = {"D3": ("water", -1), "E3": ("land", 1), "C3": ("water", -1)}
    state = position(coast, {"D3": [(0, "frig", 1)], "C3": [(1, "hov", 1)], "E3": [(1, "inf", 1)]})
    orders = {0: [Bombard("D3", "E3", "frig")], 1: [Move("C3", "D3", "hov")]}
    after, events = play_round(state, orders, [2])  # only the hovercraft rolls; the frigate sinks
    assert losses(events, "round 1") == (Stack(0, "frig", 1),)
    assert not of_type(events, Bombarded)  # sunk at sea before the land battles: it never bombards
    assert units_in(after, "E3") == {(1, "inf"): 1}


def test_battleships_bombard_at_4_and_still_fire_at_sea():
    coast = {"D3": ("water", -1), "E3": ("land", 1), "C3": ("water", -1)}
    state = position(coast, {"D3": [(0, "batt", 1)], "C3": [(1, "hov", 1)], "E3": [(1, "inf", 1)]})
    orders = {0: [Bombard("D3", "E3", "batt")], 1: [Move("C3", "D3", "hov")]}
    after, events = play_round(state, orders, [7, 10, 4])  # sea: batt hits at 7, hov misses; shore: 4 hits
    assert losses(events, "round 1") == (Stack(1, "hov", 1),)
    assert losses(events, "bombardment") == (Stack(1, "inf", 1),)
    assert units_in(after, "E3") == {}


def test_a_three_way_battle():
    """Design: everyone fires at the holder first, the holder at the largest side; then the rest fight."""
    line = {"D3": ("land", 0), "E3": ("land", 1), "F3": ("land", 2)}
    state = position(
        line,
        {"D3": [(0, "tank", 1)], "E3": [(1, "inf", 2)], "F3": [(2, "tank", 2)]},
        players=3,
        money=(0, 0, 0),
    )
    orders = {0: [Move("D3", "E3", "tank")], 2: [Move("F3", "E3", "tank", 2)]}
    # round 1 (all fire at once): seat 0's tank hits the holder; the holder's infantry fire at seat 2,
    # the largest attacker, and one hits a tank; one of seat 2's tanks hits the holder's last infantry.
    # Round 2: seats 0 and 2 are left; seat 2's tank hits.
    dice = [4] + [1, 10] + [10, 3] + [10] + [2]
    _after, events = play_round(state, orders, dice)
    (began,) = of_type(events, BattleBegan)
    assert {s.seat for s in began.forces} == {0, 1, 2}
    assert losses(events, "round 1") == (Stack(1, "inf", 2), Stack(2, "tank", 1))
    assert losses(events, "round 2") == (Stack(0, "tank", 1),)
    (ended,) = of_type(events, BattleEnded)
    assert ended.survivors == (2,)
    assert of_type(events, HexCaptured) == [HexCaptured(2, 1, "E3")]


def test_a_battle_where_no_unit_can_fire_is_a_stalemate():
    """Two frigates both bombarding from one water hex cannot fire at each other: nothing happens."""
    coast = {"D3": ("water", -1), "E3": ("land", 1), "C3": ("land", 0)}
    state = position(coast, {"D3": [(0, "frig", 1), (1, "frig", 1)]})
    orders = {0: [Bombard("D3", "E3", "frig")], 1: [Bombard("D3", "C3", "frig")]}
    after, events = play_round(state, orders, [])
    (ended,) = [e for e in of_type(events, BattleEnded) if e.at == "D3"]
    assert ended.rounds == 0 and ended.survivors == (0, 1)
    assert stacks_in(after, "D3") == (Stack(0, "frig", 1), Stack(1, "frig", 1))
