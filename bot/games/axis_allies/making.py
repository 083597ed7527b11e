"""How a player makes each Axis & Allies action through Discord: the slash command and its options, or
the next-step button (the order in which allied defenders take casualties is a button). The
conformance suite plays a human seat with it."""

from __future__ import annotations

from bot.game import Click, Making, Slash
from bot.games.axis_allies.units import units_value
from rules.axis_allies import actions as aa
from rules.core.events import Action


def making(action: Action) -> Making:
    if isinstance(action, aa.Buy):
        return Slash("aa buy", {"units": units_value(action.units)})
    if isinstance(action, aa.Research):
        return Slash("aa research", {"dice": action.dice})
    if isinstance(action, aa.Move):
        options: dict[str, object] = {
            "units": units_value(action.units),
            "from": action.path[0],
            "to": action.path[-1],
        }
        if len(action.path) > 2:
            options["via"] = ", ".join(action.path[1:-1])
        if action.bomb:
            options["bomb"] = True
        return Slash("aa move", options)
    if isinstance(action, aa.Battle):
        bombard = {} if action.bombard == -1 else {"bombard": action.bombard}
        return Slash("aa battle", {"territory": action.territory, **bombard})
    if isinstance(action, aa.Casualties):
        return Slash("aa casualties", {"units": units_value(action.units)})
    if isinstance(action, aa.CasualtyOrder) and len(action.powers) == 1:
        return Click("order", action.powers[0])
    if isinstance(action, aa.CasualtyOrder):
        return Slash("aa order", {"powers": ", ".join(action.powers)})
    if isinstance(action, aa.PressOn):
        return Slash("aa press", {})
    if isinstance(action, aa.Retreat):
        return Slash("aa retreat", {"to": action.to})
    if isinstance(action, aa.Submerge):
        return Slash("aa submerge", {"to": action.to} if action.to else {})
    if isinstance(action, aa.Rocket):
        return Slash("aa rocket", {"target": action.target})
    if isinstance(action, aa.Place):
        return Slash("aa place", {"units": units_value(action.units), "territory": action.territory})
    if isinstance(action, aa.EndPhase):
        return Slash("aa end", {})
    raise ValueError(f"no Discord command makes {action!r}")
