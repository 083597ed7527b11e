"""Exchanges: one type in and one type out per turn, every unit of an exchange from one territory and the
unit out going there, each exchange individual, the value in at least the value out, the excess lost."""

from __future__ import annotations

import pytest

from rules.core.errors import IllegalAction
from rules.skirmish import RULES
from rules.skirmish.actions import Exchange, ExtraExchange
from rules.skirmish.events import Exchanged
from rules.skirmish.pieces import Units
from rules.skirmish.state import Phase
from tests.rules.skirmish.position import of_type, play, position, troops, units_at

HOME = "sable_ford"


def exchanging(units=None, **kw):
    units = units if units is not None else Units(troop=9, cavalry=4, cannon=1)
    return position(holdings={HOME: (0, units), "millbrook": (0, troops(6))}, phase=Phase.EXCHANGE, **kw)


def test_two_at_3_for_one_at_5_loses_1_exchange_value():
    state = exchanging()
    after, events = play(state, 0, Exchange(HOME, Units(cavalry=2), "cannon"))
    (done,) = of_type(events, Exchanged)
    assert done.gave == Units(cavalry=2) and done.got == Units(cannon=1) and done.lost == 1
    assert units_at(after, HOME) == Units(troop=9, cavalry=2, cannon=2)
    assert after.garrison[0] == state.garrison[0].plus(Units(cavalry=2)).minus(Units(cannon=1))


def test_each_exchange_is_individual_so_the_excess_is_lost_each_time():
    state = exchanging()
    _, events = play(state, 0, Exchange(HOME, Units(cavalry=4), "cannon"))
    (done,) = of_type(events, Exchanged)
    assert done.got == Units(cannon=2) and done.lost == 2  # not 12 - 10 pooled into a third cannon


def test_exact_values_lose_nothing():
    state = exchanging()
    _, events = play(state, 0, Exchange(HOME, troops(6), "cavalry"))
    assert of_type(events, Exchanged)[0].got == Units(cavalry=2) and of_type(events, Exchanged)[0].lost == 0


def test_the_units_in_must_cover_whole_exchanges():
    with pytest.raises(IllegalAction) as refused:
        play(exchanging(), 0, Exchange(HOME, troops(4), "cavalry"))
    assert refused.value.code == "whole_exchanges"
    assert refused.value.message == "Each cavalry takes 3 troops (worth 3 for 3); trade in a multiple of 3."


def test_an_exchange_of_two_types_is_refused_and_changes_nothing():
    state = exchanging()
    with pytest.raises(IllegalAction) as refused:
        RULES.apply(state, 0, Exchange(HOME, Units(troop=2, cavalry=1), "cannon"), None)
    assert refused.value.code == "two_types"
    assert (
        refused.value.message
        == "An exchange trades in units of one type only; you offered troops and cavalry."
    )
    assert state == exchanging()


def test_one_type_in_and_one_type_out_per_turn():
    state, _ = play(exchanging(), 0, Exchange(HOME, troops(3), "cavalry"))
    state, _ = play(state, 0, Exchange("millbrook", troops(3), "cavalry"))  # the same pair again: fine
    for other in (Exchange(HOME, troops(5), "cannon"), Exchange(HOME, Units(cavalry=2), "cannon")):
        with pytest.raises(IllegalAction) as refused:
            play(state, 0, other)
        assert refused.value.code == "one_pair" and "troops for cavalry" in refused.value.message


def test_an_extra_exchange_allows_a_second_pair():
    state = position(holdings={HOME: (0, Units(troop=9, cavalry=4))}, phase=Phase.STANDARD)
    state, _ = play(state, 0, ExtraExchange())
    state, _ = play(state, 0, Exchange(HOME, troops(3), "cavalry"))
    state, _ = play(state, 0, Exchange(HOME, Units(cavalry=2), "cannon"))
    assert state.exchange_pairs == (("troop", "cavalry"), ("cavalry", "cannon"))
    with pytest.raises(IllegalAction):
        play(state, 0, Exchange(HOME, troops(5), "cannon"))


def test_units_in_come_from_one_territory_and_the_unit_out_goes_there():
    with pytest.raises(IllegalAction) as refused:
        play(exchanging(), 0, Exchange("millbrook", Units(cavalry=2), "cannon"))
    assert refused.value.code == "not_there" and "Millbrook holds only 6 troops" in refused.value.message
    after, _ = play(exchanging(), 0, Exchange("millbrook", troops(6), "cavalry"))
    assert units_at(after, "millbrook") == Units(cavalry=2)


def test_a_dearer_unit_may_be_traded_for_a_cheaper_one_the_excess_lost():
    _, events = play(exchanging(), 0, Exchange(HOME, Units(cannon=1), "troop"))
    assert of_type(events, Exchanged)[0].lost == 4


def test_the_unit_out_must_be_in_the_garrison():
    state = exchanging(units=troops(30))
    state, _ = play(state, 0, Exchange(HOME, troops(20), "general"))
    with pytest.raises(IllegalAction) as refused:
        play(state, 0, Exchange(HOME, troops(10), "general"))
    assert refused.value.code == "garrison_empty" and "0 generals" in refused.value.message
