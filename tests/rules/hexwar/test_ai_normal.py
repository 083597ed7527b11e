"""The `normal` AI (``HexWarNormalAI``): each thing it adds to easy, on a hand-built position."""

from __future__ import annotations

import random

import pytest

from rules.hexwar.actions import AimDefence, Bombard, Buy, Move
from rules.hexwar.ai import HexWarNormalAI
from rules.hexwar.ai.doctrine import NormalPlanner
from rules.hexwar.board import grid
from tests.rules.hexwar.position import land_mostly_joined, orders_written, position, set_up_by, write


def orders_of(state, seat, seed=0):
    return orders_written(HexWarNormalAI(seed), state, seat)


# Seat 0: a port city C3 (its capital) on water D3-F3; seat 1: a city far to the east.
SEA = {
    "C3": ("port", 0),
    "B3": ("land", 0),
    "D3": ("water", -1),
    "E3": ("water", -1),
    "F3": ("water", -1),
    "H3": ("city", 1),
    "G3": ("land", 1),
}


def test_normal_buys_a_ship_when_enemy_ships_sail_near_its_port():
    units = {"C3": [(0, "inf", 4)], "F3": [(1, "frig", 1)], "H3": [(1, "inf", 2)]}
    state = position(SEA, units, capitals={"C3": 0, "H3": 1}, money=(30, 0))
    bought = [o for o in orders_of(state, 0) if isinstance(o, Buy) and o.unit in ("frig", "batt")]
    assert bought and bought[0].at == "D3"


def test_easy_buys_no_ship_there():
    from tests.rules.hexwar.test_ai import orders_of as easy_orders

    units = {"C3": [(0, "inf", 4)], "F3": [(1, "frig", 1)], "H3": [(1, "inf", 2)]}
    state = position(SEA, units, capitals={"C3": 0, "H3": 1}, money=(30, 0))
    assert not [o for o in easy_orders(state, 0) if isinstance(o, Buy) and o.unit in ("frig", "batt")]


def test_normal_ships_attack_water_they_outgun_and_leave_stronger_water_alone():
    units = {"C3": [(0, "inf", 4)], "D3": [(0, "frig", 2)], "F3": [(1, "frig", 1)], "H3": [(1, "inf", 2)]}
    state = position(SEA, units, capitals={"C3": 0, "H3": 1}, money=(0, 0))
    assert Move("D3", "F3", "frig", 2) in orders_of(state, 0)
    units["F3"] = [(1, "batt", 2)]
    state = position(SEA, units, capitals={"C3": 0, "H3": 1}, money=(0, 0))
    assert not [o for o in orders_of(state, 0) if isinstance(o, Move) and o.target == "F3"]


def test_normal_throws_everything_at_an_enemy_capital_it_can_take():
    # Easy wants 1.25 times the defence plus 2 (14.5 against 10) and so leaves the capital alone; 12
    # against 10 is enough for normal, which sends all of it.
    hexes = {"B3": ("city", 1), "C3": ("land", 0), "D3": ("land", 0), "F3": ("city", 0)}
    units = {"B3": [(1, "inf", 5)], "C3": [(0, "tank", 3)], "D3": [(0, "inf", 1)], "F3": [(0, "inf", 6)]}
    state = position(hexes, units, capitals={"F3": 0, "B3": 1}, money=(0, 0))
    from tests.rules.hexwar.test_ai import orders_of as easy_orders

    assert not [o for o in easy_orders(state, 0) if isinstance(o, Move) and o.target == "B3"]
    assert Move("C3", "B3", "tank", 3) in orders_of(state, 0)


def test_normal_loads_a_hovercraft_and_lands_on_an_empty_enemy_coast_across_the_water():
    hexes = {**SEA, "F3": ("land", 1)}
    units = {"C3": [(0, "hov", 1), (0, "inf", 4)], "H3": [(1, "inf", 6)]}
    state = position(hexes, units, capitals={"C3": 0, "H3": 1}, money=(0, 0))
    assert Move("C3", "F3", "hov", 1, ("inf", "inf")) in orders_of(state, 0)
    # G3 is 4 away, beyond a hovercraft's 3: it sails the load to the water beside it.
    state = position(SEA, units, capitals={"C3": 0, "H3": 1}, money=(0, 0))
    assert Move("C3", "F3", "hov", 1, ("inf", "inf")) in orders_of(state, 0)


def test_normal_lands_a_loaded_hovercraft_at_sea_and_keeps_it_beside_a_coast_too_strong():
    units = {"E3": [(0, "hov", 1, ("tank",))], "H3": [(1, "inf", 6)], "C3": [(0, "inf", 4)]}
    state = position(SEA, units, capitals={"C3": 0, "H3": 1}, money=(0, 0))
    assert Move("E3", "G3", "hov", 1, ("tank",)) in orders_of(state, 0)
    units = {
        "F3": [(0, "hov", 1, ("tank",))],
        "G3": [(1, "inf", 5)],
        "H3": [(1, "inf", 6)],
        "C3": [(0, "inf", 4)],
    }
    state = position(SEA, units, capitals={"C3": 0, "H3": 1}, money=(0, 0))
    # G3 is too strong to land on: it waits at sea beside it.
    assert not [o for o in orders_of(state, 0) if isinstance(o, Move) and o.source == "F3"]


def test_normal_planes_strike_ships_they_can_beat_and_battleships_bombard_the_hex_attacked():
    units = {"C3": [(0, "inf", 4), (0, "plane", 1)], "F3": [(1, "frig", 1)], "H3": [(1, "inf", 2)]}
    state = position(SEA, units, capitals={"C3": 0, "H3": 1}, money=(0, 0))
    assert Move("C3", "F3", "plane", 1) in orders_of(state, 0)
    units["F3"] = [(1, "batt", 1)]  # 7 (and two hits) against 6: it stays home
    state = position(SEA, units, capitals={"C3": 0, "H3": 1}, money=(0, 0))
    assert not [o for o in orders_of(state, 0) if isinstance(o, Move) and o.unit == "plane"]
    units = {"C3": [(0, "inf", 4)], "F3": [(0, "batt", 1)], "G3": [(1, "inf", 1)], "H3": [(1, "inf", 2)]}
    state = position(SEA, units, capitals={"C3": 0, "H3": 1}, money=(0, 0))
    assert Bombard("F3", "G3", "batt", 1) in orders_of(state, 0)


def test_normal_re_aims_a_defence_at_the_enemy_units_that_can_reach_its_city():
    hexes = {"B3": ("land", 1), "C3": ("city", 0), "D3": ("land", 0), "H3": ("city", 1)}
    units = {"B3": [(1, "inf", 6)], "C3": [(0, "inf", 8)], "H3": [(1, "inf", 2)]}
    defences = {"C3": [("ground", "tank")]}
    state = position(hexes, units, capitals={"C3": 0, "H3": 1}, defences=defences, money=(0, 0))
    assert AimDefence("C3", "ground", "inf") in orders_of(state, 0)
    units["B3"] = [(1, "tank", 1)]  # aimed at what is in reach already: no order
    state = position(hexes, units, capitals={"C3": 0, "H3": 1}, defences=defences, money=(0, 0))
    assert not [o for o in orders_of(state, 0) if isinstance(o, AimDefence)]


def test_normal_aims_a_ground_defence_at_jump_troops_behind_infantry_about_half_the_rounds():
    # Its capital C3 holds 8 infantry; the enemy has 6 infantry beside it (B3) and 2 jump troops 2 away
    # (A3, a jump of up to 3). By value in reach the infantry (24) beat the jump troops (12) and were
    # always the aim. But the garrison's infantry hit infantry first, so the jump troops, firing at 3
    # after their jump, would fire for 5.4 rounds (1 + 7 attackers ahead / 1.6 hits a round) and the
    # infantry for 2.9 (1 + 3 / 1.6): a hit on the jump troops saves 2 x 3 x 5.375 / 10 = 3.225 hits
    # against the infantry's 6 x 2 x 2.875 / 10 = 3.45, and the aim is drawn with those odds (48%).
    hexes = {"A3": ("land", 1), "B3": ("land", 1), "C3": ("city", 0), "D3": ("land", 0), "H3": ("city", 1)}
    units = {"A3": [(1, "jt", 2)], "B3": [(1, "inf", 6)], "C3": [(0, "inf", 8)], "H3": [(1, "inf", 2)]}
    aims = []
    for round_number in range(1, 1001):  # the plan's draws are seeded by the position, here its round
        state = position(
            hexes,
            units,
            capitals={"C3": 0, "H3": 1},
            defences={"C3": [("ground", "inf")]},
            money=(0, 0),
            round_number=round_number,
        )
        if round_number == 1:
            planner = NormalPlanner(state, 0, random.Random(0))
            city = state.cells.index(grid(10, 7).lookup("C3"))
            threats = planner.threats(city)
            assert threats == {"jt": 12.0, "inf": 24.0}
            saved = planner.fire_saved(city, threats)
            assert saved == pytest.approx({"inf": 3.45, "jt": 3.225})
        aims += [o.aim for o in orders_of(state, 0) if isinstance(o, AimDefence)]
    # Aimed at infantry already, it re-aims only at the jump troops, in about 48% of 1,000 rounds
    # (483 +- 16); aimed by value alone, never.
    assert set(aims) == {"jt"} and 430 <= len(aims) <= 535


def test_normal_builds_a_different_sensible_board_for_each_seed():
    boards = set()
    for seed in (0, 1, 2):
        state = set_up_by([HexWarNormalAI(seed * 10 + s) for s in range(3)], "normal-setup")
        for seat in range(3):
            assert land_mostly_joined(state, seat), "most of its land touches more of its land"
        boards.add((state.cells, state.kinds, state.owner))
    assert len(boards) == 3


def test_normal_plans_from_public_information_only_not_from_other_seats_orders():
    units = {"C3": [(0, "inf", 4), (0, "plane", 1)], "D3": [(0, "frig", 2)], "F3": [(1, "frig", 1)]}
    units["H3"] = [(1, "inf", 2)]
    state = position(SEA, units, capitals={"C3": 0, "H3": 1}, money=(40, 40))
    before = orders_of(state, 0)
    written = write(state, 1, Move("F3", "E3", "frig", 1), Buy("inf", 5, "H3"))
    assert written.orders[1] and orders_of(written, 0) == before
