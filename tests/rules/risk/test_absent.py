"""The move made for a player whose deadline passed (``absent_move``): safe answers, no attacks,
reinforcements to the most threatened borders, then the end of the turn."""

from __future__ import annotations

from rules.core.dice import ScriptedRng
from rules.risk import RULES
from rules.risk.absent import absent_move
from rules.risk.actions import Defend, EndPhase, Occupy, PlaceArmies
from rules.risk.state import AwaitDefence, AwaitOccupation, Phase
from tests.rules.risk.position import BOARD, position


def test_reinforcements_go_to_the_border_facing_the_largest_enemy_surplus() -> None:
    # Seat 0 holds Alaska (1) facing Kamchatka (seat 1, 9) and Alberta (5) facing Ontario (seat 2, 4).
    state = position(
        holdings={"alaska": (0, 1), "alberta": (0, 5), "kamchatka": (1, 9), "ontario": (2, 4)},
        rest=(1, 1),
        phase=Phase.REINFORCE,
        reinforcements=10,
    )
    # One at a time to the largest surplus: Alaska (9-1=8) takes 8 first, then the two split.
    assert absent_move(state, 0) == PlaceArmies("alaska", 9)
    after, _ = RULES.apply(state, 0, PlaceArmies("alaska", 9), ScriptedRng([]))
    assert absent_move(after, 0) == PlaceArmies("alberta", 1)


def test_no_attack_is_ever_started_the_phases_just_end() -> None:
    state = position(holdings={"alaska": (0, 30)}, rest=(1, 1), phase=Phase.ATTACK)
    assert absent_move(state, 0) == EndPhase()
    assert absent_move(position(phase=Phase.FORTIFY, rest=(0, 3)), 0) == EndPhase()


def test_pending_questions_get_the_safest_answer() -> None:
    defend = position(
        holdings={"alaska": (1, 5), "kamchatka": (0, 3)},
        current=1,
        pending=AwaitDefence(
            defender=0, source=BOARD.index("alaska"), target=BOARD.index("kamchatka"), dice=3, until=None
        ),
    )
    assert absent_move(defend, 0) == Defend(2)
    occupy = position(pending=AwaitOccupation(source=0, target=1, minimum=3, maximum=7))
    assert absent_move(occupy, 0) == Occupy(3)
