"""The Hex war AI: plays any seat legally from the first hex to the end of the game.

Setup placements come from ``ai.placement``; a round's orders from ``ai.plan``, which plans the whole
round at once from the board as it began. The AI is stateless as far as the game goes (the same state
and seed give the same action, so it can take over a seat at any moment): it writes the planned orders
one action at a time, taking back first any orders it did not plan itself, then submits. The plan is
cached per round only to save time.
"""

from __future__ import annotations

import random

from rules.core.events import Action
from rules.hexwar.actions import CancelOrder, Order, SubmitOrders
from rules.hexwar.ai.placement import place_capital, place_hex, place_unit
from rules.hexwar.ai.plan import plan
from rules.hexwar.state import HexState, Phase

__all__ = ["HexWarAI"]


class HexWarAI:
    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self._plans: dict[tuple[int, int], list[Order]] = {}

    def choose(self, state: HexState, seat: int) -> Action:
        rng = random.Random(f"hexwar-setup-{self.seed}-{state.turn}-{seat}")
        if state.phase is Phase.HEXES:
            return place_hex(state, seat, rng)
        if state.phase is Phase.UNITS:
            return place_unit(state, seat, rng)
        if state.phase is Phase.CAPITALS:
            return place_capital(state, seat, rng)
        key = (state.turn, seat)
        if key not in self._plans:
            self._plans = {key: self.plan_round(state, seat)}  # one round at a time is all it needs
        planned = self._plans[key]
        written = list(state.orders[seat])
        if written != planned[: len(written)]:
            return CancelOrder(len(written))
        if len(written) < len(planned):
            return planned[len(written)]
        return SubmitOrders()

    def plan_round(self, state: HexState, seat: int) -> list[Order]:
        """The round's orders (a stronger level plans its own)."""
        return plan(state, seat)
