"""Classic Risk (1993 rules), for 2 to 6 players. ``RULES`` is the engine contract's entry point."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rules.core.dice import Rng
from rules.core.events import Action, Event
from rules.core.options import OptionSpec, OptionValue
from rules.core.ruleset import Result
from rules.risk import absent, engine, legal, text
from rules.risk.actions import RiskAction
from rules.risk.events import CardDrawn, CardsCaptured, RiskEvent
from rules.risk.options import OPTIONS, make_options
from rules.risk.state import Phase, RiskState
from rules.risk.views import RiskView, view


class RiskRules:
    name = "risk"
    title = "Risk"
    min_seats = 2
    max_seats = 6
    options: Sequence[OptionSpec] = OPTIONS
    state_type = RiskState
    action_type: Any = RiskAction
    event_type: Any = RiskEvent

    def setup(
        self, options: Mapping[str, OptionValue], seats: int, rng: Rng
    ) -> tuple[RiskState, list[Event]]:
        return engine.new_game(make_options(options), seats, rng)

    def apply(self, state: RiskState, seat: int, action: Action, rng: Rng) -> tuple[RiskState, list[Event]]:
        return engine.apply(state, seat, action, rng)

    def legal(self, state: RiskState, seat: int) -> list[Action]:
        return legal.legal_actions(state, seat)

    def to_act(self, state: RiskState) -> tuple[int, ...]:
        return engine.to_act(state)

    def view(self, state: RiskState, seat: int | None) -> RiskView:
        return view(state, seat)

    def redact(self, event: Event, seat: int | None) -> Event | None:
        """What ``seat`` (None: the public) may see of an event while the game runs."""
        if isinstance(event, CardDrawn) and event.seat != seat:
            return CardDrawn(event.seat, None)
        if isinstance(event, CardsCaptured) and seat not in (event.seat, event.victim):
            return CardsCaptured(event.seat, event.victim, (), event.count)
        if getattr(event, "private", False) and getattr(event, "seat", None) != seat:
            return None
        return event

    def result(self, state: RiskState) -> Result | None:
        if state.phase is not Phase.OVER or state.winner is None:
            return None
        return Result((state.winner,), f"Seat {state.winner + 1} conquered the world.")

    def describe(self, event: Event, names: Sequence[str]) -> str | None:
        return text.describe(event, names)

    def rolls(self, state: RiskState) -> int:
        return state.rolls

    def turn_key(self, state: RiskState) -> tuple[int, int]:
        return (state.turn, state.current)

    def turn_label(self, state: RiskState) -> str:
        return f"Turn {state.turn}" if state.turn else "Setup"

    def absent_move(self, state: RiskState, seat: int) -> Action:
        return absent.absent_move(state, seat)

    def answer_off_turn(self, state: RiskState, seat: int) -> Action | None:
        """The defender's dice (``defender_dice choose``): as many as may be rolled."""
        return None if seat == state.current else absent.absent_move(state, seat)

    def turn_seconds(self, state: RiskState) -> int | None:
        return None  # every turn takes the game's deadline setting

    def anytime(self, action: Action) -> bool:
        return False  # every move is made when the game waits on its seat


RULES = RiskRules()
