"""Battles of an action, fought one after another when it ends: navy battles first (ships must win
the sea before anything else happens there), then army battles in the order they were gathered."""

from __future__ import annotations

from msgspec.structs import replace

from rules.attack.battle import army, navy
from rules.attack.events import ActionEnded
from rules.attack.seasons import next_action
from rules.attack.state import AttackState, Stage
from rules.core.dice import DiceCup
from rules.core.events import Event


def fight_next(state: AttackState, cup: DiceCup, events: list[Event]) -> AttackState:
    """Start battles until one waits for a decision; with none left, the action ends."""
    while state.stage is not Stage.OVER and state.army_battle is None and state.navy_battle is None:
        turn = state.turn
        assert turn is not None
        if turn.navy_assaults:
            first, rest = turn.navy_assaults[0], turn.navy_assaults[1:]
            state = navy.start(replace(state, turn=replace(turn, navy_assaults=rest)), first, cup, events)
        elif turn.assaults:
            first_army, others = turn.assaults[0], turn.assaults[1:]
            state = army.start(replace(state, turn=replace(turn, assaults=others)), first_army, cup, events)
        else:
            events.append(ActionEnded(turn.seat))
            return next_action(state, cup, events)
    return state
