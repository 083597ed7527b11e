"""The Axis & Allies Classic map: territories, sea zones, canals and the 1942 setup, loaded and checked.

The data is ``data/axis_allies/classic.json`` (converted from TripleA's ``classic.xml``; sources in
``data/README.md``). Territory names keep TripleA's spellings ("Carribean Sea Zone", "Columbia") because
they are the identifiers in actions, events and saved games; ``Board.lookup`` also accepts corrected
spellings, the name without "Sea Zone", "SZ" forms, aliases and unambiguous prefixes, in any case.
"""

from __future__ import annotations

import difflib
from collections import deque
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache
from types import MappingProxyType
from typing import Any, TypeVar

from data import load_json
from rules.core.names import either

POWERS: tuple[str, ...] = ("russia", "germany", "uk", "japan", "usa")  # turn order
AXIS = frozenset({"germany", "japan"})
ALLIES = frozenset({"russia", "uk", "usa"})
POWER_NAMES = {"russia": "USSR", "germany": "Germany", "uk": "United Kingdom", "japan": "Japan", "usa": "USA"}
CAPITALS = {
    "russia": "Russia",
    "germany": "Germany",
    "uk": "United Kingdom",
    "japan": "Japan",
    "usa": "East US",
}
STARTING_IPCS = {"russia": 24, "germany": 32, "uk": 30, "japan": 25, "usa": 36}
LAND_UNITS = frozenset({"infantry", "tank", "artillery", "aa_gun", "factory"})
AIR_UNITS = frozenset({"fighter", "bomber"})
SEA_UNITS = frozenset({"transport", "submarine", "carrier", "battleship", "destroyer"})
FIGHTERS_PER_CARRIER = 2

SCHEMA = "warboard.aa-map/1"
_K = TypeVar("_K")
_V = TypeVar("_V")
_FACTS = {"land territories": 70, "sea zones": 58, "connections": 309}
_CANALS = {
    "Suez Canal": (
        frozenset({"East Mediteranean Sea Zone", "Red Sea Zone"}),
        {"Anglo Sudan Egypt", "Syria Jordan"},
    ),
    "Panama Canal": (frozenset({"Carribean Sea Zone", "West Panama Sea Zone"}), {"Panama"}),
}


class MapError(ValueError):
    """The map data breaks one of the facts the rules rely on."""


class UnknownTerritory(KeyError):
    """``Board.lookup`` found no territory, or more than one; the message says which were close."""

    def __str__(self) -> str:  # KeyError would show the message in quotes
        return str(self.args[0])


@dataclass(frozen=True, slots=True)
class Territory:
    name: str
    index: int
    is_sea: bool
    production: int
    original_owner: str | None
    neutral: bool
    capital_of: str | None
    original_factory: bool
    neighbors: frozenset[str]
    canal: str | None


@dataclass(frozen=True, slots=True)
class Canal:
    name: str
    sea_zones: tuple[str, str]
    land: tuple[str, ...]  # whoever controls all of these at the start of a turn may sail through


@dataclass(frozen=True, eq=False)
class Board:
    territories: Mapping[str, Territory]  # in index order
    names: tuple[str, ...]  # index -> name
    canals: tuple[Canal, ...]
    starting_units: Mapping[str, Mapping[str, Mapping[str, int]]]  # territory -> power -> unit -> count
    starting_ipcs: Mapping[str, int]  # power -> IPCs
    aliases: Mapping[str, tuple[str, ...]] = field(default_factory=dict)  # name -> other spellings
    # name -> how players read it, where the two differ: TripleA's "Mediteranean" keys stay the keys
    # (saved games name spaces by them) while players read "Mediterranean" (issue 29).
    display: Mapping[str, str] = field(default_factory=dict)
    _spellings: Mapping[str, str] = field(init=False, repr=False)
    _shown: tuple[tuple[str, str], ...] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_spellings", _spelling_table(self))
        object.__setattr__(self, "_shown", tuple(_differing(k, v) for k, v in self.display.items()))

    def lookup(self, text: str) -> Territory:
        """The territory a player meant; else ``UnknownTerritory`` (a ``KeyError``) naming close matches."""
        found = self.territories.get(text)
        if found is not None:
            return found
        key = _normalise(text)
        name = self._spellings.get(key)
        if name is None and len(key) >= 3:  # an unambiguous beginning, else an unambiguous part
            starts = {n for spelling, n in self._spellings.items() if spelling.startswith(key)}
            starts = starts or {n for spelling, n in self._spellings.items() if key in spelling}
            if len(starts) == 1:
                name = starts.pop()
            elif starts:
                options = [self.display.get(n, n) for n in sorted(starts, key=self.names.index)]
                raise UnknownTerritory(f"“{text}” could be {either(options)}: please say which.")
        if name is not None:
            return self.territories[name]
        every = {s: n for n in self.names for s in (n, *self.aliases.get(n, ()))}
        close = difflib.get_close_matches(text, every, n=8, cutoff=0.6)
        close += difflib.get_close_matches(text.lower(), [s.lower() for s in every], n=8, cutoff=0.6)
        lowered = {s.lower(): n for s, n in every.items()}
        near = dict.fromkeys(every.get(c) or lowered[c] for c in close)
        suggestions = [self.display.get(n, n) for n in near][:4]
        hint = f" Did you mean {either(suggestions)}?" if suggestions else ""
        raise UnknownTerritory(f"There is no territory or sea zone called “{text}”.{hint}")

    def shown(self, text: str) -> str:
        """``text`` with every space named as players read it: a key with a display name of its own is
        replaced, in full or without the words it shares at the end ("West Mediteranean Sea" too)."""
        for key, name in self._shown:
            text = text.replace(key, name)
        return text

    def adjacent(self, a: str, b: str) -> bool:
        return b in self.territories[a].neighbors

    def land_neighbors(self, name: str) -> frozenset[str]:
        return frozenset(n for n in self.territories[name].neighbors if not self.territories[n].is_sea)

    def sea_neighbors(self, name: str) -> frozenset[str]:
        return frozenset(n for n in self.territories[name].neighbors if self.territories[n].is_sea)

    def canal_between(self, a: str, b: str) -> Canal | None:
        """The canal a sea move from ``a`` to ``b`` passes, if any."""
        for canal in self.canals:
            if {a, b} == set(canal.sea_zones):
                return canal
        return None


def validate(raw: Any) -> None:
    """Check the map's JSON form against the facts of the Classic board; ``MapError`` names the fault."""
    try:
        _check(raw)
    except (KeyError, TypeError, AttributeError, ValueError) as fault:
        if isinstance(fault, MapError):
            raise
        raise MapError(f"malformed map data: {type(fault).__name__} {fault}") from fault


def parse_board(raw: Any) -> Board:
    """Validate the JSON form and build the ``Board``."""
    validate(raw)
    rows: list[dict[str, Any]] = raw["territories"]
    territories: dict[str, Territory] = {}
    for index, t in enumerate(rows):
        territories[t["name"]] = Territory(
            name=t["name"],
            index=index,
            is_sea=t["sea"],
            production=t.get("production", 0),
            original_owner=t.get("original_owner"),
            neutral=t.get("neutral", False),
            capital_of=t.get("capital_of"),
            original_factory=t.get("original_factory", False),
            neighbors=frozenset(t["neighbors"]),
            canal=t.get("canal"),
        )
    units = {
        t["name"]: _frozen({p: _frozen(dict(u)) for p, u in t["units"].items()})
        for t in rows
        if t.get("units")
    }
    return Board(
        territories=_frozen(territories),
        names=tuple(territories),
        canals=tuple(
            Canal(c["name"], (c["sea_zones"][0], c["sea_zones"][1]), tuple(c["land"])) for c in raw["canals"]
        ),
        starting_units=_frozen(units),
        starting_ipcs=_frozen({p["id"]: p["starting_ipcs"] for p in raw["powers"]}),
        aliases=_frozen({t["name"]: tuple(t["aliases"]) for t in rows if t.get("aliases")}),
        display=_frozen({t["name"]: t["display"] for t in rows if t.get("display")}),
    )


@cache
def classic_board() -> Board:
    return parse_board(load_json("axis_allies/classic.json"))


# ---- validation -------------------------------------------------------------------------------------


def _check(raw: Any) -> None:
    if raw.get("schema") != SCHEMA:
        raise MapError(f"expected schema {SCHEMA}, found {raw.get('schema')!r}")
    _check_powers(raw["powers"])
    rows: list[dict[str, Any]] = raw["territories"]
    by_name = {t["name"]: t for t in rows}
    if len(by_name) != len(rows):
        raise MapError("territory names are not unique")
    land = sum(1 for t in rows if not t["sea"])
    counts = {"land territories": land, "sea zones": len(rows) - land, "connections": _check_edges(by_name)}
    for what, expected in _FACTS.items():
        if counts[what] != expected:
            raise MapError(f"the Classic map has {expected} {what}, the data has {counts[what]}")
    _check_connected(by_name)
    _check_canals(raw["canals"], by_name)
    _check_land(by_name)
    _check_units(raw["units"], by_name)


def _check_powers(powers: list[dict[str, Any]]) -> None:
    if tuple(p["id"] for p in powers) != POWERS:
        raise MapError(f"powers must be {POWERS} in turn order, found {[p['id'] for p in powers]}")
    for p in powers:
        alliance = "axis" if p["id"] in AXIS else "allies"
        if p["alliance"] != alliance or p["capital"] != CAPITALS[p["id"]]:
            raise MapError(f"{p['id']} should be in the {alliance} with its capital in {CAPITALS[p['id']]}")
        if p["starting_ipcs"] != STARTING_IPCS[p["id"]]:
            raise MapError(
                f"{p['id']} starts with {STARTING_IPCS[p['id']]} IPCs, the data says {p['starting_ipcs']}"
            )


def _check_edges(by_name: Mapping[str, Mapping[str, Any]]) -> int:
    edges: set[frozenset[str]] = set()
    for name, t in by_name.items():
        near: list[str] = t["neighbors"]
        if len(set(near)) != len(near):
            raise MapError(f"{name} lists a neighbour twice")
        for other in near:
            if other not in by_name:
                raise MapError(f"{name} borders an unknown territory {other!r}")
            if other == name:
                raise MapError(f"{name} borders itself")
            if name not in by_name[other]["neighbors"]:
                raise MapError(f"{name} borders {other} but not the other way round (must be symmetric)")
            edges.add(frozenset((name, other)))
    return len(edges)


def _check_connected(by_name: Mapping[str, Mapping[str, Any]]) -> None:
    start = next(iter(by_name))
    seen = {start}
    queue = deque([start])
    while queue:
        for n in by_name[queue.popleft()]["neighbors"]:
            if n not in seen:
                seen.add(n)
                queue.append(n)
    if len(seen) != len(by_name):
        raise MapError(f"the map is not connected: {sorted(set(by_name) - seen)[:5]} cannot be reached")


def _check_canals(canals: list[dict[str, Any]], by_name: Mapping[str, Mapping[str, Any]]) -> None:
    found = {c["name"]: (frozenset(c["sea_zones"]), set(c["land"])) for c in canals}
    if found != _CANALS or len(canals) != len(_CANALS):
        raise MapError(f"the canals must be {_CANALS}, found {found}")
    for name, (zones, land) in _CANALS.items():
        a, b = sorted(zones)
        if b not in by_name[a]["neighbors"]:
            raise MapError(f"the {name} joins {a} and {b}, which must be adjacent")
        for t in land:
            if by_name[t]["sea"] or not zones <= set(by_name[t]["neighbors"]):
                raise MapError(f"{t} must be land bordering both sea zones of the {name}")
    marked = {n: t["canal"] for n, t in by_name.items() if t.get("canal")}
    expected = {zone: name for name, (zones, _) in _CANALS.items() for zone in zones}
    if marked != expected:
        raise MapError(f"sea zones marked with a canal are {marked}, expected {expected}")


def _check_land(by_name: Mapping[str, Mapping[str, Any]]) -> None:
    income = dict.fromkeys(POWERS, 0)
    capitals: dict[str, str] = {}
    for name, t in by_name.items():
        if t["sea"]:
            if {"production", "original_owner", "capital_of", "original_factory"} & set(t):
                raise MapError(f"sea zone {name} has land properties")
            continue
        owner, production = t["original_owner"], t["production"]
        if owner is not None and owner not in POWERS:
            raise MapError(f"{name} is owned by an unknown power {owner!r}")
        if not isinstance(production, int) or production < 0:
            raise MapError(f"{name} has a bad production value {production!r}")
        if t["neutral"] != (owner is None) or (owner is None and production):
            raise MapError(f"{name}: neutral territories (and only they) have no owner and no production")
        if owner is not None:
            income[owner] += production
        if t.get("capital_of"):
            capitals[t["capital_of"]] = name
            if t["capital_of"] != owner:
                raise MapError(f"{name} is the capital of {t['capital_of']} but starts owned by {owner}")
    if capitals != CAPITALS:
        raise MapError(f"capitals are {capitals}, expected {CAPITALS}")
    if income != STARTING_IPCS:
        raise MapError(f"starting income is {income}; it must equal the starting IPCs {STARTING_IPCS}")


def _check_units(stats: Mapping[str, Mapping[str, Any]], by_name: Mapping[str, Mapping[str, Any]]) -> None:
    known = LAND_UNITS | AIR_UNITS | SEA_UNITS
    if not known - {"artillery", "destroyer"} <= set(stats) <= known:
        raise MapError(f"unit types are {sorted(stats)}, expected {sorted(known)}")
    for unit, s in stats.items():
        domain = "land" if unit in LAND_UNITS else "air" if unit in AIR_UNITS else "sea"
        if s["domain"] != domain:
            raise MapError(f"{unit} is a {domain} unit, the data says {s['domain']}")
    for name, t in by_name.items():
        for power, units in t.get("units", {}).items():
            if power not in POWERS:
                raise MapError(f"{name} holds units of an unknown power {power!r}")
            for unit, count in units.items():
                if unit not in stats or not isinstance(count, int) or count < 1:
                    raise MapError(f"{name}: bad starting units {unit!r} × {count!r}")
            _check_placement(name, t, power, units)
    factories = {n for n, t in by_name.items() if any("factory" in u for u in t.get("units", {}).values())}
    original = {n for n, t in by_name.items() if t.get("original_factory")}
    if factories != original or not set(CAPITALS.values()) <= original:
        raise MapError(
            f"factories start in {sorted(factories)}, the original factories are {sorted(original)}"
        )


def _check_placement(name: str, t: Mapping[str, Any], power: str, units: Mapping[str, int]) -> None:
    kinds = set(units)
    if t["sea"]:
        if kinds & LAND_UNITS:
            raise MapError(f"land units {sorted(kinds & LAND_UNITS)} start in sea zone {name}")
        room = FIGHTERS_PER_CARRIER * units.get("carrier", 0)
        if units.get("bomber", 0) or units.get("fighter", 0) > room:
            raise MapError(f"aircraft in sea zone {name} need a carrier with room for them")
    else:
        if kinds & SEA_UNITS:
            raise MapError(f"sea units {sorted(kinds & SEA_UNITS)} start on land in {name}")
        if t["original_owner"] != power:
            raise MapError(f"{power} units start in {name}, which {power} does not own")
        if units.get("factory", 0) > 1:
            raise MapError(f"{name} has more than one factory")


# ---- lookup -----------------------------------------------------------------------------------------


def _spelling_table(board: Board) -> dict[str, str]:
    """Normalised spelling -> name. Names, aliases and "SZ" forms must be unique; the short sea-zone
    forms ("Carribean", "North Sea") are kept only where no other territory claims them."""
    strong: dict[str, str] = {}
    weak: dict[str, set[str]] = {}
    for name in board.names:
        spellings = (name, *board.aliases.get(name, ()))
        for spelling in spellings:
            key = _normalise(spelling)
            if strong.setdefault(key, name) != name:
                raise MapError(f"the spelling {spelling!r} names both {strong[key]} and {name}")
        if board.territories[name].is_sea:
            for short in _sea_forms(spellings):
                weak.setdefault(_normalise(short), set()).add(name)
    table = dict(strong)
    for key, names in weak.items():
        name = min(names)
        # "Karelia" stays ambiguous between Karelia S.S.R. and its sea zone, "Japan" is the island.
        if len(names) == 1 and not any(k.startswith(key) and n != name for k, n in strong.items()):
            table[key] = name
    return table


def _sea_forms(spellings: Iterable[str]) -> list[str]:
    forms = []
    for spelling in spellings:
        for suffix in (" Sea Zone", " Zone"):
            if spelling.endswith(suffix):
                base = spelling.removesuffix(suffix)
                forms += [base, base + " SZ", "SZ " + base, base + " Sea"]
    return forms


def _differing(key: str, name: str) -> tuple[str, str]:
    """The two spellings without the words they end with alike: ("West Mediteranean", "West
    Mediterranean") for the sea zone, so the short forms on the map are caught too."""
    a, b = key.split(" "), name.split(" ")
    while len(a) > 1 and len(b) > 1 and a[-1] == b[-1]:
        a, b = a[:-1], b[:-1]
    return " ".join(a), " ".join(b)


def _normalise(text: str) -> str:
    return "".join(ch for ch in text.lower() if ch.isalnum())


def _frozen(mapping: dict[_K, _V]) -> Mapping[_K, _V]:
    return MappingProxyType(mapping)
