"""Standing orders: set by a player for their own battle steps, at any time, private to them; the game
applies them when the step comes and the log says "by standing order"."""

from __future__ import annotations

import pytest

from rules.core.errors import IllegalAction
from rules.skirmish import RULES
from rules.skirmish.actions import AssignDice, Attack, Defend, SetOrders
from rules.skirmish.battle.state import Stage
from rules.skirmish.events import (
    CardPlayed,
    DefenceDeclared,
    OrdersSet,
    Passed,
    SkirmishesFormed,
    SkirmishesOrdered,
    UnitsRedistributed,
)
from rules.skirmish.pieces import Units
from rules.skirmish.state import StandingOrders
from rules.skirmish.text import orders_words
from tests.rules.skirmish.position import LEVEL, at_battle, card_of, of_type, play, position, troops, units_at

SOURCE, TARGET = LEVEL
DEFENDER_ORDERS = StandingOrders(defend="all", losses="cheapest", assign="best", cards_from=99, order="best")


def attacked(orders=None):
    return position(
        holdings={SOURCE: (0, troops(4)), TARGET: (1, troops(5)), "greyhorn": (0, troops(1))}, orders=orders
    )


def test_a_defence_by_standing_orders_runs_without_asking_and_says_so():
    state = attacked(orders={1: DEFENDER_ORDERS})
    after, events = play(state, 0, Attack(SOURCE, TARGET, troops(4)), dice=[6, 5, 4, 3] + [6, 5, 5, 4, 3])
    assert of_type(events, DefenceDeclared)[0].by_order
    assert of_type(events, DefenceDeclared)[0].units == troops(5)
    assert of_type(events, SkirmishesFormed)[0].by_order
    assert of_type(events, SkirmishesOrdered)[0].by_order
    lines = [RULES.describe(e, ["Ann", "Bob", "Cid"]) for e in events]
    assert "Bob defended Millbrook with 5 troops: 5 dice, 0 counters (by standing order)." in lines
    # The defender was never asked: every skirmish went its way and the battle is over.
    assert after.battle is None and after.attacks_barred and units_at(after, TARGET) == troops(5)


def test_assign_to_the_attackers_highest_dice_first_and_play_no_cards_below_x():
    charge, push = card_of("charge"), card_of("push")
    orders = StandingOrders(assign="highest", cards_from=3)
    state = position(
        holdings={SOURCE: (0, troops(3)), TARGET: (1, troops(5)), "greyhorn": (0, troops(1))},
        orders={1: orders},
        hands={1: (push, charge)},
    )
    state = at_battle(
        state,
        SOURCE,
        TARGET,
        troops(2),
        troops(2),
        stage=Stage.ASSIGN,
        attack_dice=(6, 5),
        defend_dice=(4, 3),
    )
    after, events = play(state, 1, AssignDice((1, 2)))  # the defender forms these by hand
    # The attacker has nothing to play and passes at once; the defender's card step is by order: only the
    # Charge (3) may be played, and it turns skirmish 1 (6 v 4+1 -> 6 v 8); the Push (2) stays in hand.
    played = of_type(events, CardPlayed)
    assert [(p.card, p.skirmish, p.by_order) for p in played] == [(charge, 1, True)]
    assert after.hands[1] == (push,)
    assert of_type(events, Passed)[-1].by_order


def test_highest_first_pairs_the_defenders_highest_dice_with_the_attackers_highest():
    state = position(
        holdings={SOURCE: (0, troops(3)), TARGET: (1, troops(3)), "greyhorn": (0, troops(1))},
        orders={1: StandingOrders(assign="highest")},
    )
    state, _ = play(state, 0, Attack(SOURCE, TARGET, troops(3)))
    after, events = play(state, 1, Defend(troops(3)), dice=[6, 4, 3] + [5, 5, 3])
    (formed,) = of_type(events, SkirmishesFormed)
    assert formed.by_order and formed.skirmishes == (((6,), (5,)), ((4,), (5,)), ((3,), (3,)))
    assert after.battle.stage is Stage.ORDER


def test_orders_may_be_set_at_any_time_and_stay_private():
    state = attacked()
    orders = StandingOrders(defend="all", occupy="one")
    after, events = play(state, 1, SetOrders(orders))  # seat 1 sets them during seat 0's turn
    assert after.orders[1] == orders and RULES.to_act(after) == (0,)
    assert RULES.view(after, 1).orders == orders and RULES.view(after, 0).orders == StandingOrders()
    assert RULES.view(after, None).orders is None
    (event,) = of_type(events, OrdersSet)
    assert (
        RULES.redact(event, 1) == event
        and RULES.redact(event, 0) is None
        and RULES.redact(event, None) is None
    )


def test_an_order_for_the_step_waiting_now_applies_at_once():
    state = attacked()
    waiting, _ = play(state, 0, Attack(SOURCE, TARGET, troops(4)))
    assert RULES.to_act(waiting) == (1,)
    after, events = play(
        waiting, 1, SetOrders(StandingOrders(defend="all")), dice=[6, 6, 6, 6] + [5, 5, 5, 5, 5]
    )
    assert of_type(events, DefenceDeclared)[0].by_order and after.battle.defender.units == troops(5)


def test_bad_orders_are_refused():
    with pytest.raises(IllegalAction) as refused:
        play(attacked(), 1, SetOrders(StandingOrders(assign="randomly")))
    assert refused.value.code == "bad_order" and "highest, lowest, best" in refused.value.message
    with pytest.raises(IllegalAction) as one_choice:
        play(attacked(), 1, SetOrders(StandingOrders(defend="some")))
    assert one_choice.value.message == "The standing order defend is all; not “some”."  # not "one of all"


def test_the_attackers_orders_share_out_the_winners():
    state = position(
        holdings={SOURCE: (0, troops(4)), TARGET: (-1, Units()), "greyhorn": (0, troops(1))},
        orders={0: StandingOrders(occupy="one")},
    )
    after, events = play(state, 0, Attack(SOURCE, TARGET, troops(3)))
    assert after.battle is None and of_type(events, UnitsRedistributed)[0].by_order
    assert units_at(after, TARGET) == troops(1) and units_at(after, SOURCE) == troops(3)


def test_no_standing_orders_say_none_set_not_that_every_step_waits() -> None:
    """With none set, the bot may still answer a defence for a player who did not ask to be asked: the
    words said "every battle step waits for you", which was not so on Discord."""
    assert orders_words(None) == "none set"
    assert orders_words(StandingOrders(defend="all")) == "defend all"
