"""How a player makes each Hex war action through Discord: the slash command and its options (every
action ``legal`` offers has one). The conformance suite plays a human seat with it."""

from __future__ import annotations

from bot.game import Making, Slash
from rules.core.events import Action
from rules.hexwar.actions import (
    AimDefence,
    Bombard,
    BuildCity,
    Buy,
    BuyDefence,
    CancelOrder,
    Jump,
    Move,
    PlaceCapital,
    PlaceHex,
    PlaceUnit,
    SubmitOrders,
)


def making(action: Action) -> Making:
    if isinstance(action, PlaceHex):
        return Slash("hex place", {"kind": action.kind, "at": action.at})
    if isinstance(action, PlaceUnit):
        return Slash("hex unit", {"unit": action.unit, "at": action.at})
    if isinstance(action, PlaceCapital):
        return Slash("hex capital", {"at": action.at})
    if isinstance(action, Move):
        options: dict[str, object] = {
            "from": action.source,
            "to": action.target,
            "unit": action.unit,
            "count": action.count,
        }
        if action.cargo:
            options["cargo"] = " ".join(action.cargo)
        return Slash("hex move", options)
    if isinstance(action, Jump):
        return Slash("hex jump", {"from": action.source, "to": action.target, "count": action.count})
    if isinstance(action, Bombard):
        return Slash(
            "hex bombard",
            {"from": action.source, "to": action.target, "unit": action.unit, "count": action.count},
        )
    if isinstance(action, Buy):
        return Slash("hex buy", {"unit": action.unit, "count": action.count, "at": action.at})
    if isinstance(action, BuyDefence):
        options = {"at": action.at, "kind": action.kind}
        if action.aim:
            options["aim"] = action.aim
        return Slash("hex defence", options)
    if isinstance(action, AimDefence):
        return Slash("hex aim", {"at": action.at, "kind": action.kind, "aim": action.aim})
    if isinstance(action, BuildCity):
        return Slash("hex city", {"at": action.at})
    if isinstance(action, CancelOrder):
        return Slash("hex cancel", {"number": action.number})
    if isinstance(action, SubmitOrders):
        return Slash("hex submit", {"hold": True} if action.hold else {})
    raise ValueError(f"no Discord command makes {action!r}")
