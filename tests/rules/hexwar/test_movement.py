"""Rule cases for movement, boarding, jumps and planes: each test names the rule it checks."""

from __future__ import annotations

import pytest

from rules.core.errors import IllegalAction
from rules.hexwar.actions import Jump, Move
from rules.hexwar.events import (
    BattleBegan,
    HexCaptured,
    JumpTroopsReverted,
    PlanesLost,
    PlanesReturned,
    UnitsMoved,
)
from rules.hexwar.state import Stack
from tests.rules.hexwar.position import of_type, owner_of, play_round, position, stacks_in, units_in, write

OWN_ROW = {"B3": ("land", 0), "C3": ("land", 0), "D3": ("land", 0), "E3": ("land", 0), "F3": ("land", 0)}


def refused(state, seat, order):
    with pytest.raises(IllegalAction) as caught:
        write(state, seat, order)
    return caught.value


def test_units_move_within_their_move():
    state = position(OWN_ROW, {"B3": [(0, "inf", 1), (0, "tank", 1), (0, "hov", 1)]})
    write(state, 0, Move("B3", "C3", "inf"), Move("B3", "D3", "tank"), Move("B3", "E3", "hov"))
    error = refused(state, 0, Move("B3", "D3", "inf"))
    assert (
        error.code == "out_of_reach"
        and error.message == "Infantry move at most 1 hex(es); D3 is too far from B3."
    )
    assert refused(state, 0, Move("B3", "E3", "tank")).code == "out_of_reach"
    assert refused(state, 0, Move("B3", "F3", "hov")).code == "out_of_reach"


def test_a_move_may_end_in_an_enemy_hex_but_not_pass_through_it():
    hexes = {**OWN_ROW, "C3": ("land", 1)}
    state = position(hexes, {"B3": [(0, "tank", 2)]})
    write(state, 0, Move("B3", "C3", "tank"))  # ends in the enemy hex: an attack
    error = refused(state, 0, Move("B3", "D3", "tank"))
    assert error.code == "out_of_reach" and "passes enemy units" in error.message
    occupied = position(OWN_ROW, {"B3": [(0, "tank", 1)], "C3": [(1, "plane", 1)]})  # enemy planes in the air
    assert refused(occupied, 0, Move("B3", "D3", "tank")).code == "out_of_reach"


def test_water_held_at_the_rounds_start_blocks_movement_through_it():
    sea = {"B3": ("land", 0), "C3": ("water", -1), "D3": ("land", 0)}
    held = position(sea, {"B3": [(0, "hov", 1)], "C3": [(1, "frig", 1)]})
    error = refused(held, 0, Move("B3", "D3", "hov"))
    assert "water another player controls" in error.message
    write(held, 0, Move("B3", "C3", "hov"))  # moving into the zone (to fight) is allowed
    free = position(sea, {"B3": [(0, "hov", 1)]})
    write(free, 0, Move("B3", "D3", "hov"))
    shared = position(sea, {"B3": [(0, "hov", 1)], "C3": [(0, "frig", 1), (1, "frig", 1)]})
    assert refused(shared, 0, Move("B3", "D3", "hov")).code == "out_of_reach"  # a shared zone blocks both


def test_units_passing_each_other_do_not_fight():
    land = {"C3": ("land", 0), "D3": ("land", 1)}
    state = position(land, {"C3": [(0, "tank", 1)], "D3": [(1, "tank", 1)]})
    after, events = play_round(state, {0: [Move("C3", "D3", "tank")], 1: [Move("D3", "C3", "tank")]})
    assert not of_type(events, BattleBegan)
    assert of_type(events, HexCaptured) == [HexCaptured(1, 0, "C3"), HexCaptured(0, 1, "D3")]
    sea = {"C3": ("water", -1), "D3": ("water", -1)}
    state = position(sea, {"C3": [(0, "hov", 1)], "D3": [(1, "frig", 1)]})
    after, events = play_round(state, {0: [Move("C3", "D3", "hov")], 1: [Move("D3", "C3", "frig")]})
    assert not of_type(events, BattleBegan)
    assert stacks_in(after, "C3") == (Stack(1, "frig", 1),) and stacks_in(after, "D3") == (
        Stack(0, "hov", 1),
    )


def test_hovercraft_cross_water_and_land_units_do_not():
    sea = {"B3": ("land", 0), "C3": ("water", -1), "D3": ("land", 0)}
    state = position(sea, {"B3": [(0, "hov", 1), (0, "inf", 1)], "C3": [(0, "frig", 1)]})
    write(state, 0, Move("B3", "D3", "hov"))
    error = refused(state, 0, Move("B3", "C3", "inf"))
    assert error.message == "Infantry cannot enter water; C3 is a water hex (board a hovercraft)."
    assert refused(state, 0, Move("C3", "B3", "frig")).message.startswith("Ships stay on water")


def test_hovercraft_carry_two_infantry_or_one_tank():
    state = position(OWN_ROW, {"B3": [(0, "hov", 2), (0, "inf", 3), (0, "jt", 1), (0, "tank", 1)]})
    write(state, 0, Move("B3", "D3", "hov", 1, ("inf", "jt")), Move("B3", "D3", "hov", 1, ("tank",)))
    assert refused(state, 0, Move("B3", "D3", "hov", 1, ("inf", "inf", "inf"))).code == "bad_cargo"
    assert refused(state, 0, Move("B3", "D3", "hov", 1, ("tank", "inf"))).code == "bad_cargo"
    assert refused(state, 0, Move("B3", "D3", "tank", 1, ("inf",))).message == "Only hovercraft carry units."


def test_units_board_only_in_the_hovercrafts_starting_hex():
    state = position(OWN_ROW, {"B3": [(0, "hov", 1)], "C3": [(0, "inf", 2)]})
    error = refused(state, 0, Move("B3", "D3", "hov", 1, ("inf", "inf")))
    assert (
        error.code == "not_enough" and error.message == "You have no infantry in B3 not already under orders."
    )


def test_passengers_stay_aboard_at_sea_and_land_with_their_hovercraft():
    sea = {"B3": ("land", 0), "C3": ("water", -1), "D3": ("land", 0)}
    state = position(sea, {"B3": [(0, "hov", 1), (0, "inf", 2)]})
    after, events = play_round(state, {0: [Move("B3", "C3", "hov", 1, ("inf", "inf"))]})
    assert stacks_in(after, "C3") == (Stack(0, "hov", 1, ("inf", "inf")),) and stacks_in(after, "B3") == ()
    # The load need not be named again (issue 29): the order carries the one load aboard.
    assert write(after, 0, Move("C3", "D3", "hov")).orders[0] == (Move("C3", "D3", "hov", 1, ("inf", "inf")),)
    landed, events = play_round(after, {0: [Move("C3", "D3", "hov", 1, ("inf", "inf"))]})
    assert units_in(landed, "D3") == {(0, "inf"): 2, (0, "hov"): 1}
    assert of_type(events, UnitsMoved) == [UnitsMoved(0, "C3", "D3", "hov", 1, ("inf", "inf"))]


def test_units_under_orders_cannot_be_ordered_again():
    state = position(OWN_ROW, {"B3": [(0, "tank", 2)]})
    state = write(state, 0, Move("B3", "C3", "tank", 2))
    error = refused(state, 0, Move("B3", "D3", "tank"))
    assert error.message == "You have no tanks in B3 not already under orders."


def test_jump_troops_jump_three_hexes_and_attack_at_3_then_are_infantry():
    hexes = {"B3": ("land", 0), "C3": ("land", 1), "D3": ("land", 1), "E3": ("land", 1)}
    state = position(hexes, {"B3": [(0, "jt", 1)], "C3": [(1, "tank", 3)], "E3": [(1, "inf", 1)]})
    after, events = play_round(state, {0: [Jump("B3", "E3")]}, [3, 10])  # 3 hits for a jumper
    assert of_type(events, UnitsMoved) == [UnitsMoved(0, "B3", "E3", "jt", 1, how="jump")]
    assert owner_of(after, "E3") == 0
    assert of_type(events, JumpTroopsReverted) == [JumpTroopsReverted(0, "E3", 1)]
    assert stacks_in(after, "E3") == (Stack(0, "inf", 1),)  # for good


def test_jump_troops_move_and_fight_as_infantry():
    hexes = {"B3": ("land", 0), "C3": ("land", 1)}
    state = position(hexes, {"B3": [(0, "jt", 1)], "C3": [(1, "inf", 1)]})
    after, events = play_round(state, {0: [Move("B3", "C3", "jt")]}, [3, 10, 2, 10])  # 3 misses, 2 hits
    assert stacks_in(after, "C3") == (Stack(0, "jt", 1),)  # a walk is not a jump: still a jump troop
    assert not of_type(events, JumpTroopsReverted)


def test_jump_troops_may_not_jump_from_a_transport():
    sea = {"B3": ("land", 0), "C3": ("water", -1), "D3": ("land", 1)}
    state = position(sea, {"C3": [(0, "hov", 1, ("jt",))]})
    error = refused(state, 0, Jump("C3", "D3"))
    assert (error.code, error.message) == ("jump_from_transport", "Jump troops may not jump from transports.")


def test_a_jump_lands_on_enemy_land_within_3():
    hexes = {**OWN_ROW, "C3": ("water", -1), "F3": ("land", 1), "G3": ("land", 1)}
    state = position(hexes, {"B3": [(0, "jt", 3)]})
    assert "water" in refused(state, 0, Jump("B3", "C3")).message
    assert "already yours" in refused(state, 0, Jump("B3", "D3")).message
    assert refused(state, 0, Jump("B3", "F3")).message == "Jump troops jump at most 3 hexes; F3 is 4 away."


def test_planes_fly_4_to_land_and_strike_water_within_3():
    hexes = {**OWN_ROW, "G3": ("land", 0), "D2": ("water", -1), "E2": ("water", -1)}
    state = position(hexes, {"B3": [(0, "plane", 2)]})
    write(state, 0, Move("B3", "F3", "plane"), Move("B3", "D2", "plane"))
    assert (
        refused(state, 0, Move("B3", "G3", "plane")).message == "Planes fly at most 4 hexes; G3 is 5 from B3."
    )
    error = refused(state, 0, Move("B3", "E2", "plane"))
    assert error.message == "Planes strike water at most 3 hexes; E2 is 4 from B3."


def test_planes_alone_do_not_take_a_hex_and_stay_in_the_air_after_a_win():
    hexes = {"B3": ("land", 0), "C3": ("land", 1)}
    state = position(hexes, {"B3": [(0, "plane", 1)], "C3": [(1, "inf", 1)]})
    after, events = play_round(state, {0: [Move("B3", "C3", "plane")]}, [6, 10])
    assert not of_type(events, HexCaptured)
    assert owner_of(after, "C3") == 1 and stacks_in(after, "C3") == (Stack(0, "plane", 1),)
    empty = position(hexes, {"B3": [(0, "plane", 1)]})
    after, events = play_round(empty, {0: [Move("B3", "C3", "plane")]})
    assert owner_of(after, "C3") == 1 and not of_type(events, BattleBegan)


def test_planes_strike_water_and_fly_back():
    hexes = {"B3": ("land", 0), "C3": ("water", -1), "D3": ("water", -1)}
    state = position(hexes, {"B3": [(0, "plane", 1)], "D3": [(1, "hov", 1)]})
    after, events = play_round(state, {0: [Move("B3", "D3", "plane")]}, [6, 10])
    assert of_type(events, UnitsMoved) == [UnitsMoved(0, "B3", "D3", "plane", 1, how="strike")]
    assert of_type(events, PlanesReturned) == [PlanesReturned(0, "D3", "B3", 1)]
    assert stacks_in(after, "B3") == (Stack(0, "plane", 1),) and stacks_in(after, "D3") == ()


def test_a_plane_whose_home_fell_is_lost():
    hexes = {"A3": ("land", 1), "B3": ("land", 0), "C3": ("water", -1)}
    state = position(hexes, {"A3": [(1, "tank", 1)], "B3": [(0, "plane", 1)], "C3": [(1, "hov", 1)]})
    orders = {0: [Move("B3", "C3", "plane")], 1: [Move("A3", "B3", "tank")]}
    after, events = play_round(state, orders, [10, 10, 1, 10])  # the plane sinks the hovercraft in round 2
    assert owner_of(after, "B3") == 1
    assert of_type(events, PlanesLost) == [PlanesLost(0, "C3", "B3", 1)]
    assert all(s.seat != 0 for stacks in after.units for s in stacks)


def test_a_plane_in_the_air_over_enemy_land_may_not_strike_water():
    hexes = {"B3": ("land", 1), "C3": ("water", -1)}
    state = position(hexes, {"B3": [(0, "plane", 1)]})
    assert refused(state, 0, Move("B3", "C3", "plane")).message == (
        "Planes strike water only from land you hold; B3 is not yours."
    )
