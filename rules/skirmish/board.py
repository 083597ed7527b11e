"""The Skirmish map: territories with elevations, borders, and the shapes to draw them, loaded from
``data/skirmish/map.json`` and checked.

Inside the state a territory is its index in ``SkirmishMap.ids`` (compact tuples); actions, events and
views use the string id, so logs read well and survive a regenerated map.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from data import load_json
from rules.core.errors import IllegalAction
from rules.core.graph import is_connected
from rules.core.names import did_you_mean

Point = tuple[float, float]


class MapError(ValueError):
    """The map data breaks one of the facts the rules rely on."""


@dataclass(frozen=True, slots=True, eq=False)
class SkirmishMap:
    name: str
    width: int
    height: int
    ids: tuple[str, ...]
    names: tuple[str, ...]
    elevation: tuple[int, ...]
    neighbours: tuple[frozenset[int], ...]
    polygons: tuple[tuple[Point, ...], ...]
    labels: tuple[Point, ...]
    lakes: tuple[tuple[Point, ...], ...]
    outline: tuple[Point, ...]
    id_index: dict[str, int]

    @property
    def size(self) -> int:
        return len(self.ids)

    def index(self, territory: str) -> int:
        return self.id_index[territory]

    def border_count(self) -> int:
        return sum(len(n) for n in self.neighbours) // 2


def _points(raw: list[list[float]]) -> tuple[Point, ...]:
    return tuple((float(x), float(y)) for x, y in raw)


def parse_map(raw: dict[str, Any]) -> SkirmishMap:
    """Build and validate the map from its JSON form; raises ``MapError`` naming the first fault."""
    territories = raw["territories"]
    ids = tuple(t["id"] for t in territories)
    index = {tid: i for i, tid in enumerate(ids)}
    if len(index) != len(ids):
        raise MapError("territory ids are not unique")
    if not 20 <= len(ids) <= 40:
        raise MapError(f"the map has {len(ids)} territories; Skirmish wants 20 to 40")
    neighbours: list[frozenset[int]] = []
    for t in territories:
        unknown = [n for n in t["neighbours"] if n not in index]
        if unknown:
            raise MapError(f"{t['id']} borders an unknown territory {unknown[0]}")
        if t["id"] in t["neighbours"]:
            raise MapError(f"{t['id']} borders itself")
        neighbours.append(frozenset(index[n] for n in t["neighbours"]))
    for i, near in enumerate(neighbours):
        for n in near:
            if i not in neighbours[n]:
                raise MapError(f"{ids[i]} borders {ids[n]} but not the other way round")
    elevation = tuple(int(t["elevation"]) for t in territories)
    if any(not 0 <= e <= 3 for e in elevation):
        raise MapError("elevations run from 0 (lowland) to 3 (mountain)")
    polygons = tuple(_points(t["polygon"]) for t in territories)
    labels = tuple((float(t["label"][0]), float(t["label"][1])) for t in territories)
    for tid, polygon, label in zip(ids, polygons, labels, strict=True):
        if len(polygon) < 3 or not contains(polygon, label):
            raise MapError(f"{tid} needs a polygon with its label point inside")
    board = SkirmishMap(
        name=raw["name"],
        width=int(raw["width"]),
        height=int(raw["height"]),
        ids=ids,
        names=tuple(t["name"] for t in territories),
        elevation=elevation,
        neighbours=tuple(neighbours),
        polygons=polygons,
        labels=labels,
        lakes=tuple(_points(lake) for lake in raw.get("lakes", ())),
        outline=_points(raw["outline"]),
        id_index=index,
    )
    if not is_connected(board.size, board.neighbours.__getitem__):
        raise MapError("the map is not connected")
    return board


def contains(polygon: tuple[Point, ...], point: Point) -> bool:
    x, y = point
    inside = False
    for (x1, y1), (x2, y2) in zip(polygon, polygon[1:] + polygon[:1], strict=True):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


@cache
def skirmish_map() -> SkirmishMap:
    return parse_map(load_json("skirmish/map.json"))


def lookup(board: SkirmishMap, text: str) -> int:
    """The territory a player meant: its id or name, in any case and spacing; ``IllegalAction`` if none."""
    found = board.id_index.get(text)
    if found is None:
        found = _spellings(board).get(_normalise(text))
    if found is not None:
        return found
    near = did_you_mean(text, board.names, {name: name for name in board.names})
    raise IllegalAction("unknown_territory", f"There is no territory called “{text}” on this map.{near}")


@cache
def _spellings(board: SkirmishMap) -> dict[str, int]:
    spellings = {}
    for i in range(board.size):
        for spelling in (board.ids[i], board.names[i]):
            spellings[_normalise(spelling)] = i
    return spellings


def _normalise(text: str) -> str:
    return "".join(ch for ch in text.lower() if ch.isalnum())
