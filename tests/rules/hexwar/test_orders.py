"""Simultaneous secret orders: written, listed, changed, cancelled, submitted, kept secret, revealed."""

from __future__ import annotations

import pytest

from rules.core.codec import to_json
from rules.core.errors import IllegalAction
from rules.hexwar import RULES
from rules.hexwar.actions import BuildCity, Buy, CancelOrder, Jump, Move, SubmitOrders
from rules.hexwar.events import OrderCancelled, OrdersRevealed, OrdersSubmitted, OrderWritten, UnitsMoved
from tests.rules.hexwar.position import NO_DICE, of_type, play_round, position, write

HEXES = {
    "A3": ("water", -1),
    "B3": ("land", 0),
    "C3": ("city", 0),
    "D3": ("water", -1),
    "E3": ("land", 1),
    "F3": ("city", 1),
    "G3": ("land", 1),
}
UNITS = {
    "B3": [(0, "inf", 2), (0, "tank", 1), (0, "jt", 1)],
    "C3": [(0, "hov", 1, ())],
    "A3": [(0, "hov", 1, ("jt",))],
    "D3": [(1, "frig", 1)],
    "F3": [(1, "inf", 3)],
}


def state():
    return position(HEXES, UNITS, capitals={"C3": 0, "F3": 1}, money=(20, 20))


def test_orders_are_written_one_by_one_and_listed_in_the_writers_view():
    s = state()
    s, events = RULES.apply(s, 0, Move("b3", "c3", "Infantry", 2), NO_DICE)
    assert events == [OrderWritten(0, 1, Move("B3", "C3", "inf", 2))]  # stored in canonical spelling
    s = write(s, 0, Buy("tank", 1, "C3"))
    assert RULES.view(s, 0).orders == (Move("B3", "C3", "inf", 2), Buy("tank", 1, "C3"))
    assert RULES.view(s, 0).money_left == 13


def test_orders_can_be_changed_by_cancelling_and_writing_again():
    s = write(state(), 0, Move("B3", "C3", "inf", 2), Buy("tank", 1, "C3"))
    s, events = RULES.apply(s, 0, CancelOrder(1), NO_DICE)
    assert events == [OrderCancelled(0, 1, Move("B3", "C3", "inf", 2))]
    s = write(s, 0, Move("B3", "C3", "inf", 1))
    assert RULES.view(s, 0).orders == (Buy("tank", 1, "C3"), Move("B3", "C3", "inf", 1))
    with pytest.raises(IllegalAction, match="numbered 1 to 2; there is no 5"):
        RULES.apply(s, 0, CancelOrder(5), NO_DICE)


def test_orders_stay_secret_until_the_round_is_revealed():
    s = state()
    s, written = RULES.apply(s, 0, Move("B3", "C3", "inf", 2), NO_DICE)
    s, submitted = RULES.apply(s, 0, SubmitOrders(), NO_DICE)
    for viewer in (None, 1):
        assert all(RULES.redact(e, viewer) is None for e in written)
        seen = RULES.view(s, viewer)
        assert seen.orders in (None, ())
        assert b"B3" not in to_json(seen.orders) and b'"Move"' not in to_json(seen)
    assert RULES.redact(written[0], 0) == written[0]
    assert submitted == [OrdersSubmitted(0)]  # public: that seat 0 is done, not what it wrote
    assert RULES.view(s, 1).seats[0].submitted and not RULES.view(s, 1).seats[1].submitted
    assert b"rolls" not in to_json(RULES.view(s, 1))


def test_the_round_resolves_when_the_last_seat_submits_and_reveals_every_order():
    s = write(state(), 0, Move("B3", "C3", "inf", 2))
    s, _ = RULES.apply(s, 0, SubmitOrders(), NO_DICE)
    assert RULES.to_act(s) == (1,)
    key = RULES.turn_key(s)
    s = write(s, 1, Move("F3", "E3", "inf", 1))
    assert RULES.turn_key(s) == key  # one key for the whole round
    s, events = RULES.apply(s, 1, SubmitOrders(), NO_DICE)
    assert of_type(events, OrdersRevealed) == [
        OrdersRevealed(0, (Move("B3", "C3", "inf", 2),)),
        OrdersRevealed(1, (Move("F3", "E3", "inf", 1),)),
    ]
    assert len(of_type(events, UnitsMoved)) == 2 and s.round == 4
    assert RULES.turn_key(s) != key and RULES.to_act(s) == (0, 1)
    assert all(RULES.redact(e, None) == e for e in events)  # the whole resolution is public


def test_where_a_city_is_bought_is_not_revealed_with_the_orders():
    s = write(state(), 0, BuildCity("B3"))
    _after, events = play_round(s, {})
    (revealed, _) = of_type(events, OrdersRevealed)
    assert revealed.orders == ()
    public = [RULES.redact(e, 1) for e in events]
    assert not any(b"B3" in to_json(e) for e in public if e is not None)


def test_submitted_orders_are_final_for_the_round():
    s, _ = RULES.apply(state(), 0, SubmitOrders(), NO_DICE)
    with pytest.raises(IllegalAction) as caught:
        RULES.apply(s, 0, Move("B3", "C3", "inf"), NO_DICE)
    assert caught.value.code == "submitted"
    assert RULES.legal(s, 0) == []


@pytest.mark.parametrize(
    ("order", "code", "message"),
    [
        (Move("B3", "E3", "inf"), "out_of_reach", "Infantry move at most 1 hex(es); E3 is too far from B3."),
        (
            Move("C3", "E3", "hov"),
            "out_of_reach",
            "Every way from C3 to E3 passes enemy units, enemy land or water another player controls; "
            "a move may end in such a hex but not pass through it.",
        ),
        (Jump("A3", "C3"), "jump_from_transport", "Jump troops may not jump from transports."),
        (Buy("plane", 2, "C3"), "no_money", "That costs 36 and you have 20 left this round."),
        (Move("B3", "C3", "plane"), "not_enough", "You have no planes in B3 not already under orders."),
        (Buy("tank", 1, "B3"), "no_factory", None),
        (Move("Z9", "C3", "inf"), "bad_hex", None),
        (Move("B3", "C3", "dragon"), "bad_unit", None),
    ],
)
def test_bad_orders_get_one_sentence_and_change_nothing(order, code, message):
    s = state()
    with pytest.raises(IllegalAction) as caught:
        RULES.apply(s, 0, order, NO_DICE)
    assert caught.value.code == code
    assert caught.value.message.endswith(".") and caught.value.message.count(". ") == 0
    if message:
        assert caught.value.message == message
    assert s == state()


def test_every_listed_order_is_accepted_and_submitting_is_always_listed():
    s = state()
    options = RULES.legal(s, 0)
    assert options[0] == SubmitOrders()
    for action in options:
        RULES.apply(s, 0, action, NO_DICE)  # raises if the engine refused one
    kinds = {type(a).__name__ for a in options}
    assert {"Move", "Jump", "Buy", "BuyDefence", "BuildCity", "SubmitOrders"} <= kinds
