"""The `normal` AI (``HexWarNormalAI``): each thing it adds to easy, on a hand-built position."""

from __future__ import annotations

from rules.hexwar.actions import Buy, Move, SubmitOrders
from rules.hexwar.ai import HexWarNormalAI
from tests.rules.hexwar.position import position, write


def orders_of(state, seat, seed=0):
    ai = HexWarNormalAI(seed)
    written = []
    while True:
        action = ai.choose(state, seat)
        if isinstance(action, SubmitOrders):
            return written
        state = write(state, seat, action)
        written.append(action)


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
