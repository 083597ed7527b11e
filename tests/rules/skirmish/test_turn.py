"""The turn: 0, 1 or 2 standard actions (repeats allowed), then exchange, attack, free move, reduce
cards, end; reinforcements of a die per territory, the excess lost when the garrison runs out."""

from __future__ import annotations

import pytest
from msgspec.structs import replace

from rules.core.errors import IllegalAction
from rules.core.events import DiceRolled
from rules.skirmish import RULES
from rules.skirmish.actions import (
    Attack,
    DrawCard,
    EndPhase,
    Exchange,
    ExtraExchange,
    ExtraMove,
    Place,
    Reinforce,
)
from rules.skirmish.events import CardDrawn, DeckReshuffled, PlacingEnded, Reinforced, TroopsPlaced
from rules.skirmish.state import Phase
from tests.rules.skirmish.position import of_type, play, position, troops, units_at

MINE = {"sable_ford": (0, troops(2)), "millbrook": (0, troops(2)), "greyhorn": (0, troops(1))}


def standard(**kw):
    return position(holdings=MINE, phase=Phase.STANDARD, **kw)


def test_reinforce_rolls_a_die_per_controlled_territory_and_places_up_to_that_many():
    state, events = play(standard(), 0, Reinforce(), dice=[6, 5, 4])
    (reinforced,) = of_type(events, Reinforced)
    assert (reinforced.dice, reinforced.rolled, reinforced.troops, reinforced.lost) == (3, 15, 15, 0)
    assert state.placing.troops == 15 and state.actions_left == 1
    state, _ = play(state, 0, Place("sable_ford", 10))
    state, events = play(state, 0, Place("greyhorn", 5))
    assert of_type(events, TroopsPlaced)[0].troops == 5 and state.placing is None
    assert units_at(state, "sable_ford") == troops(12) and units_at(state, "greyhorn") == troops(6)
    assert state.garrison[0].troop == standard().garrison[0].troop - 15


def test_reinforcements_beyond_the_garrisons_troops_are_lost():
    state = standard()
    state = replace(state, garrison=(replace(state.garrison[0], troop=4), *state.garrison[1:]))
    state, events = play(state, 0, Reinforce(), dice=[6, 6, 6])
    (reinforced,) = of_type(events, Reinforced)
    assert (reinforced.rolled, reinforced.troops, reinforced.lost) == (18, 4, 14)
    assert state.placing.troops == 4


def test_placing_fewer_loses_the_rest_and_troops_go_only_on_your_territories():
    state, _ = play(standard(), 0, Reinforce(), dice=[2, 2, 2])
    with pytest.raises(IllegalAction) as foreign:
        play(state, 0, Place("ironmoor", 1))
    assert foreign.value.code == "not_yours"
    with pytest.raises(IllegalAction) as first:
        play(state, 0, DrawCard())
    assert first.value.code == "place_first"
    state, _ = play(state, 0, Place("millbrook", 2))
    state, events = play(state, 0, EndPhase())
    assert of_type(events, PlacingEnded)[0].lost == 4 and state.placing is None
    assert state.phase is Phase.STANDARD and state.actions_left == 1


def test_two_standard_actions_repeats_allowed_then_the_exchange_step():
    state, _ = play(standard(), 0, Reinforce(), dice=[1, 1, 1])
    state, _ = play(state, 0, Place("millbrook", 3))
    state, _ = play(state, 0, Reinforce(), dice=[1, 1, 1])
    state, _ = play(state, 0, Place("millbrook", 3))
    assert state.phase is Phase.EXCHANGE and state.actions_left == 0
    with pytest.raises(IllegalAction) as third:
        play(state, 0, Reinforce())
    assert third.value.code == "standard_over"


def test_no_standard_action_at_all_is_allowed():
    state, _ = play(standard(), 0, EndPhase())
    assert state.phase is Phase.EXCHANGE


def test_draw_one_card_privately():
    state, events = play(standard(), 0, DrawCard(), dice=[3])
    (drawn,) = of_type(events, CardDrawn)
    (roll,) = of_type(events, DiceRolled)
    assert roll.private and roll.sides == 26
    assert state.hands[0] == (drawn.card,) == (2,) and len(state.deck) == 25
    assert RULES.redact(drawn, 1) == CardDrawn(0, None) and RULES.redact(roll, 1) is None


def test_the_discards_are_shuffled_back_when_the_deck_runs_out():
    state = replace(standard(), deck=(), discard=(4, 9, 20))
    state, events = play(state, 0, DrawCard(), dice=[2])
    assert of_type(events, DeckReshuffled)[0].cards == 3
    assert state.hands[0] == (9,) and state.deck == (4, 20) and state.discard == ()


def test_extra_free_move_and_extra_exchange_count_as_standard_actions():
    state, _ = play(standard(), 0, ExtraMove())
    state, _ = play(state, 0, ExtraExchange())
    assert (state.moves_left, state.exchanges_allowed, state.phase) == (2, 2, Phase.EXCHANGE)


def test_the_steps_run_in_order_skipping_ahead_is_allowed_going_back_is_not():
    state = position(holdings={**MINE, "oakhollow": (1, troops(1))}, phase=Phase.STANDARD)
    state, _ = play(state, 0, Attack("greyhorn", "oakhollow", troops(1)))
    assert state.phase is Phase.ATTACK
    with pytest.raises(IllegalAction) as back:
        play(replace(state, battle=None), 0, Exchange("sable_ford", troops(3), "cavalry"))
    assert back.value.code == "step_over" and back.value.message == "The exchange step is over for this turn."


def test_end_of_turn_passes_to_the_next_seat():
    state = position(holdings=MINE, phase=Phase.MOVE, rest=(1, troops(1)))
    state, _ = play(state, 0, EndPhase())  # the free move; reducing cards needs nothing; the turn ends
    assert state.current == 1 and state.phase is Phase.STANDARD and state.actions_left == 2
    assert state.turn == 8 and state.held_after_turn[0] == 3


def test_out_of_turn_moves_are_refused():
    with pytest.raises(IllegalAction) as refused:
        play(standard(), 1, Reinforce())
    assert refused.value.code == "not_your_turn"
    assert refused.value.message == "It is not your turn: the game waits for seat 1."


def test_a_turn_begins_with_every_allowance_fresh():
    state = position(
        holdings=MINE,
        rest=(1, troops(1)),
        phase=Phase.MOVE,
        attacks_barred=True,
        moves_left=0,
        exchanges_allowed=2,
    )
    state, _ = play(state, 0, EndPhase())
    assert (state.attacks_barred, state.moves_left, state.exchanges_allowed, state.exchange_pairs) == (
        False,
        1,
        1,
        (),
    )
