"""Mobilizing purchased units: where each may be placed and how many a factory produces."""

from __future__ import annotations

from msgspec.structs import replace

from rules.axis_allies.actions import Place
from rules.axis_allies.common import (
    DOMAIN,
    IS_SEA,
    NAMES,
    NEIGHBOURS,
    ORIGINAL_FACTORY,
    ORIGINAL_OWNER,
    PRODUCTION,
    check_counts,
    counts_of,
    enemy_units,
    parse_unit,
    power_id,
    set_units,
    space,
)
from rules.axis_allies.events import UnitsLost, UnitsPlaced
from rules.axis_allies.state import NEW, AAState, Phase, Stack
from rules.axis_allies.units import Domain, unit_words
from rules.core.errors import IllegalAction
from rules.core.events import Event

UNLIMITED = 10**6


def working_factory(state: AAState, power: int, where: int) -> bool:
    """``power`` may produce at ``where``: its factory stood there, under its control, when the turn began."""
    return (
        not IS_SEA[where]
        and state.owner[where] == power
        and bool(state.start_owner)
        and state.start_owner[where] == power
        and any(s.unit == "factory" and s.power == power and not s.flags & NEW for s in state.units[where])
    )


def capacity(state: AAState, power: int, factory: int) -> int:
    """Units the factory may still produce this turn: an original factory of its own power has no limit;
    a captured or new one produces up to its territory's IPC value."""
    if ORIGINAL_FACTORY[factory] and ORIGINAL_OWNER[factory] == power:
        return UNLIMITED
    used = sum(n for f, n in state.placed if f == factory)
    return max(PRODUCTION[factory] - used, 0)


def factories_for(state: AAState, power: int, where: int) -> list[int]:
    """The factories that can produce into ``where`` (itself, or the coast next to a sea zone)."""
    if IS_SEA[where]:
        return [t for t in NEIGHBOURS[where] if working_factory(state, power, t)]
    return [where] if working_factory(state, power, where) else []


def can_place(state: AAState, power: int, unit: str, where: int) -> int:
    """How many ``unit`` may go to ``where`` now (0: none)."""
    if unit == "factory":
        ok = (
            not IS_SEA[where]
            and state.owner[where] == power
            and bool(state.start_owner)
            and state.start_owner[where] == power
            and not any(s.unit == "factory" for s in state.units[where])
        )
        return 1 if ok else 0
    sea = DOMAIN[unit] is Domain.SEA
    if sea != IS_SEA[where]:
        return 0
    if sea and enemy_units(state, where, power):
        return 0
    if unit == "aa_gun" and any(s.unit == "aa_gun" for s in state.units[where]):
        return 0
    rooms = [capacity(state, power, f) for f in factories_for(state, power, where)]
    best = max(rooms, default=0)
    return 1 if unit == "aa_gun" and best else best


def place(state: AAState, power: int, action: Place, events: list[Event]) -> AAState:
    if state.phase is not Phase.MOBILIZE:
        raise IllegalAction(
            "not_mobilize", "New units are placed in the mobilize phase, after the non-combat move."
        )
    check_counts(action.units)
    where = space(action.territory)
    bought = dict(state.bought)
    wanted: dict[str, int] = {}
    for name, n in action.units:
        unit, _cargo = parse_unit(name, state.options.optional_units)
        wanted[unit] = wanted.get(unit, 0) + n
    for unit, n in wanted.items():
        if bought.get(unit, 0) < n:
            raise IllegalAction(
                "not_bought",
                f"You have {unit_words(unit, bought.get(unit, 0))} waiting to be placed, not {n}.",
            )
    factory_units = wanted.pop("factory", 0)
    if factory_units:
        if factory_units > 1 or wanted or not can_place(state, power, "factory", where):
            raise IllegalAction(
                "factory_spot",
                "An industrial complex goes alone into a territory you have held since the turn began "
                "and that has none (one per territory).",
            )
        events.append(UnitsPlaced(power_id(power), NAMES[where], (("factory", 1),)))
        state = set_units(state, where, [*state.units[where], Stack(power, "factory", 1, flags=NEW)])
        return _spend(state, {"factory": 1})
    for unit in wanted:
        sea = DOMAIN[unit] is Domain.SEA
        if sea != IS_SEA[where]:
            kind = "sea zone next to" if sea else "territory with"
            raise IllegalAction(
                "wrong_place", f"{unit.capitalize()} units are placed in a {kind} your factory."
            )
    factories = factories_for(state, power, where)
    if not factories:
        raise IllegalAction(
            "no_factory",
            f"{NAMES[where]} has no industrial complex you have held since the start of your turn"
            + (" next to it." if IS_SEA[where] else "."),
        )
    if IS_SEA[where] and enemy_units(state, where, power):
        raise IllegalAction(
            "hostile_zone", f"New ships cannot be placed in {NAMES[where]} while enemy units are there."
        )
    if wanted.get("aa_gun", 0) > (0 if any(s.unit == "aa_gun" for s in state.units[where]) else 1):
        raise IllegalAction("one_aa_gun", f"A territory holds one AA gun; {NAMES[where]} cannot take more.")
    total = sum(wanted.values())
    factory = max(factories, key=lambda f: (capacity(state, power, f), -f))
    room = capacity(state, power, factory)
    if total > room:
        raise IllegalAction(
            "factory_full",
            f"The industrial complex in {NAMES[factory]} can produce {room} more units this turn "
            f"(a captured or new complex: up to the territory's {PRODUCTION[factory]} IPCs).",
        )
    units = [Stack(power, u, n, flags=NEW) for u, n in wanted.items()]
    events.append(UnitsPlaced(power_id(power), NAMES[where], counts_of(units)))
    state = set_units(state, where, [*state.units[where], *units])
    placed = dict(state.placed)
    placed[factory] = placed.get(factory, 0) + total
    state = replace(state, placed=tuple(sorted(placed.items())))
    return _spend(state, wanted)


def _spend(state: AAState, used: dict[str, int]) -> AAState:
    left = [(u, n - used.get(u, 0)) for u, n in state.bought]
    return replace(state, bought=tuple((u, n) for u, n in left if n > 0))


def placeable(state: AAState, power: int) -> list[tuple[str, int]]:
    """(unit, space) pairs where a waiting unit could go now."""
    found = []
    for unit, _ in state.bought:
        for where in range(len(NAMES)):
            if can_place(state, power, unit, where):
                found.append((unit, where))
    return found


def discard_unplaced(state: AAState, power: int, events: list[Event]) -> AAState:
    if state.bought:
        events.append(UnitsLost(power_id(power), "", state.bought, "no factory could place them"))
    return replace(state, bought=())
