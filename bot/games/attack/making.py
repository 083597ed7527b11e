"""How a player makes each Attack! action through Discord: the slash command and its options (every
action ``legal`` offers has one). The conformance suite plays a human seat with it."""

from __future__ import annotations

from bot.game import Making, Slash
from bot.games.attack.units import ships_value, troops_value
from rules.attack import actions as atk
from rules.core.events import Action


def _with_card(options: dict[str, object], card: int | None) -> dict[str, object]:
    if card is not None:
        options["card"] = str(card)
    return options


def making(action: Action) -> Making:
    if isinstance(action, atk.ChooseGovernment):
        return Slash("atk government", {"government": action.government, "economics": action.economics})
    if isinstance(action, atk.PlaceCapital):
        options: dict[str, object] = {"region": action.region}
        if action.outposts:
            options["outposts"] = ", ".join(action.outposts)
        return Slash("atk capital", options)
    if isinstance(action, atk.ChooseDirection):
        return Slash("atk direction", {"way": "clockwise" if action.clockwise else "counterclockwise"})
    if isinstance(action, atk.Begin):
        options = {"target": action.target} if action.action == "blitz" and action.target else {}
        if action.first is not None:  # the first step's options on the same command (a Blitz's "to" is
            step = making(action.first)  # its target, already given)
            assert isinstance(step, Slash)
            options |= {k: v for k, v in step.options.items() if not (action.action == "blitz" and k == "to")}
        return Slash(f"atk {action.action}", _with_card(options, action.card))
    if isinstance(action, atk.Negotiate):
        return Slash(
            "atk negotiate", _with_card({"region": action.region} if action.region else {}, action.card)
        )
    if isinstance(action, atk.Research):
        options = {
            "suit": action.suit,
            "region": action.region,
            "units": troops_value(action.army),
            "ships": ships_value(action.navy),
        }
        return Slash("atk research", _with_card(options, action.card))
    if isinstance(action, atk.Burn):
        return Slash("atk burn", {"oil_marker": action.oil_marker} if action.oil_marker else {})
    if isinstance(action, atk.Pass):
        return Slash("atk pass", {})
    if isinstance(action, atk.March):
        return Slash(
            "atk march", {"from": action.source, "to": action.target, "units": troops_value(action.army)}
        )
    if isinstance(action, atk.Sail):
        options = {"from": action.source, "to": action.target, "ships": ships_value(action.ships)}
        options["army"] = troops_value(action.army)
        return Slash("atk navigate", options)
    if isinstance(action, atk.Buy):
        units = ", ".join(v for v in (troops_value(action.army), ships_value(action.navy)) if v != "none")
        return Slash("atk build", {"region": action.region, "units": units})
    if isinstance(action, atk.EndAction):
        return Slash("atk end", {})
    if isinstance(action, atk.Deploy):
        return Slash("atk deploy", {"units": troops_value(action.army)})
    if isinstance(action, atk.LineUp):
        return Slash("atk lineup", {"ships": ", ".join(action.ships)})
    if isinstance(action, atk.Retreat):
        return Slash("atk retreat", {})
    if isinstance(action, atk.FightOn):
        return Slash("atk fight", {})
    raise ValueError(f"no Discord command makes {action!r}")
