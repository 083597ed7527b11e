"""The timer as a deadline option, and what a missed deadline does."""

from __future__ import annotations

import pytest

from rules.core.dice import SeededRng
from rules.core.errors import IllegalAction
from rules.hexwar import RULES
from rules.hexwar.actions import Move, SubmitOrders
from rules.hexwar.events import OrdersSubmitted
from rules.hexwar.options import OPTIONS, deadline_seconds, make_options
from rules.hexwar.state import HexOptions
from tests.rules.hexwar.position import NO_DICE, position, write

HOURS = 3600


def test_by_post_the_deadline_shrinks_from_48_hours_by_6_a_round_to_12():
    options = make_options({})
    assert [deadline_seconds(options, r) // HOURS for r in range(1, 9)] == [48, 42, 36, 30, 24, 18, 12, 12]
    quick = make_options({"post_hours": 24, "post_step_hours": 2, "post_min_hours": 8})
    assert deadline_seconds(quick, 3) == 20 * HOURS and deadline_seconds(quick, 20) == 8 * HOURS


def test_live_games_keep_the_rules_own_clock():
    """3 min 30 s, 30 s less each round, never under 30 s."""
    options = make_options({"timer": "live"})
    assert [deadline_seconds(options, r) for r in range(1, 9)] == [210, 180, 150, 120, 90, 60, 30, 30]


def test_options_are_typed_and_checked():
    specs = {spec.name: spec for spec in OPTIONS}
    assert specs["rounds"].parse("12") == 12 and specs["timer"].parse("live") == "live"
    for name, text in (("die", "6"), ("timer", "fast"), ("unsubmitted", "maybe"), ("units_per_turn", "0")):
        with pytest.raises(IllegalAction):
            specs[name].parse(text)
    with pytest.raises(IllegalAction, match="no option speed"):
        RULES.setup({"speed": 3}, 2, SeededRng("x"))


def test_a_missed_deadline_submits_no_orders_and_the_seat_holds():
    hexes = {"B3": ("land", 0), "C3": ("land", 1)}
    state = write(position(hexes, {"B3": [(0, "tank", 1)]}), 0, Move("B3", "C3", "tank"))
    move = RULES.absent_move(state, 0)
    assert move == SubmitOrders(hold=True)
    after, events = RULES.apply(state, 0, move, NO_DICE)
    assert events == [OrdersSubmitted(0, held=True)] and after.orders[0] == ()
    assert RULES.describe(events[0], ["Ann", "Bo"]) == "Ann did not submit in time and holds."


def test_the_stand_option_submits_orders_as_written():
    hexes = {"B3": ("land", 0), "C3": ("land", 1)}
    state = position(hexes, {"B3": [(0, "tank", 1)]}, options=HexOptions(unsubmitted="stand"))
    state = write(state, 0, Move("B3", "C3", "tank"))
    move = RULES.absent_move(state, 0)
    assert move == SubmitOrders()
    after, _ = RULES.apply(state, 0, move, NO_DICE)
    assert after.orders[0] == (Move("B3", "C3", "tank"),)


def test_an_absent_player_in_setup_gets_a_legal_placement():
    state, _ = RULES.setup({}, 3, SeededRng("absent"))
    rng = SeededRng("absent")
    while RULES.to_act(state) and state.round == 0:
        seat = RULES.to_act(state)[0]
        move = RULES.absent_move(state, seat)
        assert move in RULES.legal(state, seat)
        state, _ = RULES.apply(state, seat, move, rng)
    assert state.round == 1
