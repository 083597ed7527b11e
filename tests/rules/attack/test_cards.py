"""Rule cases for the action deck: its cards, playing them with the actions they modify, the hand
limit, private draws and reshuffling."""

from __future__ import annotations

from rules.attack import RULES
from rules.attack.actions import Begin, Negotiate
from rules.attack.events import ActionBegan, CardDrawn
from rules.attack.tables import CARD_ACTIONS, CARD_KINDS, COPIES, DECK_SIZE, HAND_LIMIT, WAR_BONDS, card_name
from rules.core.events import DiceRolled
from tests.rules.attack.position import of, play, position, refused

BONDS = WAR_BONDS * COPIES


def test_the_action_deck_holds_36_cards_nine_kinds_of_four():
    """Design: the 36 action cards."""
    assert DECK_SIZE == 36 and len(CARD_KINDS) == 9 and COPIES == 4
    assert card_name(BONDS) == "War Bonds"
    assert all(actions for actions in CARD_ACTIONS)


def test_a_card_is_played_with_the_action_it_modifies_and_is_revealed():
    state = position(hands={0: (BONDS,)})
    error = refused(state, 0, Begin("move", BONDS), "wrong_card")
    assert "War Bonds" in error.message
    state, events = play(state, 0, Begin("build", BONDS))
    assert of(events, ActionBegan)[0].card == BONDS
    assert state.seats[0].hand == () and state.discard == (BONDS,)


def test_a_card_you_do_not_hold_cannot_be_played():
    refused(position(hands={1: (BONDS,)}), 0, Begin("build", BONDS), "no_such_card")


def test_a_hand_holds_at_most_three_cards():
    state = position(hands={0: (0, 1, 2)})
    state, events = play(state, 0, Negotiate(None))
    assert not of(events, CardDrawn) and len(state.seats[0].hand) == HAND_LIMIT


def test_the_discards_are_reshuffled_when_the_deck_runs_out():
    state = position(deck=(), discard=(7, 9))
    state, events = play(state, 0, Negotiate(None), [2])
    assert of(events, CardDrawn)[0].card == 9 and state.deck == (7,) and state.discard == ()


def test_cards_in_hand_and_their_draws_are_private():
    state, events = play(position(), 0, Negotiate(None), [3])
    drawn, roll = of(events, CardDrawn)[0], of(events, DiceRolled)[0]
    assert RULES.redact(drawn, 0) == drawn and RULES.redact(drawn, 1).card is None
    assert roll.private and RULES.redact(roll, 1) is None and RULES.redact(roll, None) is None
    assert RULES.view(state, 0).hand == ((2, card_name(2)),)
    assert RULES.view(state, 1).hand == () and RULES.view(state, None).hand is None
    assert RULES.view(state, 1).seats[0].cards == 1
