"""Risk's AIs by level: ``easy`` (``player.py``) and ``normal`` (``normal.py``, easy's player with exact
odds, one continent at a time and eliminations for cards)."""

from rules.risk.ai.normal import RiskNormalAI
from rules.risk.ai.player import RiskAI

__all__ = ["RiskAI", "RiskNormalAI"]
