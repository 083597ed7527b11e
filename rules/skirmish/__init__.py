"""Skirmish, a house game for 2 to 6 players: two standard actions, exchanges, and battles of skirmishes
on a battle board, played by post. ``RULES`` is the engine contract's entry point; the rules and the
tests covering them are listed in ``docs/rules/skirmish.md``."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rules.core.events import Action, Event
from rules.core.options import OptionSpec, OptionValue
from rules.core.ruleset import Result, Rules
from rules.skirmish import absent, engine, text
from rules.skirmish.actions import SetOrders, SkirmishAction
from rules.skirmish.board import skirmish_map
from rules.skirmish.events import CardDrawn, OrdersSet, SkirmishEvent
from rules.skirmish.legal import legal_actions
from rules.skirmish.options import OPTIONS, make_options
from rules.skirmish.setup import check_start
from rules.skirmish.state import Phase, SkirmishState
from rules.skirmish.views import view


class SkirmishRules(Rules):
    name = "skirmish"
    title = "Skirmish"
    min_seats = 2
    max_seats = 6
    options: Sequence[OptionSpec] = OPTIONS
    state_type = SkirmishState
    action_type: Any = SkirmishAction
    event_type: Any = SkirmishEvent

    def __init__(self) -> None:
        super().__init__(
            engine=engine,
            make_options=make_options,
            legal=legal_actions,
            view=view,
            describe=text.describe,
            absent_move=absent.absent_move,
        )

    def check_seats(self, options: Mapping[str, OptionValue], seats: int) -> None:
        """The lobby's check before the start (``rules.core.options.SeatCheck``): the setup's own."""
        check_start(make_options(options), seats, skirmish_map())

    def redact(self, event: Event, seat: int | None) -> Event | None:
        """What ``seat`` (None: the public) may see of an event while the game runs: another seat's
        drawn card becomes "a card", its standing orders and private dice are not shown at all."""
        if isinstance(event, CardDrawn) and event.seat != seat:
            return CardDrawn(event.seat, None)
        if isinstance(event, OrdersSet) and event.seat != seat:
            return None
        return super().redact(event, seat)

    def result(self, state: SkirmishState) -> Result | None:
        if state.phase is not Phase.OVER or not state.winners:
            return None
        return Result(state.winners, state.summary)

    def turn_key(self, state: SkirmishState) -> tuple[int, int]:
        return (state.turn, state.current)

    def turn_label(self, state: SkirmishState) -> str:
        return f"Round {state.round} of {state.options.round_limit}"

    def answer_off_turn(self, state: SkirmishState, seat: int) -> Action | None:
        """A defender's battle steps (standing orders answer those they cover at once, in the engine):
        the orders' own defaults, as for a seat whose deadline passed."""
        return None if seat == state.current else absent.absent_move(state, seat)

    def anytime(self, action: Action) -> bool:
        """Standing orders may be set whenever, even while another seat is to act (the engine applies an
        order for the step waiting now at once)."""
        return isinstance(action, SetOrders)

    def place_name(self, key: str) -> str | None:
        return text.place_name(key)

    def headline(self, action: Action) -> str | None:
        return text.headline(action)


RULES = SkirmishRules()
