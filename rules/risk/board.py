"""The Risk map: territories, continents, borders and the card deck, loaded from ``data/risk`` and checked.

Territories are referred to by their index in ``RiskMap.ids`` inside the state (compact tuples, fast
copies) and by their string id in actions, events and views (readable logs, stable JSON).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from data import load_json
from rules.core.errors import IllegalAction
from rules.core.graph import is_connected

INFANTRY, CAVALRY, ARTILLERY, WILD = "infantry", "cavalry", "artillery", "wild"
SYMBOLS = (INFANTRY, CAVALRY, ARTILLERY)


class MapError(ValueError):
    """The map data breaks one of the facts the rules rely on."""


@dataclass(frozen=True, slots=True)
class Continent:
    id: str
    name: str
    bonus: int
    members: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Card:
    id: int
    territory: int | None  # None for a wild
    symbol: str


@dataclass(frozen=True, slots=True, eq=False)
class RiskMap:
    name: str
    ids: tuple[str, ...]
    names: tuple[str, ...]
    aliases: tuple[tuple[str, ...], ...]
    continent_of: tuple[int, ...]
    continents: tuple[Continent, ...]
    neighbours: tuple[frozenset[int], ...]
    sea_borders: frozenset[frozenset[int]]
    cards: tuple[Card, ...]
    starting_armies: dict[int, int]
    two_player_armies: int
    two_player_neutral_armies: int
    id_index: dict[str, int]

    @property
    def size(self) -> int:
        return len(self.ids)

    def index(self, territory: str) -> int:
        """The index of a territory id; raises ``KeyError`` for an unknown id."""
        return self.id_index[territory]

    def border_count(self) -> int:
        return sum(len(n) for n in self.neighbours) // 2


def parse_map(raw: dict[str, Any]) -> RiskMap:
    """Build and validate a map from its JSON form; raises ``MapError`` naming the first fault."""
    territories = raw["territories"]
    ids = tuple(t["id"] for t in territories)
    index = {tid: i for i, tid in enumerate(ids)}
    if len(index) != len(ids):
        raise MapError("territory ids are not unique")
    continents = []
    continent_of = [-1] * len(ids)
    for c_index, c in enumerate(raw["continents"]):
        members = tuple(index[t] for t in c["territories"])
        for m in members:
            if continent_of[m] != -1:
                raise MapError(f"{ids[m]} is in two continents")
            continent_of[m] = c_index
        continents.append(Continent(c["id"], c["name"], int(c["bonus"]), members))
    for t in territories:
        if raw["continents"][continent_of[index[t["id"]]]]["id"] != t["continent"]:
            raise MapError(f"{t['id']} names continent {t['continent']} but is not listed in it")
    neighbours: list[set[int]] = [set() for _ in ids]
    sea = set()
    for a, b, kind in raw["borders"]:
        if a not in index or b not in index:
            raise MapError(f"border {a}-{b} names an unknown territory")
        if a == b or index[b] in neighbours[index[a]]:
            raise MapError(f"border {a}-{b} is listed twice or joins a territory to itself")
        neighbours[index[a]].add(index[b])
        neighbours[index[b]].add(index[a])
        if kind == "sea":
            sea.add(frozenset((index[a], index[b])))
    cards = [Card(i, index[t], symbol) for i, (t, symbol) in enumerate(raw["cards"]["territory_cards"])]
    cards += [Card(len(cards) + w, None, WILD) for w in range(raw["cards"]["wilds"])]
    return RiskMap(
        name=raw["name"],
        ids=ids,
        names=tuple(t["name"] for t in territories),
        aliases=tuple(tuple(t.get("aliases", ())) for t in territories),
        continent_of=tuple(continent_of),
        continents=tuple(continents),
        neighbours=tuple(frozenset(n) for n in neighbours),
        sea_borders=frozenset(sea),
        cards=tuple(cards),
        starting_armies={int(k): int(v) for k, v in raw["starting_armies"].items()},
        two_player_armies=int(raw["two_player"]["armies"]),
        two_player_neutral_armies=int(raw["two_player"]["neutral_armies"]),
        id_index=index,
    )


def check_classic(board: RiskMap) -> None:
    """The facts of the classic board (GAMES.md): raises ``MapError`` if the data disagrees."""
    facts = {
        "territories": (board.size, 42),
        "continents": (len(board.continents), 6),
        "borders": (board.border_count(), 83),
        "sea borders": (len(board.sea_borders), 25),
        "cards": (len(board.cards), 44),
    }
    for what, (found, expected) in facts.items():
        if found != expected:
            raise MapError(f"the classic map has {expected} {what}, the data has {found}")
    bonuses = {c.id: c.bonus for c in board.continents}
    expected_bonus = {
        "north_america": 5,
        "south_america": 2,
        "europe": 5,
        "africa": 3,
        "asia": 7,
        "australia": 2,
    }
    if bonuses != expected_bonus:
        raise MapError(f"continent bonuses are {bonuses}, expected {expected_bonus}")
    for symbol in SYMBOLS:
        count = sum(1 for card in board.cards if card.symbol == symbol)
        if count != 14:
            raise MapError(f"the deck has {count} {symbol} cards, expected 14")
    if sorted(c.territory for c in board.cards if c.territory is not None) != list(range(board.size)):
        raise MapError("every territory must have exactly one card")
    if not is_connected(board.size, board.neighbours.__getitem__):
        raise MapError("the map is not connected")
    if board.starting_armies != {2: 40, 3: 35, 4: 30, 5: 25, 6: 20}:
        raise MapError(f"starting armies are {board.starting_armies}")


@cache
def classic_map() -> RiskMap:
    board = parse_map(load_json("risk/classic.json"))
    check_classic(board)
    return board


def lookup(board: RiskMap, text: str) -> int:
    """The territory a player meant: its id, name or an alias, in any case; ``IllegalAction`` if none."""
    found = board.id_index.get(text)  # the usual case: an id from a menu or the engine itself
    if found is None:
        found = _spellings(board).get(_normalise(text))
    if found is not None:
        return found
    raise IllegalAction("unknown_territory", f"There is no territory called “{text}” on this map.")


@cache
def _spellings(board: RiskMap) -> dict[str, int]:
    """Every way to write a territory (id, name, aliases), normalised, to its index."""
    spellings = {}
    for i in range(board.size):
        for spelling in (board.ids[i], board.names[i], *board.aliases[i]):
            spellings[_normalise(spelling)] = i
    return spellings


def _normalise(text: str) -> str:
    return "".join(ch for ch in text.lower() if ch.isalnum())
