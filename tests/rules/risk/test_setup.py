"""Rule cases for starting a game: the deal, the claiming draft and the two-player neutral variant."""

from __future__ import annotations

import pytest

from rules.core.dice import ScriptedRng, SeededRng, verify_rolls
from rules.core.errors import IllegalAction
from rules.core.events import DiceRolled
from rules.risk import RULES
from rules.risk.actions import ClaimTerritory, EndPhase, PlaceArmies, PlaceNeutral
from rules.risk.events import SeatsDealt, TurnBegan
from rules.risk.state import NEUTRAL, Phase
from tests.rules.risk.position import BOARD

NONE = ScriptedRng([])


@pytest.mark.parametrize(
    ("players", "starting", "counts"),
    [(3, 35, [14, 14, 14]), (4, 30, [11, 11, 10, 10]), (5, 25, [9, 9, 8, 8, 8]), (6, 20, [7] * 6)],
)
def test_random_deal_shares_territories_and_starting_armies(players, starting, counts):
    state, events = RULES.setup({}, players, SeededRng("deal"))
    assert [state.owner.count(s) for s in range(players)] == counts
    assert state.armies == (1,) * 42 and state.phase is Phase.SETUP and state.current == 0
    assert list(state.setup_left) == [starting - c for c in counts]
    (deal,) = [e for e in events if isinstance(e, DiceRolled)]
    assert deal.countdown and len(deal.values) == 41 and verify_rolls("deal", events) == []
    assert any(isinstance(e, SeatsDealt) for e in events)


def test_the_deal_is_the_seeds_and_only_the_seeds():
    one, _ = RULES.setup({}, 4, SeededRng("a"))
    again, _ = RULES.setup({}, 4, SeededRng("a"))
    other, _ = RULES.setup({}, 4, SeededRng("b"))
    assert one == again and one.owner != other.owner


def test_setup_turns_place_a_batch_each_then_the_first_turn_begins():
    state, _ = RULES.setup({"setup_batch": 10}, 3, SeededRng("batch"))
    mine = BOARD.ids[state.owner.index(0)]
    with pytest.raises(IllegalAction) as too_many:
        RULES.apply(state, 0, PlaceArmies(mine, 11), NONE)
    assert too_many.value.code == "bad_count"
    with pytest.raises(IllegalAction) as out_of_turn:
        RULES.apply(state, 1, PlaceArmies(mine, 1), NONE)
    assert out_of_turn.value.code == "not_your_turn"
    with pytest.raises(IllegalAction) as no_end:
        RULES.apply(state, 0, EndPhase(), NONE)
    assert no_end.value.code == "setup_first"
    state, _ = RULES.apply(state, 0, PlaceArmies(mine, 4), NONE)
    assert state.current == 0
    state, _ = RULES.apply(state, 0, PlaceArmies(mine, 6), NONE)
    assert state.current == 1 and state.setup_left[0] == 11
    events: list = []
    while state.phase is Phase.SETUP:
        seat = state.current
        spot = BOARD.ids[state.owner.index(seat)]
        state, events = RULES.apply(state, seat, PlaceArmies(spot, min(10, state.setup_left[seat])), NONE)
    (began,) = [e for e in events if isinstance(e, TurnBegan)]
    assert (began.seat, began.turn, began.round) == (0, 1, 1)
    assert sum(state.armies) == 3 * 35 and state.phase is Phase.REINFORCE


def test_claiming_draft_then_placement():
    state, events = RULES.setup({"deal": "claim", "setup_batch": 1}, 3, SeededRng("claim"))
    assert state.phase is Phase.CLAIM and state.armies == (0,) * 42 and not events
    state, _ = RULES.apply(state, 0, ClaimTerritory("peru"), NONE)
    with pytest.raises(IllegalAction) as taken:
        RULES.apply(state, 1, ClaimTerritory("peru"), NONE)
    assert taken.value.code == "claimed"
    with pytest.raises(IllegalAction) as must_claim:
        RULES.apply(state, 1, PlaceArmies("peru", 1), NONE)
    assert must_claim.value.code == "claim_first"
    free = [t for t in BOARD.ids if t != "peru"]
    for tid in free:
        state, _ = RULES.apply(state, state.current, ClaimTerritory(tid), NONE)
    assert state.phase is Phase.SETUP and [state.owner.count(s) for s in range(3)] == [14, 14, 14]
    assert state.current == 0  # claiming ended with seat 2, so seat 0 places next
    assert state.setup_left == (21, 21, 21)
    state, _ = RULES.apply(state, 0, PlaceArmies("peru", 1), NONE)
    assert state.current == 1, "the box rules place one army per setup turn"


def test_two_player_neutral_deal():
    state, _ = RULES.setup({}, 2, SeededRng("two"))
    assert [state.owner.count(s) for s in (0, 1, NEUTRAL)] == [14, 14, 14]
    assert state.setup_left == (26, 26) and state.neutral_left == 26


def test_two_player_setup_turn_is_two_own_armies_then_one_neutral():
    state, _ = RULES.setup({}, 2, SeededRng("two"))
    mine = [BOARD.ids[i] for i in range(42) if state.owner[i] == 0]
    neutral = [BOARD.ids[i] for i in range(42) if state.owner[i] == NEUTRAL]
    with pytest.raises(IllegalAction) as no_neutral_yet:
        RULES.apply(state, 0, PlaceNeutral(neutral[0]), NONE)
    assert no_neutral_yet.value.code == "no_neutral_due"
    state, _ = RULES.apply(state, 0, PlaceArmies(mine[0], 1), NONE)
    state, _ = RULES.apply(state, 0, PlaceArmies(mine[1], 1), NONE)
    assert state.current == 0
    with pytest.raises(IllegalAction) as neutral_due:
        RULES.apply(state, 0, PlaceArmies(mine[0], 1), NONE)
    assert neutral_due.value.code == "neutral_due"
    assert neutral_due.value.message == "Place 1 neutral army on a neutral territory now."
    with pytest.raises(IllegalAction) as not_neutral:
        RULES.apply(state, 0, PlaceNeutral(mine[0]), NONE)
    assert not_neutral.value.code == "not_neutral"
    state, _ = RULES.apply(state, 0, PlaceNeutral(neutral[0]), NONE)
    assert state.current == 1 and state.neutral_left == 25
    assert state.armies[BOARD.index(neutral[0])] == 2


def test_two_player_setup_ends_with_forty_each_and_forty_neutral():
    state, _ = RULES.setup({}, 2, SeededRng("two"))
    while state.phase is Phase.SETUP:
        seat = state.current
        action = RULES.legal(state, seat)[0]
        state, _ = RULES.apply(state, seat, action, NONE)
    pairs = list(zip(state.owner, state.armies, strict=True))
    totals = {s: sum(a for o, a in pairs if o == s) for s in (0, 1, NEUTRAL)}
    assert totals == {0: 40, 1: 40, NEUTRAL: 40} and state.phase is Phase.REINFORCE


def test_two_player_batch_takes_the_1993_setup_turns_together():
    """By post (``two_player_batch`` 5): a setup turn is 10 own armies, then 5 neutral, in as many
    placements as the player likes; the last turns place what is left (6 own, then 3 neutral), so each
    player places 26 of their own and 13 neutral in three setup turns instead of thirteen."""
    state, _ = RULES.setup({"two_player_batch": 5}, 2, SeededRng("two"))
    mine = [BOARD.ids[i] for i in range(42) if state.owner[i] == 0]
    neutral = [BOARD.ids[i] for i in range(42) if state.owner[i] == NEUTRAL]
    state, _ = RULES.apply(state, 0, PlaceArmies(mine[0], 4), NONE)
    with pytest.raises(IllegalAction) as too_early:
        RULES.apply(state, 0, PlaceNeutral(neutral[0], 1), NONE)
    assert too_early.value.code == "no_neutral_due"
    with pytest.raises(IllegalAction) as too_many:
        RULES.apply(state, 0, PlaceArmies(mine[1], 7), NONE)
    assert too_many.value.code == "bad_count"
    state, _ = RULES.apply(state, 0, PlaceArmies(mine[1], 6), NONE)
    with pytest.raises(IllegalAction) as neutral_due:
        RULES.apply(state, 0, PlaceArmies(mine[0], 1), NONE)
    assert neutral_due.value.code == "neutral_due" and "5 neutral armies" in neutral_due.value.message
    with pytest.raises(IllegalAction) as too_many_neutral:
        RULES.apply(state, 0, PlaceNeutral(neutral[0], 6), NONE)
    assert too_many_neutral.value.code == "bad_count"
    state, _ = RULES.apply(state, 0, PlaceNeutral(neutral[0], 3), NONE)
    assert state.current == 0
    state, _ = RULES.apply(state, 0, PlaceNeutral(neutral[1], 2), NONE)
    assert state.current == 1 and state.setup_left == (16, 26) and state.neutral_left == 21
    assert state.armies[BOARD.index(neutral[0])] == 4 and state.armies[BOARD.index(neutral[1])] == 3
    turns = {0: 1, 1: 0}
    neutral_by = {0: 5, 1: 0}
    while state.phase is Phase.SETUP:
        seat = state.current
        turns[seat] += 1
        while state.phase is Phase.SETUP and state.current == seat:
            action = max(RULES.legal(state, seat), key=lambda a: a.armies)
            if isinstance(action, PlaceNeutral):
                neutral_by[seat] += action.armies
            state, _ = RULES.apply(state, seat, action, NONE)
    pairs = list(zip(state.owner, state.armies, strict=True))
    totals = {s: sum(a for o, a in pairs if o == s) for s in (0, 1, NEUTRAL)}
    assert totals == {0: 40, 1: 40, NEUTRAL: 40} and turns == {0: 3, 1: 3} and neutral_by == {0: 13, 1: 13}


def test_two_player_game_without_neutral_is_a_plain_deal():
    state, _ = RULES.setup({"two_player_neutral": False}, 2, SeededRng("two"))
    assert [state.owner.count(s) for s in (0, 1)] == [21, 21] and state.setup_left == (19, 19)


@pytest.mark.parametrize("given", [{"deal": "draft"}, {"setup_batch": 0}, {"fortify": 3}, {"colour": "red"}])
def test_bad_options_are_refused(given):
    with pytest.raises(IllegalAction) as refused:
        RULES.setup(given, 3, SeededRng("x"))
    assert refused.value.code == "bad_option"


@pytest.mark.parametrize("players", [1, 7])
def test_two_to_six_players(players):
    with pytest.raises(IllegalAction):
        RULES.setup({}, players, SeededRng("x"))
