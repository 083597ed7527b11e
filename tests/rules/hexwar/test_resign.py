"""Resigning: the seat stops playing; its land and units stay, hold and defend themselves."""

from __future__ import annotations

import pytest

from rules.core.dice import SeededRng
from rules.core.errors import IllegalAction
from rules.hexwar import RULES
from rules.hexwar.actions import Move, Resign, SubmitOrders
from rules.hexwar.ai import HexWarAI
from rules.hexwar.events import BattleBegan, GameWon, SeatResigned
from rules.hexwar.state import Phase
from tests.rules.hexwar.position import NO_DICE, of_type, play_round, position, write

HEXES = {"B3": ("land", 0), "C3": ("land", 1), "D3": ("land", 2)}


def test_a_seat_that_resigns_owes_no_orders_and_its_pieces_stay_and_defend():
    state = position(HEXES, {"B3": [(0, "tank", 1)], "C3": [(1, "inf", 1)]}, players=3)
    state = write(state, 1, Move("C3", "D3", "inf"))
    state, events = RULES.apply(state, 1, Resign(), NO_DICE)
    assert events == [SeatResigned(1)] and RULES.to_act(state) == (0, 2)
    assert state.orders[1] == ()  # what it had written is dropped
    after, events = play_round(state, {0: [Move("B3", "C3", "tank")]}, [5, 2])  # its infantry still fights
    assert of_type(events, BattleBegan) and after.owner[1] == 1
    assert RULES.to_act(after) == (0, 2)
    with pytest.raises(IllegalAction, match="You have resigned from this game"):
        RULES.apply(after, 1, SubmitOrders(), NO_DICE)


def test_resigning_last_resolves_the_round_the_others_submitted():
    state = position(HEXES, {"B3": [(0, "tank", 1)]}, players=3)
    for seat in (0, 2):
        state, _ = RULES.apply(state, seat, SubmitOrders(), NO_DICE)
    after, _ = RULES.apply(state, 1, Resign(), NO_DICE)
    assert after.round == state.round + 1


def test_the_last_seat_left_playing_wins():
    state = position({"B3": ("land", 0), "C3": ("land", 1)})
    after, events = RULES.apply(state, 1, Resign(), NO_DICE)
    assert events[-1] == GameWon((0,), "resignation") and RULES.result(after).winners == (0,)


def test_a_seat_resigning_in_setup_is_skipped_from_then_on():
    state, _ = RULES.setup({}, 3, SeededRng("resign"))
    state, _ = RULES.apply(state, 0, Resign(), NO_DICE)
    assert RULES.to_act(state) == (1,) and state.hands[0] == (0, 0, 0, 0)
    ai, rng = HexWarAI(3), SeededRng("resign")
    while state.phase is not Phase.ORDERS:
        seat = RULES.to_act(state)[0]
        assert seat != 0
        state, _ = RULES.apply(state, seat, ai.choose(state, seat), rng)
    assert 0 not in state.capital_of and RULES.to_act(state) == (1, 2)
