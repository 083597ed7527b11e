"""Issue 29, item 8: the score that decides most games (money earned) where players look, units aboard
hovercraft counted, and the true reason a land unit cannot reach a hex beyond water."""

from __future__ import annotations

import pytest

from bot.games.hexwar.presenter import PRESENTER
from rules.core.errors import IllegalAction
from rules.hexwar import RULES
from rules.hexwar.actions import Move
from rules.hexwar.state import HexOptions
from tests.rules.hexwar.position import play_round, position, write

HEXES = {"B3": ("land", 0), "C3": ("land", 0), "D3": ("land", 1), "E3": ("city", 1)}


def test_the_money_earned_is_in_the_view_the_standing_and_the_final_message():
    state = position(HEXES, capitals={"B3": 0, "D3": 1}, options=HexOptions(rounds=3), earned=(40, 38))
    view = RULES.view(state, None)
    assert [s.earned for s in view.seats] == [40, 38]
    assert PRESENTER.standing(view, 1) == (
        "2 hexes · 1 cities · 0 units · money 100 (+9) · earned 38 · writing orders"
    )
    after, _ = play_round(state, {})
    # Both collect: seat 1 7 (two land, a capital), seat 2 9 (land, city, capital): a shared win.
    assert RULES.result(after).summary == "After 3 rounds Seat 1 and Seat 2 earned the most money (47)."
    no_limit = position(HEXES, capitals={"B3": 0, "D3": 1}, options=HexOptions(rounds=0))
    assert "earned" not in PRESENTER.standing(RULES.view(no_limit, None), 0)


def test_the_losers_earned_totals_are_in_the_final_message():
    hexes = {**HEXES, "F3": ("land", 2)}
    state = position(
        hexes,
        players=3,
        capitals={"B3": 0, "D3": 1, "F3": 2},
        options=HexOptions(rounds=3),
        earned=(40, 50, 45),
    )
    after, _ = play_round(state, {})
    # Income: seat 1 7 (two land, a capital), seat 2 9 (land, city, capital), seat 3 6 (land, capital).
    assert RULES.result(after).summary == (
        "After 3 rounds Seat 2 earned the most money (59). Money earned by the others: Seat 3 51, Seat 1 47."
    )


def test_the_unit_count_includes_passengers_aboard_hovercraft_at_sea():
    hexes = {"B3": ("land", 0), "C3": ("water", -1)}
    state = position(hexes, {"B3": [(0, "inf", 3)], "C3": [(0, "hov", 2, ("inf", "inf")), (0, "hov", 1)]})
    # 3 infantry ashore, 3 hovercraft, 4 infantry aboard two of them.
    assert RULES.view(state, None).seats[0].units == 10


def test_a_tank_cut_off_by_water_is_told_the_water_is_in_the_way_not_that_it_is_too_far():
    hexes = {"B3": ("land", 0), "C3": ("water", -1), "D3": ("land", 0), "E3": ("land", 0)}
    state = position(hexes, {"B3": [(0, "tank", 1)], "E3": [(0, "tank", 1)]})
    with pytest.raises(IllegalAction) as caught:
        write(state, 0, Move("B3", "D3", "tank"))
    assert caught.value.code == "out_of_reach"
    assert caught.value.message == (
        "D3 is 2 hex(es) from B3, but tanks have no way there within 2 hex(es): water is in the way "
        "(a hovercraft carries units across)."
    )
    with pytest.raises(IllegalAction) as far:  # three hexes as the crow flies: too far, whatever lies between
        write(state, 0, Move("E3", "B3", "tank"))
    assert far.value.message == "Tanks move at most 2 hex(es); B3 is too far from E3."
