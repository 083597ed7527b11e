"""The unit types of Axis & Allies Classic and the technologies that change them.

The numbers are facts of the game (the rule document and TripleA's ``classic.xml``, which agree on
them); ``tests/rules/axis_allies/test_units.py`` checks this table against ``data/axis_allies``.
Technologies change values only through the functions below, so combat, movement, purchase and the
odds calculator all read the same numbers.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from enum import StrEnum
from types import MappingProxyType

import msgspec


class Domain(StrEnum):
    LAND = "land"
    SEA = "sea"
    AIR = "air"


class Tech(StrEnum):
    """The six developments of the weapons development chart, numbered as the chart's die faces."""

    JET_POWER = "jet_power"  # 1: fighters defend at 5
    ROCKETS = "rockets"  # 2: an AA gun may strike an enemy factory within 3, once a turn
    SUPER_SUBMARINES = "super_submarines"  # 3: submarines attack at 3
    LONG_RANGE_AIRCRAFT = "long_range_aircraft"  # 4: fighters 6, bombers 8 (Classic: +2 each)
    INDUSTRIAL_TECHNOLOGY = "industrial_technology"  # 5: every unit costs 1 IPC less
    HEAVY_BOMBERS = "heavy_bombers"  # 6: bombers roll 3 dice attacking and bombing


TECH_CHART: tuple[Tech, ...] = tuple(Tech)  # die face n -> TECH_CHART[n - 1]
TECH_IDS_IN_DATA = MappingProxyType(
    {
        "jetPower": Tech.JET_POWER,
        "rocket": Tech.ROCKETS,
        "superSub": Tech.SUPER_SUBMARINES,
        "longRangeAir": Tech.LONG_RANGE_AIRCRAFT,
        "industrialTechnology": Tech.INDUSTRIAL_TECHNOLOGY,
        "heavyBomber": Tech.HEAVY_BOMBERS,
    }
)


class UnitType(msgspec.Struct, frozen=True):
    """One kind of unit. ``attack``/``defense`` 0 with ``fights`` False: never rolls, never a casualty."""

    id: str
    name: str
    attack: int
    defense: int
    movement: int
    cost: int
    domain: Domain
    fights: bool = True  # takes part in battles (rolls dice, can be a casualty)
    carrier_cost: int = 0  # room it takes on a carrier (fighters: 1; 0: it cannot land on one)
    carrier_capacity: int = 0  # room it offers (carriers: 2)
    transport_capacity: int = 0  # land units it may carry (transports: 2, in the loads of can_load)
    can_blitz: bool = False
    can_bombard: bool = False
    submarine: bool = False  # first strike, may submerge, hits only sea units
    destroyer: bool = False  # optional rule: cancels enemy submarines' first strike and submerging
    artillery: bool = False  # optional rule: each one lifts one attacking infantry to 2
    strategic_bomber: bool = False
    anti_aircraft: bool = False
    factory: bool = False
    optional: bool = False  # only with the option "Use Destroyers and Artillery"


class Carried(msgspec.Struct, frozen=True, order=True, array_like=True, forbid_unknown_fields=True):
    """The movement state of the stack a unit went into battle from (the fields of ``state.Stack`` of the
    same names), carried through the battle so that survivors come back exactly as they went in."""

    moved: int = 0
    flags: int = 0
    cargo: tuple[str, ...] = ()
    target: int = -1
    unloaded_to: int = -1

    @classmethod
    def from_text(cls, text: str) -> Carried:
        """Read the ``moved|flags|cargo|target|unloaded_to`` text that games saved before this struct
        existed hold in their battles and logged casualties (the oldest have no ``unloaded_to``)."""
        if not text:
            return cls()
        moved, flags, cargo, target, *unloaded = text.split("|")
        cargo_kinds = tuple(cargo.split("+")) if cargo else ()
        return cls(int(moved), int(flags), cargo_kinds, int(target), int(unloaded[0]) if unloaded else -1)


class Unit(msgspec.Struct, frozen=True, order=True, forbid_unknown_fields=True):
    """One unit in a battle. ``tag`` is the engine's own (where the unit moved from, which cargo a
    transport holds); combat never reads it, but two units are interchangeable only if their tags are
    equal. ``landed``: a land unit that came ashore from a transport this turn, so it may not retreat.

    ``tag`` is typed ``Carried | str`` only so that games saved with the old text still decode: a text
    is read into a ``Carried`` as the unit is made, so every unit in memory holds the struct.
    """

    owner: str
    kind: str
    tag: Carried | str = msgspec.field(default_factory=Carried)
    landed: bool = False

    def __post_init__(self) -> None:
        if isinstance(self.tag, str):
            msgspec.structs.force_setattr(self, "tag", Carried.from_text(self.tag))

    @property
    def carried(self) -> Carried:
        assert isinstance(self.tag, Carried), "read into a Carried as the unit was made"
        return self.tag


def _unit(uid: str, name: str, a: int, d: int, m: int, c: int, domain: Domain, **flags: object) -> UnitType:
    return msgspec.convert(
        {"id": uid, "name": name, "attack": a, "defense": d, "movement": m, "cost": c, "domain": domain}
        | flags,
        UnitType,
    )


_LAND, _SEA, _AIR = Domain.LAND, Domain.SEA, Domain.AIR
UNIT_TYPES: Mapping[str, UnitType] = MappingProxyType(
    {
        u.id: u
        for u in (
            _unit("infantry", "Infantry", 1, 2, 1, 3, _LAND),
            _unit("artillery", "Artillery", 2, 2, 1, 4, _LAND, artillery=True, optional=True),
            _unit("tank", "Tank", 3, 2, 2, 5, _LAND, can_blitz=True),
            _unit("fighter", "Fighter", 3, 4, 4, 12, _AIR, carrier_cost=1),
            _unit("bomber", "Bomber", 4, 1, 6, 15, _AIR, strategic_bomber=True),
            _unit("transport", "Transport", 0, 1, 2, 8, _SEA, transport_capacity=2),
            _unit("submarine", "Submarine", 2, 2, 2, 8, _SEA, submarine=True),
            _unit("destroyer", "Destroyer", 3, 3, 2, 12, _SEA, destroyer=True, optional=True),
            _unit("carrier", "Aircraft carrier", 1, 3, 2, 18, _SEA, carrier_capacity=2),
            _unit("battleship", "Battleship", 4, 4, 2, 24, _SEA, can_bombard=True),
            _unit("aa_gun", "AA gun", 0, 0, 1, 5, _LAND, fights=False, anti_aircraft=True),
            _unit("factory", "Industrial complex", 0, 0, 0, 15, _LAND, fights=False, factory=True),
        )
    }
)
UNIT_ORDER: tuple[str, ...] = tuple(UNIT_TYPES)  # the order dice are rolled and units listed in
AA_HITS_ON = 1  # an AA gun's die hits an aircraft on a 1
BOMBARD_HITS_ON = 4  # shore bombardment: a battleship's one shot hits on 4 or less
JET_FIGHTER_DEFENSE = 5
SUPER_SUBMARINE_ATTACK = 3
HEAVY_BOMBER_DICE = 3
LONG_RANGE_BONUS = MappingProxyType({"fighter": 2, "bomber": 2})

# The rule document: "Carry 2 infantry, 1 tank, or 1 AA gun + 1 infantry" (and anything less).
# Artillery (optional rule, silent in the document) loads like infantry, as in TripleA (transportCost 1).
_INFANTRY_LIKE = frozenset({"infantry", "artillery"})


# Words for a count of units, as players read them: "1 tank", "2 tanks", "2 infantry", "1 AA gun".
_SAME_PLURAL = frozenset({"infantry", "artillery"})
_PLURAL_WORDS = MappingProxyType({"factory": "industrial complexes"})


def unit_word(kind: str, n: int = 1) -> str:
    """The name of ``kind`` for ``n`` of them, without the count: "tank", "tanks", "AA guns"."""
    if kind not in UNIT_TYPES:
        return kind.replace("_", " ")
    name = UNIT_TYPES[kind].name
    word = name if name.startswith("AA") else name.lower()
    if n == 1 or kind in _SAME_PLURAL:
        return word
    return _PLURAL_WORDS.get(kind, word + "s")


def unit_words(kind: str, n: int) -> str:
    """``n`` units of ``kind``: "1 tank", "2 tanks", "2 infantry", "3 AA guns"."""
    return f"{n} {unit_word(kind, n)}"


def label_words(label: str, n: int, count: bool = True) -> str:
    """``tank`` -> "2 tanks"; ``transport:infantry+tank`` (a move's label for loaded transports) -> "1
    transport carrying infantry and tank"."""
    unit, _, cargo = label.partition(":")
    words = unit_words(unit, n) if count else unit_word(unit, n)
    if not cargo:
        return words
    if cargo == "empty":
        return f"{words} with no cargo" if count else f"empty {words}"
    return f"{words} carrying {' and '.join(unit_word(c) for c in cargo.split('+'))}"


def unit_type(unit: str) -> UnitType:
    try:
        return UNIT_TYPES[unit]
    except KeyError:
        raise ValueError(f"unknown unit type {unit!r}; known: {', '.join(UNIT_ORDER)}") from None


def attack_value(unit: str, techs: Collection[str] = ()) -> int:
    """The number an attacking unit hits on or under (0: it does not roll)."""
    if unit == "submarine" and Tech.SUPER_SUBMARINES in techs:
        return SUPER_SUBMARINE_ATTACK
    return unit_type(unit).attack


def defense_value(unit: str, techs: Collection[str] = ()) -> int:
    """The number a defending unit hits on or under (0: it does not roll)."""
    if unit == "fighter" and Tech.JET_POWER in techs:
        return JET_FIGHTER_DEFENSE
    return unit_type(unit).defense


def attack_dice(unit: str, techs: Collection[str] = ()) -> int:
    """Dice one attacking unit rolls: 3 for a bomber with heavy bombers, else 1 (0 if it cannot hit)."""
    if attack_value(unit, techs) == 0:
        return 0
    return HEAVY_BOMBER_DICE if unit == "bomber" and Tech.HEAVY_BOMBERS in techs else 1


def bombing_dice(techs: Collection[str] = ()) -> int:
    """Dice one bomber rolls in a strategic bombing raid."""
    return HEAVY_BOMBER_DICE if Tech.HEAVY_BOMBERS in techs else 1


def movement(unit: str, techs: Collection[str] = ()) -> int:
    base = unit_type(unit).movement
    if Tech.LONG_RANGE_AIRCRAFT in techs:
        return base + LONG_RANGE_BONUS.get(unit, 0)
    return base


def cost(unit: str, techs: Collection[str] = ()) -> int:
    """Purchase price in IPCs; industrial technology takes 1 off every unit (and the factory)."""
    base = unit_type(unit).cost
    return base - 1 if Tech.INDUSTRIAL_TECHNOLOGY in techs else base


def is_air(unit: str) -> bool:
    return unit_type(unit).domain is Domain.AIR


def is_sea(unit: str) -> bool:
    return unit_type(unit).domain is Domain.SEA


def is_land(unit: str) -> bool:
    return unit_type(unit).domain is Domain.LAND


def can_load(cargo: Mapping[str, int], aa_gun_with_infantry: bool = True) -> bool:
    """Whether one transport may carry ``cargo`` (unit type -> count; zero counts are ignored).

    The rule document's loads: 2 infantry, or 1 tank, or 1 AA gun + 1 infantry (or any part of one).
    TripleA's data (transportCost infantry 1, tank 2, AA gun 2, capacity 2) refuses AA gun + infantry:
    ``aa_gun_with_infantry=False`` (the option of that name) plays it so. Infantry + tank is in
    neither, so it is refused.
    """
    loaded = {unit: n for unit, n in cargo.items() if n}
    if any(n < 0 for n in loaded.values()):
        return False
    infantry = sum(n for unit, n in loaded.items() if unit in _INFANTRY_LIKE)
    others = {unit: n for unit, n in loaded.items() if unit not in _INFANTRY_LIKE}
    if not others:
        return infantry <= 2
    if others == {"tank": 1}:
        return infantry == 0
    if others == {"aa_gun": 1}:
        return infantry <= (1 if aa_gun_with_infantry else 0)
    return False


def carrier_room(units: Mapping[str, int]) -> int:
    """Fighter places offered by ``units`` (2 per carrier) minus the places its fighters take."""
    return sum((unit_type(u).carrier_capacity - unit_type(u).carrier_cost) * n for u, n in units.items() if n)


def parse_techs(names: Collection[str]) -> frozenset[Tech]:
    """Tech ids (ours or the data's, e.g. ``jetPower``) as ``Tech`` values; unknown names are refused."""
    out = set()
    for name in names:
        if name in TECH_IDS_IN_DATA:
            out.add(TECH_IDS_IN_DATA[name])
            continue
        try:
            out.add(Tech(name))
        except ValueError:
            raise ValueError(f"unknown technology {name!r}; known: {', '.join(TECH_CHART)}") from None
    return frozenset(out)
