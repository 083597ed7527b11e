"""The free move (any units, one territory to an adjacent one, both controlled) and reducing cards to
the number of controlled territories with their discard penalties."""

from __future__ import annotations

import pytest

from rules.core.errors import IllegalAction
from rules.skirmish.actions import Discard, EndPhase, ExtraMove, Move
from rules.skirmish.events import CardDiscarded, TurnEnded, UnitsMoved
from rules.skirmish.pieces import Units
from rules.skirmish.state import Phase
from tests.rules.skirmish.position import card_of, of_type, owner_of, play, position, troops, units_at

MINE = {"sable_ford": (0, Units(troop=4, cannon=1)), "millbrook": (0, troops(2)), "greyhorn": (0, troops(1))}


def moving(**kw):
    return position(holdings=MINE, rest=(1, troops(1)), phase=Phase.MOVE, **kw)


def test_a_free_move_takes_any_units_to_an_adjacent_controlled_territory():
    state, events = play(moving(), 0, Move("sable_ford", "millbrook", Units(troop=2, cannon=1)))
    assert of_type(events, UnitsMoved)[0].units == Units(troop=2, cannon=1)
    assert units_at(state, "millbrook") == Units(troop=4, cannon=1) and units_at(
        state, "sable_ford"
    ) == troops(2)
    assert state.phase is Phase.STANDARD and state.current == 1  # one move, then the turn ended


def test_a_free_move_needs_neighbours_both_controlled():
    with pytest.raises(IllegalAction) as far:
        play(moving(), 0, Move("sable_ford", "greyhorn", troops(1)))
    assert far.value.code == "not_adjacent"
    with pytest.raises(IllegalAction) as theirs:
        play(moving(), 0, Move("sable_ford", "elder_fen", troops(1)))
    assert theirs.value.code == "not_yours"
    empty = position(holdings={**MINE, "elder_fen": (-1, Units())}, rest=(1, troops(1)), phase=Phase.MOVE)
    with pytest.raises(IllegalAction):
        play(empty, 0, Move("sable_ford", "elder_fen", troops(1)))


def test_all_units_may_move_leaving_the_territory_empty():
    state, _ = play(moving(), 0, Move("millbrook", "sable_ford", troops(2)))
    assert owner_of(state, "millbrook") == -1


def test_an_extra_free_move_allows_a_second_move():
    state = position(holdings=MINE, rest=(1, troops(1)), phase=Phase.STANDARD)
    state, _ = play(state, 0, ExtraMove())
    state, _ = play(state, 0, EndPhase())
    state, _ = play(state, 0, Move("sable_ford", "millbrook", troops(1)))
    assert state.phase is Phase.MOVE and state.moves_left == 1
    state, _ = play(state, 0, Move("millbrook", "sable_ford", troops(1)))
    assert state.current == 1


def test_cards_beyond_the_controlled_territories_are_discarded_with_their_penalties():
    charge, push = card_of("charge"), card_of("push")
    hand = (charge, push, push + 1, push + 2)  # 4 cards, 3 territories
    state, events = play(moving(hands={0: hand}), 0, EndPhase())
    assert state.phase is Phase.REDUCE and state.current == 0 and not of_type(events, TurnEnded)
    with pytest.raises(IllegalAction) as not_held:
        play(state, 0, Discard(card_of("rally")))
    assert not_held.value.code == "not_in_hand"
    after, events = play(state, 0, Discard(charge))
    (gone,) = of_type(events, CardDiscarded)
    assert gone.penalty_from == "sable_ford" and units_at(after, "sable_ford") == Units(troop=3, cannon=1)
    assert after.garrison[0].troop == state.garrison[0].troop + 1
    assert after.current == 1 and charge in after.discard


def test_ending_the_step_discards_the_cheapest_cards_without_penalty_first():
    charge, push, rally = card_of("charge"), card_of("push"), card_of("rally")
    state, _ = play(moving(hands={0: (charge, push, rally, rally + 1, push + 1)}), 0, EndPhase())
    after, events = play(state, 0, EndPhase())
    assert [e.card for e in of_type(events, CardDiscarded)] == [rally, rally + 1]
    assert after.hands[0] == (charge, push, push + 1) and after.current == 1
