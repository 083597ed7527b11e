"""Hex war, a house game for 2 to 5 players: a board the players build hex by hex, then rounds of
simultaneous secret orders, revealed and resolved together. ``RULES`` is the engine contract's entry
point; the rules and their tests are listed in ``docs/rules/hexwar.md``."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rules.core.events import Action
from rules.core.options import OptionSpec, OptionValue
from rules.core.ruleset import Result, Rules
from rules.hexwar import absent, engine, text
from rules.hexwar.actions import HexWarAction
from rules.hexwar.events import HexWarEvent
from rules.hexwar.legal import legal_actions
from rules.hexwar.options import OPTIONS, deadline_seconds, make_options, round_clock
from rules.hexwar.state import HexState, Phase
from rules.hexwar.views import view


class HexWarRules(Rules):
    """Orders being written, and where a city is bought, are ``private`` events: their writer's alone
    until the round is revealed (or, for a city, until it stands). Nothing is played out of turn: in a
    round every seat still writing is already waited on, and submitted orders stand until the round
    resolves (``anytime`` stays False)."""

    name = "hexwar"
    title = "Hex war"
    min_seats = 2
    max_seats = 5
    options: Sequence[OptionSpec] = OPTIONS
    state_type = HexState
    action_type: Any = HexWarAction
    event_type: Any = HexWarEvent

    def __init__(self) -> None:
        super().__init__(
            engine=engine,
            make_options=make_options,
            legal=legal_actions,
            view=view,
            describe=text.describe,
            absent_move=absent.absent_move,
        )

    def result(self, state: HexState) -> Result | None:
        if state.phase is not Phase.OVER:
            return None
        return Result(state.winners, state.summary)

    def headline(self, action: Action) -> str | None:
        return text.headline(action)

    def turn_key(self, state: HexState) -> tuple[int, int]:
        """Setup: one key per turn of the seat placing; a round: one key for the whole round."""
        return (state.turn, state.current if state.phase not in (Phase.ORDERS, Phase.OVER) else -1)

    def turn_label(self, state: HexState) -> str:
        if not state.round:
            return f"Setup, turn {state.turn}"
        limit = state.options.rounds  # 0: until one player holds every capital
        return f"Round {state.round} of {limit}" if limit else f"Round {state.round}"

    def turn_seconds(self, state: HexState) -> int | None:
        """The rules time every round (option ``timer``): by post the hours shrink each round down to
        a floor, live the document's own minutes; a setup turn gets the first round's time."""
        if state.phase is Phase.OVER:
            return None
        return deadline_seconds(state.options, max(1, state.round))

    def turn_clock(self, options: Mapping[str, OptionValue]) -> tuple[int, ...]:
        return round_clock(make_options(options))


RULES = HexWarRules()
