"""Axis & Allies Classic (2nd edition, spring 1942), for 2 to 5 players. ``RULES`` is the engine
contract's entry point; the board, units and combat live beside the engine in this package."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rules.axis_allies import absent, engine, text
from rules.axis_allies.actions import AAAction
from rules.axis_allies.common import power_name
from rules.axis_allies.events import AAEvent
from rules.axis_allies.legal import legal_actions
from rules.axis_allies.options import OPTIONS, make_options
from rules.axis_allies.state import AAState, Phase
from rules.axis_allies.turns import winning_seats
from rules.axis_allies.views import AAView, view
from rules.core.dice import Rng
from rules.core.events import Action, Event
from rules.core.options import OptionSpec, OptionValue
from rules.core.ruleset import Result


class AxisAlliesRules:
    name = "axis_allies"
    title = "Axis & Allies"
    min_seats = 2
    max_seats = 5
    options: Sequence[OptionSpec] = OPTIONS
    state_type = AAState
    action_type: Any = AAAction
    event_type: Any = AAEvent

    def setup(self, options: Mapping[str, OptionValue], seats: int, rng: Rng) -> tuple[AAState, list[Event]]:
        return engine.new_game(make_options(options), seats, rng)

    def apply(self, state: AAState, seat: int, action: Action, rng: Rng) -> tuple[AAState, list[Event]]:
        return engine.apply(state, seat, action, rng)

    def legal(self, state: AAState, seat: int) -> list[Action]:
        return legal_actions(state, seat)

    def to_act(self, state: AAState) -> tuple[int, ...]:
        return engine.to_act(state)

    def view(self, state: AAState, seat: int | None) -> AAView:
        return view(state, seat)

    def redact(self, event: Event, seat: int | None) -> Event | None:
        """Axis & Allies hides nothing: every seat (and the public) sees every event."""
        if getattr(event, "private", False) and getattr(event, "seat", None) != seat:
            return None
        return event

    def result(self, state: AAState) -> Result | None:
        if state.phase is not Phase.OVER or state.winner is None:
            return None
        return Result(winning_seats(state), state.summary)

    def describe(self, event: Event, names: Sequence[str]) -> str | None:
        return text.describe(event, names)

    def rolls(self, state: AAState) -> int:
        return state.rolls

    def turn_key(self, state: AAState) -> tuple[int, int]:
        return (state.turn, state.power)

    def turn_label(self, state: AAState) -> str:
        return f"Round {state.round}, {power_name(state.power)}"

    def absent_move(self, state: AAState, seat: int) -> Action:
        """A safe move for a seat whose deadline passed: no new attack, the turn moves on."""
        return absent.absent_move(state, seat)

    def answer_off_turn(self, state: AAState, seat: int) -> Action | None:
        """A defender's decisions in another power's battle: the cheapest casualties, as TripleA's."""
        return None if seat == state.seat_of[state.power] else absent.absent_move(state, seat)

    def turn_seconds(self, state: AAState) -> int | None:
        return None  # every turn takes the game's deadline setting

    def anytime(self, action: Action) -> bool:
        return False  # every move is made when the game waits on its seat


RULES = AxisAlliesRules()
