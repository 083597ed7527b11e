"""Classic Risk (1993 rules), for 2 to 6 players. ``RULES`` is the engine contract's entry point."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rules.core.events import Action, Event
from rules.core.options import OptionSpec
from rules.core.ruleset import Result, Rules
from rules.risk import absent, engine, legal, text
from rules.risk.actions import RiskAction
from rules.risk.events import CardDrawn, CardsCaptured, RiskEvent
from rules.risk.options import OPTIONS, make_options
from rules.risk.state import Phase, RiskState
from rules.risk.views import view


class RiskRules(Rules):
    name = "risk"
    title = "Risk"
    min_seats = 2
    max_seats = 6
    options: Sequence[OptionSpec] = OPTIONS
    state_type = RiskState
    action_type: Any = RiskAction
    event_type: Any = RiskEvent

    def __init__(self) -> None:
        super().__init__(
            engine=engine,
            make_options=make_options,
            legal=legal.legal_actions,
            view=view,
            describe=text.describe,
            absent_move=absent.absent_move,
        )

    def redact(self, event: Event, seat: int | None) -> Event | None:
        """Another seat's drawn card is "a card", cards captured are counted for everyone else, and
        ``private`` events are their seat's alone."""
        if isinstance(event, CardDrawn) and event.seat != seat:
            return CardDrawn(event.seat, None)
        if isinstance(event, CardsCaptured) and seat not in (event.seat, event.victim):
            return CardsCaptured(event.seat, event.victim, (), event.count)
        return super().redact(event, seat)

    def result(self, state: RiskState) -> Result | None:
        if state.phase is not Phase.OVER or state.winner is None:
            return None
        return Result((state.winner,), f"Seat {state.winner + 1} conquered the world.")

    def turn_key(self, state: RiskState) -> tuple[int, int]:
        return (state.turn, state.current)

    def turn_label(self, state: RiskState) -> str:
        return f"Turn {state.turn}" if state.turn else "Setup"

    def place_name(self, key: str) -> str | None:
        return text.place_name(key)

    def headline(self, action: Action) -> str | None:
        return text.headline(action)

    def answer_off_turn(self, state: RiskState, seat: int) -> Action | None:
        """The defender's dice (``defender_dice choose``): as many as may be rolled."""
        return None if seat == state.current else absent.absent_move(state, seat)


RULES = RiskRules()
