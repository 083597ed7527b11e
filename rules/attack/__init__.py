"""Attack! Deluxe, for 2 to 6 players: seasons of actions, battle lines, navy cards, governments and an
original world map. ``RULES`` is the engine contract's entry point; the rules page is
``docs/rules/attack.md``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rules.attack import absent, engine, text
from rules.attack.actions import AttackAction
from rules.attack.events import AttackEvent
from rules.attack.legal import legal_actions
from rules.attack.options import OPTIONS, make_options
from rules.attack.state import AttackState, Stage
from rules.attack.tables import SEASONS, WARS
from rules.attack.views import redact, view
from rules.core.events import Action, Event
from rules.core.options import OptionSpec
from rules.core.ruleset import Result, Rules


class AttackRules(Rules):
    name = "attack"
    title = "Attack!"
    min_seats = 2
    max_seats = 6
    options: Sequence[OptionSpec] = OPTIONS
    state_type = AttackState
    action_type: Any = AttackAction
    event_type: Any = AttackEvent

    def __init__(self) -> None:
        super().__init__(
            engine=engine,
            make_options=make_options,
            legal=legal_actions,
            view=view,
            describe=text.describe,
            absent_move=absent.absent_move,
        )

    def redact(self, event: Event, seat: int | None) -> Event | None:
        return redact(event, seat)

    def result(self, state: AttackState) -> Result | None:
        if state.stage is not Stage.OVER:
            return None
        return Result(state.winners, state.summary)

    def turn_key(self, state: AttackState) -> tuple[int, int]:
        """Changes whenever a new decision is due from someone: the year and season with the position
        in the turn order, the battle's turn or round, and the seat to act."""
        waiting = engine.to_act(state)
        battle = (
            state.army_battle.turn
            if state.army_battle
            else state.navy_battle.round
            if state.navy_battle
            else 0
        )
        step = ((state.year * 4 + state.season) * 8 + state.position) * 1000 + battle
        return (step, waiting[0] if waiting else -1)

    def turn_label(self, state: AttackState) -> str:
        if state.stage in (Stage.GOVERNMENT, Stage.CAPITAL):
            return "Setup"
        return f"Year {state.year} of {WARS[state.options.war]}, {SEASONS[state.season]}"

    def place_name(self, key: str) -> str | None:
        return text.place_name(key)

    def headline(self, action: Action) -> str | None:
        return text.headline(action)

    def answer_off_turn(self, state: AttackState, seat: int) -> Action | None:
        """A defender's battle line or navy line-up in another seat's action: the strongest line."""
        battle = state.army_battle is not None or state.navy_battle is not None
        return absent.absent_move(state, seat) if battle and seat != state.current() else None


RULES = AttackRules()
