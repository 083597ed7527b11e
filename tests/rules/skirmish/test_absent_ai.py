"""The deadline default (never attacks, answers battle steps sensibly, ends the turn) and the AI (plays
whole games, both sides of every battle)."""

from __future__ import annotations

from rules.core.agents import RandomAgent
from rules.core.conformance import play as play_out
from rules.core.dice import SeededRng
from rules.skirmish import RULES
from rules.skirmish.actions import Attack, Defend, Place, Reinforce
from rules.skirmish.ai import SkirmishAI
from rules.skirmish.state import Phase
from tests.rules.skirmish.position import LEVEL, play, position, troops


def test_the_absent_move_reinforces_then_ends_the_turn_without_attacking():
    state = position(
        players=2,
        holdings={"sable_ford": (0, troops(2)), "millbrook": (0, troops(9)), "elder_fen": (1, troops(6))},
        rest=(1, troops(1)),
        phase=Phase.STANDARD,
    )
    assert RULES.absent_move(state, 0) == Reinforce()
    state, _ = play(state, 0, Reinforce(), dice=[3, 3])
    # The border facing the most enemy units for its own: Sable Ford (2 against 6 + 1 + 1 + 1).
    assert RULES.absent_move(state, 0) == Place("sable_ford", 6)
    rng = SeededRng("absent")
    turn = RULES.turn_key(state)
    for _ in range(20):
        move = RULES.absent_move(state, 0)
        assert not isinstance(move, Attack)
        state, _ = RULES.apply(state, 0, move, rng)
        if RULES.turn_key(state) != turn:
            break
    assert state.current == 1


def test_the_absent_defender_defends_with_everything():
    state = position(
        holdings={LEVEL[0]: (0, troops(4)), LEVEL[1]: (1, troops(5)), "greyhorn": (0, troops(1))}
    )
    state, _ = play(state, 0, Attack(*LEVEL, troops(4)))
    assert RULES.absent_move(state, 1) == Defend(troops(5))


def test_absent_moves_are_legal_at_every_step_of_a_game():
    agents = [SkirmishAI(1), RandomAgent(RULES, 2), SkirmishAI(3)]
    game = play_out(RULES, 3, agents, "absent-sample", max_actions=900)
    rng = SeededRng("absent-check")
    replay_rng = SeededRng("absent-sample")
    state, _ = RULES.setup({}, 3, replay_rng)
    checked = 0
    for step, (seat, action, _) in enumerate(game.log):
        if step % 7 == 0:
            move = RULES.absent_move(state, seat)
            assert not isinstance(move, Attack)
            RULES.apply(state, seat, move, rng)  # raises if the default were illegal
            checked += 1
        state, _ = RULES.apply(state, seat, action, replay_rng)
    assert checked > 100


def test_the_ai_plays_whole_games_for_two_and_five_players():
    for seats in (2, 5):
        game = play_out(RULES, seats, [SkirmishAI(s) for s in range(seats)], f"ai-{seats}")
        assert RULES.result(game.state) is not None


def test_the_ai_beats_the_random_agent():
    wins = 0
    for i in range(4):
        agents = (
            [SkirmishAI(i), RandomAgent(RULES, i)] if i % 2 == 0 else [RandomAgent(RULES, i), SkirmishAI(i)]
        )
        game = play_out(RULES, 2, agents, f"ai-v-random-{i}")
        wins += RULES.result(game.state).winners == (i % 2,)
    assert wins == 4
