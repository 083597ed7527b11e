"""Purchases: paid at the reveal, placed at the end of the round in cities and capitals held a full round."""

from __future__ import annotations

import pytest

from rules.core.errors import IllegalAction
from rules.hexwar.actions import Buy, BuyDefence, Move
from rules.hexwar.events import BattleEnded, PurchaseLost, PurchasesPaid, UnitsPlaced
from rules.hexwar.state import HexOptions, Stack
from rules.hexwar.units import UNITS
from tests.rules.hexwar.position import of_type, play_round, position, stacks_in, units_in, write

NO_INCOME = HexOptions(income_land=0, income_city=0, income_capital=0)


def refused(state, seat, order):
    with pytest.raises(IllegalAction) as caught:
        write(state, seat, order)
    return caught.value


def test_the_unit_table():
    table = {u: (t.attack, t.move, t.cost) for u, t in UNITS.items()}
    assert table == {
        "inf": (2, 1, 4),
        "jt": (2, 1, 6),
        "hov": (2, 3, 6),
        "tank": (4, 2, 7),
        "plane": (6, 4, 18),
        "frig": (5, 2, 10),
        "batt": (7, 2, 25),
    }
    assert (UNITS["frig"].bombard, UNITS["batt"].bombard, UNITS["batt"].hits) == (3, 4, 2)
    assert UNITS["tank"].land == ("tank", "hov", "inf", "jt", "plane")
    assert UNITS["plane"].water == ("plane", "frig", "batt", "hov")


def test_every_unit_and_a_defence_cost_what_the_table_says():
    hexes = {"C3": ("port", 0), "D3": ("water", -1)}
    state = position(hexes, capitals={"C3": 0}, money=(120, 0), options=NO_INCOME)
    orders = [Buy(u, 1, "D3" if u in ("frig", "batt") else "C3") for u in UNITS] + [
        BuyDefence("C3", "ground")
    ]
    after, events = play_round(state, {0: orders})
    assert of_type(events, PurchasesPaid) == [PurchasesPaid(0, 4 + 6 + 6 + 7 + 18 + 10 + 25 + 7, 0)]
    assert after.money == (120 - 83, 0)
    assert units_in(after, "C3") == {(0, u): 1 for u in ("inf", "jt", "hov", "tank", "plane")}
    assert units_in(after, "D3") == {(0, "frig"): 1, (0, "batt"): 1}


def test_units_bought_are_placed_after_the_battles():
    hexes = {"C3": ("city", 0), "D3": ("land", 1)}
    state = position(hexes, {"C3": [(0, "inf", 1)], "D3": [(1, "tank", 1)]}, capitals={"C3": 0})
    orders = {0: [Buy("inf", 2, "C3")], 1: [Move("D3", "C3", "tank")]}
    after, events = play_round(state, orders, [1, 10])  # two dice only: the new infantry did not fight
    kinds = [type(e) for e in events]
    assert kinds.index(BattleEnded) < kinds.index(UnitsPlaced)
    assert units_in(after, "C3") == {(0, "inf"): 3}


def test_units_bought_go_to_a_city_or_capital_held_a_full_round():
    hexes = {"B3": ("land", 0), "C3": ("city", 0), "D3": ("city", 0), "E3": ("land", 0)}
    state = position(hexes, capitals={"E3": 0}, held_since={"C3": 3, "D3": 2}, round_number=3)
    write(state, 0, Buy("inf", 1, "D3"), Buy("inf", 1, "E3"))  # taken last round; a capital on plain land
    assert refused(state, 0, Buy("inf", 1, "B3")).code == "no_factory"
    error = refused(state, 0, Buy("inf", 1, "C3"))  # taken this round
    assert (
        error.message
        == "New units are placed in a city or capital you have held a full round; C3 is not one."
    )


def test_a_purchase_goes_to_another_city_when_its_own_falls():
    hexes = {"C3": ("city", 0), "D3": ("land", 1), "G3": ("city", 0)}
    state = position(hexes, {"D3": [(1, "tank", 1)]}, capitals={"C3": 0})
    _after, events = play_round(state, {0: [Buy("tank", 1, "C3")], 1: [Move("D3", "C3", "tank")]})
    assert of_type(events, UnitsPlaced) == [UnitsPlaced(0, "tank", 1, "G3")]


def test_purchases_are_lost_with_no_city_or_capital():
    hexes = {"C3": ("city", 0), "D3": ("land", 1), "B3": ("land", 0)}
    state = position(hexes, {"D3": [(1, "tank", 1)]}, capitals={"C3": 0})
    after, events = play_round(state, {0: [Buy("inf", 3, "C3")], 1: [Move("D3", "C3", "tank")]})
    assert of_type(events, PurchaseLost) == [PurchaseLost(0, "inf", 3)]
    assert after.money[0] == 100 - 12  # spent, not refunded; and no income without a capital or city


def test_ships_are_launched_beside_a_port_city():
    hexes = {"C3": ("port", 0), "D3": ("water", -1), "B3": ("land", 0), "A3": ("water", -1)}
    state = position(hexes, {"A3": [(1, "hov", 1)]}, capitals={"C3": 0})
    write(state, 0, Buy("frig", 1, "D3"), Buy("batt", 1, "D3"))
    error = refused(state, 0, Buy("frig", 1, "C3"))
    assert error.code == "no_port" and error.message.startswith(
        "Frigates are launched into a water hex beside"
    )
    assert refused(state, 0, Buy("frig", 1, "A3")).code == "no_port"  # beside plain land, with an enemy
    after, _ = play_round(state, {0: [Buy("frig", 2, "D3")]})
    assert stacks_in(after, "D3") == (Stack(0, "frig", 2),)


def test_a_purchase_beyond_the_money_is_refused():
    hexes = {"C3": ("city", 0)}
    state = position(hexes, capitals={"C3": 0}, money=(10, 0))
    state = write(state, 0, Buy("inf", 1, "C3"))
    error = refused(state, 0, Buy("tank", 1, "C3"))
    assert (error.code, error.message) == ("no_money", "That costs 7 and you have 6 left this round.")
    write(state, 0, Buy("jt", 1, "C3"))  # exactly what is left
