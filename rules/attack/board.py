"""The Attack! map: regions, sea zones and their connections, loaded from ``data/attack/map.json`` and
checked, then cut into the three boards a game is played on (the Western theatre, the Pacific theatre,
and both joined into the world, which wraps east to west).

Inside a state, regions and sea zones are indexes into one ``Layout`` (compact tuples, fast copies);
actions, events and views use their string ids.

Connections: a *land border*; a *sea lane* (a short crossing drawn between two regions); an *anchor*
(an anchored sea zone: armies may cross it between any two regions on its coast); a *coast* (a region
touching a sea zone: its coastline, where ships berth); a *sea border* between two zones.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from data import load_json
from rules.core.errors import IllegalAction
from rules.core.graph import is_connected as connected
from rules.core.names import did_you_mean

LAYOUTS = ("western", "pacific", "world")
THEATRES = ("western", "pacific")


class MapError(ValueError):
    """The map data breaks one of the facts the rules rely on."""


@dataclass(frozen=True, slots=True, eq=False)
class Layout:
    """One board: the regions and zones in play and every connection between them."""

    name: str
    region_ids: tuple[str, ...]
    region_names: tuple[str, ...]
    aliases: tuple[tuple[str, ...], ...]
    continent_of: tuple[str, ...]
    continent_names: dict[str, str]
    arctic: tuple[bool, ...]
    oil: tuple[int, ...]  # oil markers printed on the region
    zone_ids: tuple[str, ...]
    zone_names: tuple[str, ...]
    anchor: tuple[bool, ...]
    land: tuple[frozenset[int], ...]  # land borders and sea lanes, per region
    crossings: dict[tuple[int, int], tuple[int, ...]]  # (a, b) -> anchored zones both border
    coasts: tuple[tuple[int, ...], ...]  # zones per region
    shores: tuple[tuple[int, ...], ...]  # regions per zone
    seas: tuple[frozenset[int], ...]  # zone borders, per zone
    eligible: tuple[bool, ...]  # may hold a capital: on a sea zone, not in the Arctic Circle
    index: dict[str, int]  # region id -> index
    zone_index: dict[str, int]

    @property
    def regions(self) -> int:
        return len(self.region_ids)

    @property
    def zones(self) -> int:
        return len(self.zone_ids)

    def army_neighbours(self, region: int) -> frozenset[int]:
        """Regions an army may reach in one step when no enemy navy blocks an anchor (see ``engine``)."""
        return _army_neighbours(self, region)


@cache
def _army_neighbours(board: Layout, region: int) -> frozenset[int]:
    via_anchor = {b for (a, b) in board.crossings if a == region}
    return board.land[region] | frozenset(via_anchor)


def parse_world(raw: dict[str, Any]) -> dict[str, Layout]:
    """Build and validate the three boards from the map's JSON; raises ``MapError`` naming the first fault."""
    regions, zones = raw["regions"], raw["sea_zones"]
    theatre_of_continent = {c["id"]: c["theatre"] for c in raw["continents"]}
    names = {c["id"]: c["name"] for c in raw["continents"]}
    if set(theatre_of_continent.values()) - set(THEATRES):
        raise MapError("a continent names an unknown theatre")
    theatre: dict[str, str] = {}
    kind: dict[str, str] = {}
    for r in regions:
        if r["continent"] not in theatre_of_continent:
            raise MapError(f"{r['id']} names an unknown continent {r['continent']}")
        _add(kind, r["id"], "region")
        theatre[r["id"]] = theatre_of_continent[r["continent"]]
        _check_sources(r)
    for z in zones:
        if z["theatre"] not in THEATRES:
            raise MapError(f"{z['id']} names an unknown theatre")
        _add(kind, z["id"], "zone")
        theatre[z["id"]] = z["theatre"]
    seen: set[frozenset[str]] = set()
    for key, a_kind, b_kind in (
        ("land_borders", "region", "region"),
        ("sea_lanes", "region", "region"),
        ("coasts", "region", "zone"),
        ("sea_borders", "zone", "zone"),
    ):
        for a, b in raw[key]:
            if kind.get(a) != a_kind or kind.get(b) != b_kind:
                raise MapError(f"{key}: {a}-{b} does not join a {a_kind} to a {b_kind} of the map")
            pair = frozenset((a, b))
            if a == b or pair in seen:
                raise MapError(f"{key}: {a}-{b} is listed twice or joins a place to itself")
            seen.add(pair)
    coasts: dict[str, set[str]] = {r["id"]: set() for r in regions}
    for a, b in raw["coasts"]:
        coasts[a].add(b)
    wraps = {frozenset(pair) for pair in raw["wrap"]}
    _check_lanes(raw, coasts, wraps)
    _check_wrap(raw, seen, wraps, theatre)
    _check_arctic(raw)
    boards = {name: _layout(raw, name, theatre, names) for name in LAYOUTS}
    for board in boards.values():
        _check_layout(board, raw)
    return boards


def _add(kind: dict[str, str], place: str, what: str) -> None:
    if place in kind:
        raise MapError(f"the id {place} is used twice")
    kind[place] = what


def _check_sources(region: dict[str, Any]) -> None:
    if not region["sources"]:
        raise MapError(f"{region['id']} has no source shape")
    for source in region["sources"]:
        for cut in source.get("cuts", ()):
            if len(cut["line"]) != 2 or len(cut["keep"]) != 2:
                raise MapError(f"{region['id']}: a cut is a line of two points and a point to keep")


def _check_lanes(raw: dict[str, Any], coasts: dict[str, set[str]], wraps: set[frozenset[str]]) -> None:
    """A sea lane crosses water: its two regions share a sea zone, or it crosses the board's edge."""
    for a, b in raw["sea_lanes"]:
        if not coasts[a] & coasts[b] and frozenset((a, b)) not in wraps:
            raise MapError(f"the sea lane {a}-{b} crosses no sea zone both regions touch")


def _check_wrap(
    raw: dict[str, Any], listed: set[frozenset[str]], wraps: set[frozenset[str]], theatre: dict[str, str]
) -> None:
    """Each wrap joins the east edge of the Pacific board to the west edge of the Western one."""
    width = raw["geometry"]["wrap_width"]
    label = {p["id"]: p["label"] for p in (*raw["regions"], *raw["sea_zones"])}
    for pair in wraps:
        a, b = sorted(pair)
        if pair not in listed:
            raise MapError(f"the wrap {a}-{b} is not a listed connection")
        if theatre[a] == theatre[b]:
            raise MapError(f"the wrap {a}-{b} stays inside one theatre")
        xs = sorted((label[a][0], label[b][0]))
        if not (xs[0] < width * 0.2 and xs[1] > width * 0.8):
            raise MapError(f"the wrap {a}-{b} does not cross the board's east-west edge")


def _check_arctic(raw: dict[str, Any]) -> None:
    line = raw["geometry"]["arctic_circle_y"]
    for r in raw["regions"]:
        if r["arctic"] and r["label"][1] >= line:
            raise MapError(f"{r['id']} is marked Arctic but lies south of the Arctic Circle")


def _layout(raw: dict[str, Any], name: str, theatre: dict[str, str], names: dict[str, str]) -> Layout:
    def keep(place: str) -> bool:
        return name == "world" or theatre[place] == name

    regions = [r for r in raw["regions"] if keep(r["id"])]
    zones = [z for z in raw["sea_zones"] if keep(z["id"])]
    index = {r["id"]: i for i, r in enumerate(regions)}
    zone_index = {z["id"]: i for i, z in enumerate(zones)}
    land: list[set[int]] = [set() for _ in regions]
    for a, b in (*raw["land_borders"], *raw["sea_lanes"]):
        if a in index and b in index:
            land[index[a]].add(index[b])
            land[index[b]].add(index[a])
    coasts: list[list[int]] = [[] for _ in regions]
    shores: list[list[int]] = [[] for _ in zones]
    for a, b in raw["coasts"]:
        if a in index and b in zone_index:
            coasts[index[a]].append(zone_index[b])
            shores[zone_index[b]].append(index[a])
    seas: list[set[int]] = [set() for _ in zones]
    for a, b in raw["sea_borders"]:
        if a in zone_index and b in zone_index:
            seas[zone_index[a]].add(zone_index[b])
            seas[zone_index[b]].add(zone_index[a])
    anchor = tuple(bool(z["anchor"]) for z in zones)
    crossings: dict[tuple[int, int], list[int]] = {}
    for z, shore in enumerate(shores):
        if anchor[z]:
            for a in shore:
                for b in shore:
                    if a != b and b not in land[a]:
                        crossings.setdefault((a, b), []).append(z)
    arctic = tuple(bool(r["arctic"]) for r in regions)
    return Layout(
        name=name,
        region_ids=tuple(index),
        region_names=tuple(r["name"] for r in regions),
        aliases=tuple(tuple(r.get("aliases", ())) for r in regions),
        continent_of=tuple(r["continent"] for r in regions),
        continent_names=names,
        arctic=arctic,
        oil=tuple(int(r["oil"]) for r in regions),
        zone_ids=tuple(zone_index),
        zone_names=tuple(z["name"] for z in zones),
        anchor=anchor,
        land=tuple(frozenset(n) for n in land),
        crossings={pair: tuple(sorted(zs)) for pair, zs in crossings.items()},
        coasts=tuple(tuple(sorted(c)) for c in coasts),
        shores=tuple(tuple(sorted(s)) for s in shores),
        seas=tuple(frozenset(s) for s in seas),
        eligible=tuple(bool(coasts[i]) and not arctic[i] for i in range(len(regions))),
        index=index,
        zone_index=zone_index,
    )


def _check_layout(board: Layout, raw: dict[str, Any]) -> None:
    for z, shore in enumerate(board.shores):
        if board.anchor[z] and len(shore) < 2:
            raise MapError(f"{board.zone_ids[z]} has an anchor but fewer than two regions on its coast")
    if not is_connected(board):
        raise MapError(f"the {board.name} board is not connected")
    continents = {board.continent_of[r] for r in range(board.regions) if board.eligible[r]}
    needed = 6 if board.name == "world" else 4
    if len(continents) < needed:
        raise MapError(
            f"the {board.name} board has capital regions on {len(continents)} continents; "
            f"{needed} players need {needed}"
        )


def is_connected(board: Layout) -> bool:
    """Every region and zone reachable from the first region by any connection (zone ``z`` is place
    ``regions + z``)."""

    def near(place: int) -> list[int]:
        if place < board.regions:
            return [*board.land[place], *(board.regions + z for z in board.coasts[place])]
        z = place - board.regions
        return [*board.shores[z], *(board.regions + s for s in board.seas[z])]

    return connected(board.regions + board.zones, near)


@cache
def boards() -> dict[str, Layout]:
    return parse_world(load_json("attack/map.json"))


def board(name: str) -> Layout:
    return boards()[name]


def find_region(board: Layout, text: str) -> int:
    """The region a player meant: its id, name or an alias, in any case; ``IllegalAction`` if none."""
    found = board.index.get(text)
    if found is None:
        found = _spellings(board)[0].get(_normalise(text))
    if found is None:
        hint = did_you_mean(text, board.region_names)
        raise IllegalAction("unknown_region", f"There is no region called “{text}” on this board.{hint}")
    return found


def find_zone(board: Layout, text: str) -> int:
    found = board.zone_index.get(text)
    if found is None:
        found = _spellings(board)[1].get(_normalise(text))
    if found is None:
        hint = did_you_mean(text, board.zone_names)
        raise IllegalAction("unknown_zone", f"There is no sea zone called “{text}” on this board.{hint}")
    return found


def find_place(board: Layout, text: str) -> tuple[str, int]:
    """A region (``("region", i)``) or a sea zone (``("zone", i)``) by any spelling."""
    regions, zones = _spellings(board)
    key = _normalise(text)
    if text in board.index or key in regions:
        return "region", find_region(board, text)
    if text in board.zone_index or key in zones:
        return "zone", find_zone(board, text)
    hint = did_you_mean(text, (*board.region_names, *board.zone_names))
    raise IllegalAction(
        "unknown_place", f"There is no region or sea zone called “{text}” on this board.{hint}"
    )


@cache
def _spellings(board: Layout) -> tuple[dict[str, int], dict[str, int]]:
    regions: dict[str, int] = {}
    for i in range(board.regions):
        for spelling in (board.region_ids[i], board.region_names[i], *board.aliases[i]):
            regions[_normalise(spelling)] = i
    zones: dict[str, int] = {}
    for z in range(board.zones):
        for spelling in (board.zone_ids[z], board.zone_names[z]):
            zones[_normalise(spelling)] = z
    return regions, zones


def _normalise(text: str) -> str:
    return "".join(ch for ch in text.lower() if ch.isalnum())
