"""New cities: 10 a round for three rounds running, on land held throughout; secret until they stand."""

from __future__ import annotations

import pytest

from rules.core.errors import IllegalAction
from rules.hexwar import RULES
from rules.hexwar.actions import BuildCity, Move
from rules.hexwar.events import CityAbandoned, CityBuilt, CityProjectBegun, PurchasesPaid
from rules.hexwar.state import HexOptions
from rules.hexwar.views import ProjectView
from tests.rules.hexwar.position import of_type, play_round, position, write

NO_INCOME = HexOptions(income_land=0, income_city=0, income_capital=0)
HEXES = {"B3": ("land", 0), "C3": ("city", 0), "A3": ("land", 1)}


def start(money=(100, 100)):
    return position(HEXES, capitals={"C3": 0, "A3": 1}, money=money, options=NO_INCOME)


def test_a_city_bought_over_three_rounds_stands_at_the_end_of_the_third():
    state, events = play_round(start(), {0: [BuildCity("B3")]})
    assert of_type(events, PurchasesPaid) == [PurchasesPaid(0, 10, 1)] and state.money[0] == 90
    state, events = play_round(state, {})  # the next two payments are taken without an order
    assert of_type(events, PurchasesPaid) == [PurchasesPaid(0, 10, 1)] and not of_type(events, CityBuilt)
    state, events = play_round(state, {})
    assert of_type(events, CityBuilt) == [CityBuilt(0, "B3")]
    assert state.money[0] == 70 and state.kinds[0] == "city" and state.projects[0] == ()


def test_where_a_city_is_bought_stays_secret_until_it_stands():
    state, events = play_round(start(), {0: [BuildCity("B3")]})
    (begun,) = of_type(events, CityProjectBegun)
    assert RULES.redact(begun, 1) is None and RULES.redact(begun, None) is None
    assert RULES.view(state, 0).projects == (ProjectView("B3", 1),)
    assert RULES.view(state, 1).projects == () and RULES.view(state, None).projects is None
    assert RULES.view(state, 1).seats[0].building == 1  # that a city is under way shows in the money


def test_a_city_purchase_is_cancelled_by_capture():
    state, _ = play_round(start(), {0: [BuildCity("B3")]}, [])
    state = position(
        HEXES,
        {"A3": [(1, "tank", 1)]},
        capitals={"C3": 0, "A3": 1},
        money=state.money,
        options=NO_INCOME,
        projects=state.projects,
    )
    state, events = play_round(state, {1: [Move("A3", "B3", "tank")]})
    assert of_type(events, CityAbandoned) == [CityAbandoned(0, "B3", "taken")]
    assert state.projects[0] == () and state.money[0] == 80  # both payments lost
    state, events = play_round(state, {})
    assert not of_type(events, PurchasesPaid) and state.money[0] == 80


def test_a_city_whose_payment_cannot_be_made_is_abandoned():
    state, _ = play_round(start(money=(10, 0)), {0: [BuildCity("B3")]})
    state, events = play_round(state, {})
    assert of_type(events, CityAbandoned) == [CityAbandoned(0, "B3", "unpaid")]


def test_a_city_goes_on_plain_land_you_hold_once():
    state = write(start(), 0, BuildCity("B3"))
    for where, code in (("C3", "not_for_a_city"), ("A3", "not_for_a_city"), ("B3", "already_building")):
        with pytest.raises(IllegalAction) as caught:
            write(state, 0, BuildCity(where))
        assert caught.value.code == code
