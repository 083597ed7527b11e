"""Weapons development and purchase: the first phase of a turn."""

from __future__ import annotations

from msgspec.structs import replace

from rules.axis_allies.actions import Buy, Research
from rules.axis_allies.combat.raids import research, research_cost
from rules.axis_allies.common import check_counts, counts_text, ipcs_text, may_spend, parse_unit, power_id
from rules.axis_allies.events import UnitsBought
from rules.axis_allies.state import AAState, Phase
from rules.axis_allies.units import UNIT_ORDER, cost
from rules.core.dice import DiceCup
from rules.core.errors import IllegalAction
from rules.core.events import Event
from rules.core.tuples import with_item


def seats_by_power(state: AAState) -> dict[str, int]:
    return {power_id(p): s for p, s in enumerate(state.seat_of)}


def _check_purchase_phase(state: AAState, power: int, what: str) -> None:
    if state.phase is not Phase.PURCHASE:
        raise IllegalAction(
            "not_purchase", f"{what} happens in the purchase phase, at the start of your turn."
        )
    if not may_spend(state, power):
        raise IllegalAction(
            "capital_lost",
            "Your capital is in enemy hands: you have no IPCs to spend until it is liberated "
            "or you take an enemy capital's.",
        )


def do_research(state: AAState, power: int, action: Research, cup: DiceCup, events: list[Event]) -> AAState:
    _check_purchase_phase(state, power, "Weapons development")
    if not state.options.research:
        raise IllegalAction("no_research", "Weapons development is switched off in this game.")
    if state.bought:
        raise IllegalAction("research_first", "Weapons development comes before buying units.")
    if state.researched:
        raise IllegalAction("researched", "You have already rolled for weapons development this turn.")
    price = research_cost(action.dice) if action.dice > 0 else 0
    if action.dice < 1:
        raise IllegalAction("no_research_dice", "Buy at least one research die (5 IPCs each).")
    if price > state.ipcs[power]:
        dice = "research die costs" if action.dice == 1 else "research dice cost"
        raise IllegalAction(
            "cannot_afford",
            f"{action.dice} {dice} {ipcs_text(price)}; you have {ipcs_text(state.ipcs[power])}.",
        )
    state = replace(state, ipcs=with_item(state.ipcs, power, state.ipcs[power] - price), researched=True)
    gained, rolled = research(
        power_id(power),
        action.dice,
        state.techs[power],
        cup,
        seats_by_power(state),
        per_six=state.options.tech_per_six,
    )
    events.extend(rolled)
    if gained:
        techs = tuple(sorted({*state.techs[power], *(t.value for t in gained)}))
        state = replace(state, techs=with_item(state.techs, power, techs))
    return state


def buy(state: AAState, power: int, action: Buy, events: list[Event]) -> AAState:
    _check_purchase_phase(state, power, "Buying units")
    check_counts(action.units)
    techs = state.techs[power]
    wanted: dict[str, int] = dict(state.bought)
    price = 0
    added: dict[str, int] = {}
    for name, n in action.units:
        unit, cargo = parse_unit(name, state.options.optional_units)
        if cargo is not None:
            raise IllegalAction("bad_unit", "Transports are bought empty; name them just “transport”.")
        price += cost(unit, techs) * n
        added[unit] = added.get(unit, 0) + n
        wanted[unit] = wanted.get(unit, 0) + n
    if price > state.ipcs[power]:
        raise IllegalAction(
            "cannot_afford",
            f"{counts_text(tuple(added.items()))} cost {ipcs_text(price)}; "
            f"you have {ipcs_text(state.ipcs[power])}.",
        )
    bought = tuple((u, wanted[u]) for u in UNIT_ORDER if wanted.get(u))
    left = state.ipcs[power] - price
    events.append(
        UnitsBought(power_id(power), tuple((u, added[u]) for u in UNIT_ORDER if u in added), price, left)
    )
    return replace(state, ipcs=with_item(state.ipcs, power, left), bought=bought, researched=True)
