"""Agents that pick a move: the random legal-move agent every ruleset is tested with."""

from __future__ import annotations

import random
from typing import Any, Protocol

from rules.core.events import Action
from rules.core.ruleset import Ruleset


class Agent(Protocol):
    def choose(self, state: Any, seat: int) -> Action: ...


class RandomAgent:
    """Picks uniformly among ``legal`` moves, from its own seeded generator (never the game's dice)."""

    def __init__(self, rules: Ruleset, seed: int = 0) -> None:
        self._rules = rules
        self._random = random.Random(seed)

    def choose(self, state: Any, seat: int) -> Action:
        options = self._rules.legal(state, seat)
        if not options:
            raise ValueError(f"seat {seat} has no legal move")
        return self._random.choice(options)
