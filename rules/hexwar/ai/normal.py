"""The Hex war AI's level `normal` (``HexWarNormalAI``): easy's player with the round planned by
``navy.NormalPlanner`` (ships, hovercraft, plane strikes, bombardment, defences aimed at the threat)."""

from __future__ import annotations

from rules.hexwar.actions import Order
from rules.hexwar.ai import navy
from rules.hexwar.ai.player import HexWarAI
from rules.hexwar.state import HexState


class HexWarNormalAI(HexWarAI):
    def plan_round(self, state: HexState, seat: int) -> list[Order]:
        return navy.plan(state, seat)
