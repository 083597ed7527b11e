"""The pieces of Skirmish: unit types with their exchange values and what each brings to the battle
board, the two kinds of counter, and the card deck. Loaded from ``data/skirmish/pieces.json`` and checked.

``Units`` is the one way the game counts units anywhere (a territory, a garrison, a battle board, an
action): four counts, in the order of ``UNIT_TYPES``, from the troop up.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any, Literal, get_args

import msgspec

from data import load_json

UNIT_TYPES: tuple[str, ...] = ("troop", "cavalry", "cannon", "general")
TROOP = "troop"


class PiecesError(ValueError):
    """The pieces data breaks a fact the rules rely on."""


class Units(msgspec.Struct, frozen=True, forbid_unknown_fields=True, omit_defaults=True):
    """How many units of each type; JSON ``{"troop": 3, "cannon": 1}`` (zeros left out)."""

    troop: int = 0
    cavalry: int = 0
    cannon: int = 0
    general: int = 0

    @staticmethod
    def of(counts: tuple[int, ...] | list[int]) -> Units:
        return Units(counts[0], counts[1], counts[2], counts[3])

    @staticmethod
    def one(kind: str, count: int = 1) -> Units:
        return Units.of([count if t == kind else 0 for t in UNIT_TYPES])

    def counts(self) -> tuple[int, int, int, int]:
        return (self.troop, self.cavalry, self.cannon, self.general)

    def get(self, kind: str) -> int:
        return self.counts()[UNIT_TYPES.index(kind)]

    @property
    def total(self) -> int:
        return self.troop + self.cavalry + self.cannon + self.general

    def plus(self, other: Units) -> Units:
        return Units.of([a + b for a, b in zip(self.counts(), other.counts(), strict=True)])

    def minus(self, other: Units) -> Units:
        return Units.of([a - b for a, b in zip(self.counts(), other.counts(), strict=True)])

    def within(self, other: Units) -> bool:
        """Every count is at most ``other``'s (and none is negative)."""
        return all(0 <= a <= b for a, b in zip(self.counts(), other.counts(), strict=True))

    def kinds(self) -> tuple[str, ...]:
        """The unit types present, from the troop up."""
        return tuple(t for t, n in zip(UNIT_TYPES, self.counts(), strict=True) if n)


NONE = Units()


@dataclass(frozen=True, slots=True)
class UnitType:
    id: str
    name: str
    plural: str
    value: int  # exchange value
    dice: int  # dice it brings to the battle board (at most)
    counters: int  # skirmish counters it brings (at most)
    banners: int  # banners it brings (always)
    supply: int  # pieces of this type each player owns


CardType = Literal["skirmish", "battle", "bar_attacks", "truce"]  # when and where a card is played
CARD_TYPES: tuple[CardType, ...] = get_args(CardType)


@dataclass(frozen=True, slots=True)
class CardKind:
    id: str
    name: str
    kind: CardType
    value: int  # its bonus; standing orders compare it with "play no cards below X"
    count: int
    penalty: int  # troops lost when it is discarded for the hand limit
    text: str


@dataclass(frozen=True, slots=True)
class Pieces:
    units: tuple[UnitType, ...]
    cards: tuple[CardKind, ...]  # one per card id: the whole deck, in id order
    kinds: tuple[CardKind, ...]  # one per kind

    def unit(self, kind: str) -> UnitType:
        return self.units[UNIT_TYPES.index(kind)]

    def value(self, units: Units) -> int:
        return sum(u.value * n for u, n in zip(self.units, units.counts(), strict=True))

    def dice(self, units: Units) -> int:
        return sum(u.dice * n for u, n in zip(self.units, units.counts(), strict=True))

    def counters(self, units: Units) -> int:
        return sum(u.counters * n for u, n in zip(self.units, units.counts(), strict=True))

    def banners(self, units: Units) -> int:
        return sum(u.banners * n for u, n in zip(self.units, units.counts(), strict=True))

    def supply(self) -> Units:
        return Units.of([u.supply for u in self.units])

    def describe(self, units: Units) -> str:
        """``3 troops, 1 cannon`` (``nothing`` when empty)."""
        parts = [
            f"{n} {u.name.lower() if n == 1 else u.plural}"
            for u, n in zip(self.units, units.counts(), strict=True)
            if n
        ]
        return ", ".join(parts) or "nothing"


def parse_pieces(raw: dict[str, Any]) -> Pieces:
    units = tuple(UnitType(**u) for u in raw["units"])
    if tuple(u.id for u in units) != UNIT_TYPES:
        raise PiecesError(f"unit types must be {', '.join(UNIT_TYPES)} in that order")
    values = [u.value for u in units]
    if values[0] != 1 or values != sorted(set(values)):
        raise PiecesError("exchange values rise strictly from the troop, which is worth 1")
    if any(u.dice < 1 or u.counters < 0 or u.banners < 0 or u.supply < 1 for u in units):
        raise PiecesError("every unit brings at least one die and has a supply")
    kinds = tuple(CardKind(**c) for c in raw["cards"])
    known = set(CARD_TYPES)
    if {k.kind for k in kinds} != known:
        raise PiecesError(f"the deck needs every kind of card: {', '.join(sorted(known))}")
    cards = tuple(k for k in kinds for _ in range(k.count))
    return Pieces(units, cards, kinds)


@cache
def pieces() -> Pieces:
    return parse_pieces(load_json("skirmish/pieces.json"))
