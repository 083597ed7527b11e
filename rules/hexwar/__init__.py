"""Hex war, a house game for 2 to 5 players: a board the players build hex by hex, then rounds of
simultaneous secret orders, revealed and resolved together. ``RULES`` is the engine contract's entry
point; the rules and their tests are listed in ``docs/rules/hexwar.md``."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rules.core.dice import Rng
from rules.core.events import Action, Event
from rules.core.options import OptionSpec, OptionValue
from rules.core.ruleset import Result
from rules.hexwar import absent, engine, text
from rules.hexwar.actions import HexWarAction
from rules.hexwar.events import HexWarEvent
from rules.hexwar.legal import legal_actions
from rules.hexwar.options import OPTIONS, deadline_seconds, make_options
from rules.hexwar.state import HexState, Phase
from rules.hexwar.views import HexWarView, view


class HexWarRules:
    name = "hexwar"
    title = "Hex war"
    min_seats = 2
    max_seats = 5
    options: Sequence[OptionSpec] = OPTIONS
    state_type = HexState
    action_type: Any = HexWarAction
    event_type: Any = HexWarEvent

    def setup(self, options: Mapping[str, OptionValue], seats: int, rng: Rng) -> tuple[HexState, list[Event]]:
        return engine.new_game(make_options(options), seats, rng)

    def apply(self, state: HexState, seat: int, action: Action, rng: Rng) -> tuple[HexState, list[Event]]:
        return engine.apply(state, seat, action, rng)

    def legal(self, state: HexState, seat: int) -> list[Action]:
        return legal_actions(state, seat)

    def to_act(self, state: HexState) -> tuple[int, ...]:
        return engine.to_act(state)

    def view(self, state: HexState, seat: int | None) -> HexWarView:
        return view(state, seat)

    def redact(self, event: Event, seat: int | None) -> Event | None:
        """Orders being written, and where a city is bought, belong to their writer alone until the
        round is revealed (or, for a city, until it stands); everything else is public."""
        if getattr(event, "private", False) and getattr(event, "seat", None) != seat:
            return None
        return event

    def result(self, state: HexState) -> Result | None:
        if state.phase is not Phase.OVER:
            return None
        return Result(state.winners, state.summary)

    def describe(self, event: Event, names: Sequence[str]) -> str | None:
        return text.describe(event, names)

    def rolls(self, state: HexState) -> int:
        return state.rolls

    def turn_key(self, state: HexState) -> tuple[int, int]:
        """Setup: one key per turn of the seat placing; a round: one key for the whole round."""
        return (state.turn, state.current if state.phase not in (Phase.ORDERS, Phase.OVER) else -1)

    def turn_label(self, state: HexState) -> str:
        if not state.round:
            return f"Setup, turn {state.turn}"
        limit = state.options.rounds  # 0: until one player holds every capital
        return f"Round {state.round} of {limit}" if limit else f"Round {state.round}"

    def absent_move(self, state: HexState, seat: int) -> Action:
        return absent.absent_move(state, seat)

    def answer_off_turn(self, state: HexState, seat: int) -> Action | None:
        return None  # setup turns are each seat's own, and every seat writes a round's orders at once

    def turn_seconds(self, state: HexState) -> int | None:
        """The rules time every round (option ``timer``): by post the hours shrink each round down to
        a floor, live the document's own minutes; a setup turn gets the first round's time."""
        if state.phase is Phase.OVER:
            return None
        return deadline_seconds(state.options, max(1, state.round))

    def anytime(self, action: Action) -> bool:
        """Nothing is played out of turn: in a round every seat still writing is already waited on, and
        submitted orders stand until the round resolves."""
        return False


RULES = HexWarRules()
