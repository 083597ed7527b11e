"""Small helpers the engine's modules share: names, lookups, unit counting and changing one space."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from msgspec.structs import replace

from rules.axis_allies.board import CAPITALS, POWER_NAMES, POWERS, Territory, classic_board
from rules.axis_allies.state import NOBODY, SIDE, AAState, Stack, Units, merge
from rules.axis_allies.units import UNIT_ORDER, UNIT_TYPES, Domain, label_words
from rules.core.errors import IllegalAction
from rules.core.words import counted

UnitCounts = tuple[tuple[str, int], ...]

BOARD = classic_board()
NAMES = BOARD.names
SIZE = len(NAMES)
TERRITORIES: tuple[Territory, ...] = tuple(BOARD.territories[n] for n in NAMES)
IS_SEA = tuple(t.is_sea for t in TERRITORIES)
PRODUCTION = tuple(t.production for t in TERRITORIES)
NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    tuple(sorted(BOARD.territories[n].index for n in t.neighbors)) for t in TERRITORIES
)
CAPITAL = tuple(BOARD.territories[CAPITALS[p]].index for p in POWERS)  # per power
ORIGINAL_OWNER = tuple(POWERS.index(t.original_owner) if t.original_owner else NOBODY for t in TERRITORIES)
NEUTRAL = tuple(t.neutral for t in TERRITORIES)
ORIGINAL_FACTORY = tuple(t.original_factory for t in TERRITORIES)
_CANALS = {
    frozenset((BOARD.territories[c.sea_zones[0]].index, BOARD.territories[c.sea_zones[1]].index)): tuple(
        BOARD.territories[land].index for land in c.land
    )
    for c in BOARD.canals
}
_CANAL_NAMES = {
    frozenset((BOARD.territories[c.sea_zones[0]].index, BOARD.territories[c.sea_zones[1]].index)): c.name
    for c in BOARD.canals
}
DOMAIN = {u: t.domain for u, t in UNIT_TYPES.items()}


def power_id(power: int) -> str:
    return POWERS[power]


def power_name(power: int) -> str:
    return POWER_NAMES[POWERS[power]]


def space(text: str) -> int:
    """The index of the space a player named; IllegalAction with the board's hint otherwise."""
    try:
        return BOARD.lookup(text).index
    except KeyError as missing:
        raise IllegalAction("unknown_space", str(missing.args[0]) if missing.args else str(missing)) from None


def canal_lands(a: int, b: int) -> tuple[int, ...] | None:
    return _CANALS.get(frozenset((a, b)))


def canal_name(a: int, b: int) -> str:
    return _CANAL_NAMES.get(frozenset((a, b)), "canal")


def parse_unit(name: str, optional_units: bool) -> tuple[str, tuple[str, ...] | None]:
    """``"tank"`` -> ("tank", None); ``"transport:infantry+tank"`` -> ("transport", cargo)."""
    raw = name.strip().lower().replace(" ", "_")
    base, _, cargo_text = raw.partition(":")
    aliases = {
        "armour": "tank",
        "armor": "tank",
        "tanks": "tank",
        "aa": "aa_gun",
        "aagun": "aa_gun",
        "ic": "factory",
        "industrial_complex": "factory",
        "sub": "submarine",
        "bb": "battleship",
        "ac": "carrier",
        "aircraft_carrier": "carrier",
        "inf": "infantry",
    }
    base = aliases.get(base, base)
    if base.endswith("s") and base[:-1] in UNIT_TYPES:
        base = base[:-1]
    if base not in UNIT_TYPES:
        raise IllegalAction(
            "unknown_unit", f"There is no unit called “{name}”; units are {', '.join(UNIT_ORDER)}."
        )
    if UNIT_TYPES[base].optional and not optional_units:
        raise IllegalAction(
            "optional_unit",
            f"{UNIT_TYPES[base].name} is only in play in a game set up with the optional units rule.",
        )
    if not cargo_text:
        return base, None
    if base != "transport":
        raise IllegalAction("bad_unit", f"Only transports are named with their cargo, not “{name}”.")
    if cargo_text == "empty":
        return base, ()
    cargo = tuple(sorted(aliases.get(c, c) for c in cargo_text.split("+")))
    for c in cargo:
        if c not in UNIT_TYPES or DOMAIN[c] is not Domain.LAND:
            raise IllegalAction("bad_unit", f"“{c}” is not a land unit a transport can carry.")
    return base, cargo


def check_counts(units: UnitCounts) -> None:
    if not units:
        raise IllegalAction("no_units", "Name at least one unit.")
    for unit, n in units:
        if n < 1:
            raise IllegalAction("bad_count", f"Unit counts are whole numbers of 1 or more, not {n} {unit}.")


def counts_of(stacks: Iterable[Stack]) -> UnitCounts:
    """``(unit, count)`` pairs in the board's unit order, for events."""
    totals: dict[str, int] = {}
    for s in stacks:
        totals[s.unit] = totals.get(s.unit, 0) + s.count
    return tuple((u, totals[u]) for u in UNIT_ORDER if u in totals)


def ipcs_text(n: int) -> str:
    """``1 IPC``, ``12 IPCs``."""
    return counted(n, "IPC")


def counts_text(units: UnitCounts) -> str:
    """ "3 infantry, 1 tank"; a move's loaded transports by their cargo ("1 transport carrying tank")."""
    return ", ".join(label_words(u, n) for u, n in units) or "nothing"


def set_units(state: AAState, where: int, stacks: list[Stack] | tuple[Stack, ...]) -> AAState:
    units = list(state.units)
    units[where] = merge(stacks)
    return replace(state, units=tuple(units))


def set_many(state: AAState, changes: Mapping[int, list[Stack] | tuple[Stack, ...]]) -> AAState:
    units = list(state.units)
    for where, stacks in changes.items():
        units[where] = merge(stacks)
    return replace(state, units=tuple(units))


def enemy_units(state: AAState, where: int, power: int) -> list[Stack]:
    me = SIDE[power]
    return [s for s in state.units[where] if SIDE[s.power] != me]


def enemy_fighting(state: AAState, where: int, power: int) -> list[Stack]:
    """Enemy units that fight (not AA guns or factories)."""
    me = SIDE[power]
    return [s for s in state.units[where] if SIDE[s.power] != me and UNIT_TYPES[s.unit].fights]


def enemy_ships(state: AAState, where: int, power: int) -> list[Stack]:
    me = SIDE[power]
    return [s for s in state.units[where] if SIDE[s.power] != me and DOMAIN[s.unit] is Domain.SEA]


def hostile_land(state: AAState, where: int, power: int) -> bool:
    """A land territory controlled by the other side."""
    owner = state.owner[where]
    return not IS_SEA[where] and owner != NOBODY and SIDE[owner] != SIDE[power]


def friendly_land(state: AAState, where: int, power: int) -> bool:
    owner = state.owner[where]
    return not IS_SEA[where] and owner != NOBODY and SIDE[owner] == SIDE[power]


def capital_held(state: AAState, power: int) -> bool:
    return state.owner[CAPITAL[power]] == power


def may_spend(state: AAState, power: int) -> bool:
    """Buying and research need the capital held, except that a power whose capital is lost may spend the
    IPCs it took from an enemy capital (the document: it "may spend them immediately"). Its own IPCs went
    to its capital's captor and it collects no income, so whatever it holds then was taken that way.
    With the option ``spend_without_capital`` off (TripleA) it waits for liberation."""
    if capital_held(state, power):
        return True
    return state.options.spend_without_capital and state.ipcs[power] > 0


def income(state: AAState, power: int) -> int:
    """The production of the territories ``power`` controls (its national production level)."""
    return sum(p for p, o in zip(PRODUCTION, state.owner, strict=True) if o == power)


def side_income(state: AAState, side_: int) -> int:
    return sum(p for p, o in zip(PRODUCTION, state.owner, strict=True) if o != NOBODY and SIDE[o] == side_)


def units_text(stacks: Units) -> str:
    return counts_text(counts_of(stacks))
