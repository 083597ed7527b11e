"""Setup for 2 to 6 players, elimination, victory, the round limit and resignation."""

from __future__ import annotations

import pytest
from msgspec.structs import replace

from bot.games.skirmish import GAME
from rules.core.dice import SeededRng
from rules.core.errors import IllegalAction
from rules.skirmish import RULES
from rules.skirmish.actions import Attack, Defend, EndPhase, Occupy, Resign
from rules.skirmish.events import GameWon, SeatEliminated, SeatResigned
from rules.skirmish.options import make_options
from rules.skirmish.pieces import pieces
from rules.skirmish.state import Phase, SeatStatus, SkirmishOptions
from tests.rules.skirmish.position import BOARD, of_type, play, position, troops

SUPPLY = pieces().supply()


@pytest.mark.parametrize(("players", "each"), [(2, (16, 17)), (3, (11, 11, 11)), (6, (5, 5, 5, 6, 6, 6))])
def test_every_territory_is_dealt_the_leftovers_to_the_seats_moving_last(players, each):
    state, _ = RULES.setup({}, players, SeededRng("setup"))
    assert tuple(state.owner.count(s) for s in range(players)) == each
    assert all(u == troops(3) for u in state.units)
    for seat in range(players):
        assert state.garrison[seat] == SUPPLY.minus(troops(3 * each[seat]))
    assert state.current == 0 and state.phase is Phase.STANDARD and state.round == 1 and state.turn == 1
    assert state.deck == tuple(range(26)) and all(h == () for h in state.hands)


def test_two_to_six_players_and_typed_options():
    for players in (1, 7):
        with pytest.raises(IllegalAction) as refused:
            RULES.setup({}, players, SeededRng("x"))
        assert refused.value.code == "bad_seats"
    state, _ = RULES.setup({"start_troops": 2, "round_limit": 5}, 4, SeededRng("x"))
    assert state.options == SkirmishOptions(round_limit=5, start_troops=2) and state.units[0] == troops(2)
    with pytest.raises(IllegalAction):
        RULES.setup({"start_troops": 9}, 4, SeededRng("x"))


def test_a_player_with_no_territory_is_out_and_the_last_one_standing_wins():
    last = position(
        players=2, holdings={"sable_ford": (0, troops(4)), "millbrook": (1, troops(1))}, rest=(0, troops(1))
    )
    after, _ = play(last, 0, Attack("sable_ford", "millbrook", troops(3)))
    after, _ = play(after, 1, Defend(troops(1)), dice=[6, 6, 6] + [3])
    after, events = play(after, 0, Occupy(troops(1)))
    assert of_type(events, SeatEliminated)[0].seat == 1 and after.status[1] is SeatStatus.ELIMINATED
    assert RULES.result(after).winners == (0,) and of_type(events, GameWon)


def test_the_victory_share_wins_when_held_at_the_start_of_ones_own_turn():
    share = SkirmishOptions(victory_share=60)
    held = {BOARD.ids[i]: (0, troops(1)) for i in range(20)}  # 20 of 33 = 60%
    state = position(
        players=2, holdings=held, rest=(1, troops(1)), current=1, phase=Phase.MOVE, options=share
    )
    after, events = play(state, 1, EndPhase())
    (won,) = of_type(events, GameWon)
    assert won.winners == (0,) and "20 of 33" in won.summary and after.phase is Phase.OVER
    state = position(
        players=2, holdings=held, rest=(1, troops(1)), current=0, phase=Phase.MOVE, options=share
    )
    after, _ = play(state, 0, EndPhase())  # at the end of its own turn it is not yet a win
    assert after.phase is Phase.STANDARD and after.current == 1


def test_at_the_round_limit_the_most_territories_after_ones_own_last_turn_win():
    limit = SkirmishOptions(round_limit=3, victory_share=100)
    ten = {BOARD.ids[i]: (0, troops(1)) for i in range(10)}
    state = position(players=2, holdings=ten, rest=(1, troops(1)), current=1, phase=Phase.MOVE, options=limit)
    # Seat 0 ended its own last turn holding 25; seat 1 took 15 back and ends the round holding 23.
    state = replace(state, round=3, held_after_turn=(25, 0))
    after, events = play(state, 1, EndPhase())
    assert of_type(events, GameWon)[0].winners == (0,) and "After 3 rounds" in after.summary
    tied = replace(state, held_after_turn=(23, 0))
    _, events = play(tied, 1, EndPhase())
    assert of_type(events, GameWon)[0].winners == (1,)  # 23 each: more exchange value on the map now
    assert after.value_after_turn == ()  # recorded only with the option below


def test_with_value_at_turn_end_a_tie_goes_to_the_value_held_after_ones_own_last_turn():
    """Option ``value_at_turn_end``: seat 0 ended its last turn with 23 territories worth 30; seat 1 then
    took 13 of them back (seat 0 holds 10 troops now, worth 10) and ends the game with 23 worth 23. On the
    value now seat 1 would win; on the value at the end of each one's own last turn, seat 0 (30 to 23).
    Worth 20 then, seat 0 loses it; worth 23, the win is shared."""
    limit = SkirmishOptions(round_limit=3, victory_share=100, value_at_turn_end=1)
    ten = {BOARD.ids[i]: (0, troops(1)) for i in range(10)}
    state = position(players=2, holdings=ten, rest=(1, troops(1)), current=1, phase=Phase.MOVE, options=limit)
    for then, winners in ((30, (0,)), (20, (1,)), (23, (0, 1))):
        tied = replace(state, round=3, held_after_turn=(23, 0), value_after_turn=(then, 0))
        after, events = play(tied, 1, EndPhase())
        assert of_type(events, GameWon)[0].winners == winners, then
        assert after.value_after_turn == (then, 23)
    assert make_options(GAME.post_defaults).value_at_turn_end == 1  # new games by post start with it


def test_resigning_empties_the_seats_territories_and_passes_its_turn():
    state = position(
        players=3, holdings={"sable_ford": (0, troops(3)), "millbrook": (1, troops(2))}, rest=(2, troops(1))
    )
    after, events = play(state, 0, Resign())
    assert of_type(events, SeatResigned)[0].territories == 1
    assert after.status[0] is SeatStatus.RESIGNED and after.owner[BOARD.index("sable_ford")] == -1
    assert after.garrison[0] == SUPPLY and after.current == 1
