"""The Hex war AI's level `normal` (``HexWarNormalAI``): easy's player with the round planned by
``doctrine.plan`` (ships, hovercraft, plane strikes, bombardment, defences aimed at the threat, an all-out
attack on a capital it can take).

Its setup is easy's, which already draws from the agent's seed (different seeds build different
boards: 86% of cells differ between two seeds' 3-player boards). Drawing instead among the hexes and
places scoring within 1 of the best (and 0.3 for units) varied nothing more that mattered and cost it
10 to 17 points of its share of 2-player games against easy (150 games each), so it was left out.
"""

from __future__ import annotations

from rules.hexwar.actions import Order
from rules.hexwar.ai import doctrine
from rules.hexwar.ai.player import HexWarAI
from rules.hexwar.state import HexState


class HexWarNormalAI(HexWarAI):
    def plan_round(self, state: HexState, seat: int) -> list[Order]:
        return doctrine.plan(state, seat)
