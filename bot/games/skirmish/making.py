"""How a player makes each Skirmish action through Discord: the /sk command and its options. Every action
``legal`` offers (and every one the AI makes) has one, with its values written out, so the conformance
suite can play a human seat with it."""

from __future__ import annotations

from bot.game import Making, Slash
from bot.games.skirmish.units import numbers_text, units_text
from rules.core.events import Action
from rules.skirmish import actions as sk


def making(action: Action) -> Making:
    simple = {
        sk.Reinforce: "sk reinforce",
        sk.DrawCard: "sk draw",
        sk.Pass: "sk pass",
        sk.EndPhase: "sk end",
    }
    if type(action) in simple:
        return Slash(simple[type(action)], {})
    if isinstance(action, sk.ExtraMove | sk.ExtraExchange):
        return Slash("sk extra", {"what": "move" if isinstance(action, sk.ExtraMove) else "exchange"})
    if isinstance(action, sk.Place):
        return Slash("sk place", {"territory": action.territory, "troops": action.troops})
    if isinstance(action, sk.Exchange):
        options = {"territory": action.territory, "give": units_text(action.give), "get": action.get}
        return Slash("sk exchange", options)
    if isinstance(action, sk.Attack):
        attack: dict[str, object] = {"from": action.source, "to": action.target}
        if action.units is not None:  # else the engine's default: the strongest ten
            attack["units"] = units_text(action.units)
        if action.dice is not None:
            attack["dice"] = action.dice
        if action.counters is not None:
            attack["counters"] = action.counters
        return Slash("sk attack", attack)
    if isinstance(action, sk.Defend):
        defend: dict[str, object] = {"units": units_text(action.units)}
        if action.dice is not None:
            defend["dice"] = action.dice
        if action.counters is not None:
            defend["counters"] = action.counters
        return Slash("sk defend", defend)
    if isinstance(action, sk.TakeLosses):
        fields = {"units": action.units, "traded": action.traded, "territory": action.territory}
        return Slash(
            "sk losses", {k: units_text(v) for k, v in fields.items() if v.total} or {"units": "none"}
        )
    if isinstance(action, sk.AssignDice):
        assign: dict[str, object] = {"against": numbers_text(action.against)}
        if action.territory.total:
            assign["territory"] = units_text(action.territory)
        return Slash("sk skirmishes", assign)
    if isinstance(action, sk.AssignExtra):
        return Slash("sk extradice", {"to": numbers_text(action.to)})
    if isinstance(action, sk.PlaceCounter):
        return Slash("sk counter", {"skirmish": action.skirmish, "count": action.counters})
    if isinstance(action, sk.PlayCard):
        card: dict[str, object] = {"card": str(action.card)}
        if action.skirmish is not None:
            card["skirmish"] = action.skirmish
        if action.territory is not None:
            card["territory"] = action.territory
        return Slash("sk card", card)
    if isinstance(action, sk.OrderSkirmishes):
        return Slash("sk order", {"order": numbers_text(action.order)})
    if isinstance(action, sk.Occupy):
        return Slash("sk occupy", {"units": units_text(action.units)})
    if isinstance(action, sk.Move):
        return Slash(
            "sk move", {"from": action.source, "to": action.target, "units": units_text(action.units)}
        )
    if isinstance(action, sk.Discard):
        return Slash("sk discard", {"card": str(action.card)})
    if isinstance(action, sk.SetOrders):
        orders = {f: getattr(action.orders, f) for f in ("defend", "losses", "assign", "order", "occupy")}
        made: dict[str, object] = {k: v for k, v in orders.items() if v is not None}
        if action.orders.cards_from is not None:
            made["cards_from"] = action.orders.cards_from
        return Slash("sk orders", made)
    raise ValueError(f"no Discord command makes {action!r}")
