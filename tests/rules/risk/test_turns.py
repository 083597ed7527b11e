"""Rule cases for fortifying, the end of a turn, resignation, elimination and victory."""

from __future__ import annotations

import pytest

from rules.core.dice import ScriptedRng
from rules.core.errors import IllegalAction
from rules.risk import RULES
from rules.risk.actions import Attack, Defend, EndPhase, Fortify, Occupy, PlaceArmies, Resign
from rules.risk.events import GameWon, SeatResigned, TurnBegan
from rules.risk.state import NEUTRAL, Phase, RiskOptions, SeatStatus
from tests.rules.risk.position import armies, owner, position

NONE = ScriptedRng([])


def test_fortify_one_move_to_a_neighbour_ends_the_turn():
    state = position(holdings={"ukraine": (0, 9), "scandinavia": (0, 1)}, phase=Phase.FORTIFY)
    new, events = RULES.apply(state, 0, Fortify("ukraine", "scandinavia", 8), NONE)
    assert armies(new, "ukraine") == 1 and armies(new, "scandinavia") == 9
    assert new.current == 1 and new.phase is Phase.REINFORCE and isinstance(events[-1], TurnBegan)


def test_fortify_leaves_one_army_behind():
    state = position(holdings={"ukraine": (0, 9), "scandinavia": (0, 1)}, phase=Phase.FORTIFY)
    with pytest.raises(IllegalAction) as refused:
        RULES.apply(state, 0, Fortify("ukraine", "scandinavia", 9), NONE)
    assert refused.value.code == "bad_count"
    assert refused.value.message == "You can move 1 to 8 armies from Ukraine; one stays behind."


def test_fortify_from_a_lone_army_says_it_must_stay():
    """A newcomer whose attack left one army behind was told "You can move 1 to 0 armies"."""
    state = position(holdings={"ukraine": (0, 1), "scandinavia": (0, 1)}, phase=Phase.FORTIFY)
    with pytest.raises(IllegalAction) as refused:
        RULES.apply(state, 0, Fortify("ukraine", "scandinavia", 1), NONE)
    assert refused.value.message == (
        "Ukraine has only 1 army, which must stay behind: fortify from a territory with more."
    )


def test_classic_fortify_is_to_a_bordering_territory_only():
    holdings = {"ukraine": (0, 9), "scandinavia": (0, 1), "iceland": (0, 1)}
    state = position(holdings=holdings, phase=Phase.FORTIFY)
    with pytest.raises(IllegalAction) as refused:
        RULES.apply(state, 0, Fortify("ukraine", "iceland", 3), NONE)
    assert refused.value.code == "not_adjacent"


def test_connected_fortify_follows_a_chain_of_own_territories():
    holdings = {"ukraine": (0, 9), "scandinavia": (0, 1), "iceland": (0, 1), "greenland": (0, 1)}
    state = position(holdings=holdings, phase=Phase.FORTIFY, options=RiskOptions(fortify="connected"))
    new, _ = RULES.apply(state, 0, Fortify("ukraine", "greenland", 5), NONE)
    assert armies(new, "greenland") == 6
    cut = position(
        holdings={**holdings, "iceland": (1, 1)},
        phase=Phase.FORTIFY,
        options=RiskOptions(fortify="connected"),
    )
    with pytest.raises(IllegalAction) as refused:
        RULES.apply(cut, 0, Fortify("ukraine", "greenland", 5), NONE)
    assert refused.value.code == "not_connected"


def test_fortify_only_between_own_territories():
    state = position(holdings={"ukraine": (0, 9), "ural": (1, 1)}, phase=Phase.FORTIFY)
    with pytest.raises(IllegalAction) as refused:
        RULES.apply(state, 0, Fortify("ukraine", "ural", 2), NONE)
    assert refused.value.code == "not_yours"


def test_no_attacks_once_fortifying():
    state = position(holdings={"ukraine": (0, 9), "ural": (1, 1)}, phase=Phase.FORTIFY)
    with pytest.raises(IllegalAction) as refused:
        RULES.apply(state, 0, Attack("ukraine", "ural", 3), NONE)
    assert refused.value.code == "attack_over"


def test_end_phase_walks_attack_fortify_next_turn():
    state = position(holdings={"ukraine": (0, 9)}, phase=Phase.REINFORCE)
    state, _ = RULES.apply(state, 0, EndPhase(), NONE)
    assert state.phase is Phase.ATTACK
    state, _ = RULES.apply(state, 0, EndPhase(), NONE)
    assert state.phase is Phase.FORTIFY
    state, _ = RULES.apply(state, 0, EndPhase(), NONE)
    assert state.phase is Phase.REINFORCE and state.current == 1 and state.turn == 6


def test_turns_skip_eliminated_seats():
    state = position(
        players=4,
        holdings={"ukraine": (0, 9)},
        rest=(2, 1),
        phase=Phase.FORTIFY,
        status=(SeatStatus.PLAYING, SeatStatus.ELIMINATED, SeatStatus.PLAYING, SeatStatus.PLAYING),
    )
    new, _ = RULES.apply(state, 0, EndPhase(), NONE)
    assert new.current == 2


def test_out_of_turn_moves_are_refused():
    state = position(holdings={"ukraine": (1, 9), "ural": (0, 1)}, current=0)
    with pytest.raises(IllegalAction) as refused:
        RULES.apply(state, 1, Attack("ukraine", "ural", 3), NONE)
    assert refused.value.code == "not_your_turn" and "seat 1" in refused.value.message


def test_resignation_leaves_armies_as_neutral_and_cards_in_the_deck():
    state = position(holdings={"ukraine": (1, 7), "ural": (1, 3)}, hands={1: (0, 9)}, rest=(2, 1), deck=())
    new, events = RULES.apply(state, 1, Resign(), NONE)
    assert SeatResigned(1, 2) in events
    assert owner(new, "ukraine") == NEUTRAL and armies(new, "ukraine") == 7
    assert new.status[1] is SeatStatus.RESIGNED and new.hands[1] == () and new.deck == (0, 9)
    assert new.current == 0, "someone else's turn goes on"
    with pytest.raises(IllegalAction) as gone:
        RULES.apply(new, 1, Resign(), NONE)
    assert gone.value.code == "not_playing"


def test_resigning_on_your_own_turn_passes_it_without_a_card():
    state = position(holdings={"ukraine": (0, 7), "alaska": (2, 1)}, rest=(1, 1), conquered=True)
    new, _ = RULES.apply(state, 0, Resign(), NONE)
    assert new.current == 1 and new.phase is Phase.REINFORCE and new.hands[0] == ()


def test_resigning_with_a_conquest_to_occupy_moves_the_minimum_in_first():
    state = position(holdings={"ukraine": (0, 8), "ural": (1, 1), "alaska": (2, 1)}, rest=(1, 1))
    state, _ = RULES.apply(state, 0, Attack("ukraine", "ural", 3), ScriptedRng([6, 6, 6, 1]))
    new, _ = RULES.apply(state, 0, Resign(), NONE)
    assert armies(new, "ural") == 3 and owner(new, "ural") == NEUTRAL and new.pending is None


def test_the_last_seat_playing_wins():
    state = position(
        players=3,
        holdings={"ukraine": (0, 9), "ural": (1, 1), "alaska": (NEUTRAL, 1)},
        rest=(0, 1),
        status=(SeatStatus.PLAYING, SeatStatus.PLAYING, SeatStatus.RESIGNED),
    )
    new, events = RULES.apply(state, 0, Attack("ukraine", "ural", 3), ScriptedRng([6, 6, 6, 1]))
    assert GameWon(0) in events and new.phase is Phase.OVER and new.winner == 0
    assert RULES.result(new).winners == (0,) and RULES.to_act(new) == ()
    with pytest.raises(IllegalAction) as over:
        RULES.apply(new, 0, EndPhase(), NONE)
    assert over.value.code == "game_over"


def test_holding_all_42_territories_wins():
    state = position(players=2, holdings={"ukraine": (0, 9), "ural": (1, 1)}, rest=(0, 1))
    new, _events = RULES.apply(state, 0, Attack("ukraine", "ural", 3), ScriptedRng([6, 6, 6, 1]))
    assert new.owner == (0,) * 42 and new.winner == 0


def test_two_player_victory_needs_no_neutral_conquered():
    state = position(players=2, holdings={"ukraine": (0, 9), "ural": (1, 1)}, rest=(NEUTRAL, 1))
    new, _ = RULES.apply(state, 0, Attack("ukraine", "ural", 3), ScriptedRng([6, 6, 6, 1]))
    assert new.winner == 0 and new.owner.count(NEUTRAL) == 40


def test_resignation_of_the_last_opponent_ends_the_game():
    state = position(players=2, holdings={"ukraine": (0, 9)}, rest=(1, 1))
    new, events = RULES.apply(state, 1, Resign(), NONE)
    assert new.winner == 0 and GameWon(0) in events


def test_placing_and_occupying_only_when_asked():
    state = position(holdings={"ukraine": (0, 9)})
    with pytest.raises(IllegalAction) as nothing:
        RULES.apply(state, 0, Occupy(3), NONE)
    assert nothing.value.code == "nothing_pending"
    assert str(nothing.value) == "There is nothing to occupy: armies move in right after a conquest."
    with pytest.raises(IllegalAction) as no_attack:
        RULES.apply(state, 0, Defend(1), NONE)
    assert str(no_attack.value) == "There is no attack to defend against now."
    with pytest.raises(IllegalAction) as none_left:
        RULES.apply(state, 0, PlaceArmies("ukraine", 1), NONE)
    assert none_left.value.code == "none_to_place"
