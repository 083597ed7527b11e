"""How a player makes each Risk action through Discord: the slash command and its options (every action
``legal`` offers has one). The conformance suite plays a human seat with it."""

from __future__ import annotations

from bot.game import Making, Slash
from rules.core.events import Action
from rules.risk.actions import (
    Attack,
    ClaimTerritory,
    Defend,
    EndPhase,
    Fortify,
    Occupy,
    PlaceArmies,
    PlaceNeutral,
    TradeCards,
)


def making(action: Action) -> Making:
    if isinstance(action, PlaceArmies):
        return Slash("risk place", {"territory": action.territory, "armies": action.armies})
    if isinstance(action, ClaimTerritory):
        return Slash("risk claim", {"territory": action.territory})
    if isinstance(action, PlaceNeutral):
        return Slash("risk neutral", {"territory": action.territory, "armies": action.armies})
    if isinstance(action, Attack):
        until = "once" if action.until is None else ("conquer" if action.until == 1 else str(action.until))
        options: dict[str, object] = {"from": action.source, "to": action.target, "until": until}
        if action.dice is not None:
            options["dice"] = action.dice
        return Slash("risk attack", options)
    if isinstance(action, Defend):
        return Slash("risk defend", {"dice": action.dice})
    if isinstance(action, Occupy):
        return Slash("risk occupy", {"armies": action.armies})
    if isinstance(action, Fortify):
        return Slash("risk fortify", {"from": action.source, "to": action.target, "armies": action.armies})
    if isinstance(action, TradeCards):
        return Slash("risk trade", {"cards": " ".join(map(str, action.cards))})
    if isinstance(action, EndPhase):
        return Slash("risk end", {})
    raise ValueError(f"no Discord command makes {action!r}")
