"""The Axis & Allies AI, one module per phase (level ``easy``; ``normal`` composes it with capital
and economic plans): ``player`` (the agent), ``purchase``, ``attack`` (the
combat move) with ``raids`` (strategic bombing), ``moves`` (the non-combat move) and ``survey``
(distances, threats and odds they share).
The AI sits above the rules: it imports the engine, and nothing in the engine imports it."""

from rules.axis_allies.ai.normal import AxisAlliesNormalAI
from rules.axis_allies.ai.player import AxisAlliesAI

__all__ = ["AxisAlliesAI", "AxisAlliesNormalAI"]
