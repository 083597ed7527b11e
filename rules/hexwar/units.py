"""The unit table of the rule document, with its notes turned into numbers and flags.

Ids are the document's own abbreviations (``inf``, ``jt``, ``hov``, ``tank``, ``plane``, ``frig``,
``batt``), so a player types what the table says. ``attack`` is the value a die must roll at or under
to hit (a d10 by default, option ``die``); a unit fights with the same value whether it entered the hex
or was there (design: the table has one value per unit, and in a simultaneous round nobody "attacks"
first). ``land`` and ``water`` are the attack priorities: a hit scored by this unit removes a unit of
the first type on the list that the side it fires at still has (design).
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.core.errors import IllegalAction
from rules.core.names import did_you_mean, normalise

INF, JT, HOV, TANK, PLANE, FRIG, BATT = "inf", "jt", "hov", "tank", "plane", "frig", "batt"
ORDER = (INF, JT, HOV, TANK, PLANE, FRIG, BATT)  # the table's order: canonical order everywhere
GROUND = (INF, JT, TANK)  # move only over land
SHIPS = (FRIG, BATT)  # move only over water, bought only from port cities
CAPTURERS = (INF, JT, HOV, TANK)  # units that take territory (planes may not)
WATER_BASED = (HOV, FRIG, BATT)  # units whose presence in a water zone controls it


@dataclass(frozen=True, slots=True)
class UnitType:
    id: str
    name: str
    plural: str
    attack: int
    move: int
    cost: int
    land: tuple[str, ...]  # attack priority in a land battle (empty: never fights on land)
    water: tuple[str, ...] = ()  # attack priority in a water battle
    bombard: int = 0  # attack value when bombarding a shore hex (ships)
    bombard_priority: tuple[str, ...] = ()
    hits: int = 1  # hits it takes to destroy (battleships 2)


UNITS = {
    INF: UnitType(INF, "infantry", "infantry", 2, 1, 4, (INF, JT, HOV, TANK, PLANE)),
    JT: UnitType(JT, "jump troop", "jump troops", 2, 1, 6, (JT, PLANE, INF, HOV, TANK)),
    HOV: UnitType(
        HOV, "hovercraft", "hovercraft", 2, 3, 6, (HOV, INF, JT, PLANE, TANK), (HOV, FRIG, BATT, PLANE)
    ),
    TANK: UnitType(TANK, "tank", "tanks", 4, 2, 7, (TANK, HOV, INF, JT, PLANE)),
    PLANE: UnitType(
        PLANE, "plane", "planes", 6, 4, 18, (PLANE, TANK, HOV, JT, INF), (PLANE, FRIG, BATT, HOV)
    ),
    FRIG: UnitType(
        FRIG, "frigate", "frigates", 5, 2, 10, (), (FRIG, BATT, HOV, PLANE), 3, (INF, JT, HOV, TANK, PLANE)
    ),
    BATT: UnitType(
        BATT,
        "battleship",
        "battleships",
        7,
        2,
        25,
        (),
        (BATT, FRIG, PLANE, HOV),
        4,
        (PLANE, TANK, HOV, JT, INF),
        hits=2,
    ),
}

JUMP_ATTACK = 3  # a jump troop's attack in the battle it jumped into
JUMP_RANGE = 3
LOADED_HOV_ATTACK = 1  # a hovercraft carrying units, in a water battle
STRIKE_RANGE = 3  # planes attacking a water zone (and flying back)
HOV_CAPACITY = 2  # infantry (or jump troops); or exactly one tank

STARTING_UNITS = ((INF, 18), (TANK, 3), (HOV, 1), (PLANE, 1))

# Defence structures: the unit types each kind may be aimed at, and what it fires at by default.
DEFENCE_COST = 7
DEFENCE_ATTACK = 1  # a structure destroys its target on a roll of 1
DEFENCE_TARGETS = {"ground": (INF, JT, TANK, HOV), "air": (PLANE,), "water": (BATT, HOV, FRIG)}
DEFENCE_DEFAULT_AIM = {"ground": TANK, "air": PLANE, "water": BATT}

CITY_COST = 10  # paid in each of CITY_ROUNDS consecutive rounds
CITY_ROUNDS = 3

ALIASES = {
    "infantry": INF,
    "jump": JT,
    "jumptroop": JT,
    "jumptroops": JT,
    "jump_troops": JT,
    "hovercraft": HOV,
    "tanks": TANK,
    "planes": PLANE,
    "frigate": FRIG,
    "frigates": FRIG,
    "battleship": BATT,
    "battleships": BATT,
}


def unit_id(text: str) -> str:
    """A unit as a player may type it (``Tank``, ``infantry``, ``jt``), or a sentence naming the units."""
    key = normalise(text)
    key = ALIASES.get(key, ALIASES.get(key.replace("_", ""), key))
    if key not in UNITS:
        hint = did_you_mean(text, [*ORDER, *ALIASES], {alias: unit for alias, unit in ALIASES.items()})
        raise IllegalAction("bad_unit", f"“{text}” is not a unit; units are {', '.join(ORDER)}.{hint}")
    return key


def count_text(unit: str, count: int) -> str:
    kind = UNITS[unit]
    return f"{count} {kind.name if count == 1 else kind.plural}"


def cargo_text(cargo: tuple[str, ...]) -> str:
    if not cargo:
        return "empty"
    return " and ".join(count_text(u, cargo.count(u)) for u in ORDER if u in cargo)


def canonical_cargo(cargo: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(sorted(cargo, key=ORDER.index))


def check_cargo(cargo: tuple[str, ...]) -> tuple[str, ...]:
    """A hovercraft's load in canonical order, or a sentence: 2 infantry (or jump troops), or 1 tank."""
    load = canonical_cargo(tuple(unit_id(u) for u in cargo))
    if load == (TANK,) or (len(load) <= HOV_CAPACITY and all(u in (INF, JT) for u in load)):
        return load
    raise IllegalAction(
        "bad_cargo", "A hovercraft carries 2 infantry (or jump troops) or 1 tank, and nothing else."
    )
