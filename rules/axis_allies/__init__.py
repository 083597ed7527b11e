"""Axis & Allies Classic (2nd edition, spring 1942), for 2 to 5 players. ``RULES`` is the engine
contract's entry point; the board, units and combat live beside the engine in this package."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rules.axis_allies import absent, engine, text
from rules.axis_allies.actions import AAAction
from rules.axis_allies.board import POWER_NAMES, POWERS
from rules.axis_allies.common import power_name
from rules.axis_allies.events import AAEvent
from rules.axis_allies.legal import legal_actions
from rules.axis_allies.options import OPTIONS, make_options
from rules.axis_allies.state import AAState, Phase
from rules.axis_allies.turns import winning_seats
from rules.axis_allies.views import view
from rules.core import summary
from rules.core.events import Action, Event
from rules.core.options import OptionSpec
from rules.core.ruleset import Result, Rules


class AxisAlliesRules(Rules):
    name = "axis_allies"
    title = "Axis & Allies"
    min_seats = 2
    max_seats = 5
    options: Sequence[OptionSpec] = OPTIONS
    state_type = AAState
    action_type: Any = AAAction
    event_type: Any = AAEvent

    def __init__(self) -> None:
        # Axis & Allies hides nothing: every seat (and the public) sees every event but ``private`` ones.
        super().__init__(
            engine=engine,
            make_options=make_options,
            legal=legal_actions,
            view=view,
            describe=text.describe,
            absent_move=absent.absent_move,  # no new attack, the turn moves on
        )

    def result(self, state: AAState) -> Result | None:
        if state.phase is not Phase.OVER or state.winner is None:
            return None
        return Result(winning_seats(state), state.summary)

    def headline(self, action: Action) -> str | None:
        return text.headline(action)

    def turn_key(self, state: AAState) -> tuple[int, int]:
        return (state.turn, state.power)

    def turn_label(self, state: AAState) -> str:
        return f"Round {state.round}, {power_name(state.power)}"

    def summarise(self, events: Sequence[Event], names: Sequence[str]) -> list[str]:
        """The turn so far and since a player's last turn, told by power ("Germany … captured Karelia
        S.S.R. from USSR."): the log's sentences start with the power, not the player, who may command
        three of them."""
        return summary.generic(self, events, names, actors=tuple(POWER_NAMES.values()))

    def actors_of(self, state: AAState, seat: int) -> tuple[str, ...]:
        """The powers a seat commands: its own lines start with them, not with the player's name."""
        return tuple(POWER_NAMES[p] for p, s in zip(POWERS, state.seat_of, strict=True) if s == seat)

    def answer_off_turn(self, state: AAState, seat: int) -> Action | None:
        """A defender's decisions in another power's battle: the cheapest casualties, as TripleA's."""
        return None if seat == state.seat_of[state.power] else absent.absent_move(state, seat)


RULES = AxisAlliesRules()
