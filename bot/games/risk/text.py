"""Risk as typed text, for the terminal client: verbs shaped like the /risk slash commands, read by the
generic parser (``bot/commands.py``): ``place alaska 3``, ``attack alaska kamchatka 3``, ``trade 1 2 3``."""

from __future__ import annotations

from collections.abc import Mapping

from bot.commands import PlainText
from rules.risk.views import RiskView


class RiskText(PlainText):
    verbs: Mapping[str, str] = {
        "place": "PlaceArmies",
        "attack": "Attack",
        "occupy": "Occupy",
        "fortify": "Fortify",
        "trade": "TradeCards",
        "end": "EndPhase",
        "claim": "ClaimTerritory",
        "neutral": "PlaceNeutral",
        "defend": "Defend",
    }
    note = "Places are written as ids without spaces: north_africa, or northafrica."

    def situation(self, view: RiskView) -> str:
        """The phase and the armies still to place: ``attack`` or ``reinforce, 3 to place``."""
        left = f", {view.reinforcements} to place" if view.reinforcements else ""
        return f"{view.phase}{left}"


TEXT = RiskText()
