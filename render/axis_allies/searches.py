"""A chip's place searches remembered from one position to the next (``layout.token_layout``).

A search's answer depends on the taken boxes only through those overlapping a box it tested, so the
boxes it tested are watched (``render.core.boxes.Watched``) and the answer is kept with the taken boxes
round them; a later search with the same key whose taken boxes there are the same gets that answer.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import TypeVar, cast

from render.core.boxes import Box, BoxIndex, Watched
from render.core.cache import forget_oldest

T = TypeVar("T")
KEPT = 4096
VARIANTS = 4


@dataclass(frozen=True, slots=True)
class Found:
    region: Box | None
    seen: frozenset[Box]
    answer: object


_FOUND: dict[Hashable, tuple[object, tuple[Found, ...]]] = {}
_COSTS: dict[tuple[float, ...], int] = {}
_NUMBERS = itertools.count()


def recalled(base: object, key: Hashable, taken: BoxIndex, search: Callable[[BoxIndex], T]) -> T:
    full = (id(base), key)
    kept = _FOUND.get(full)
    earlier = kept[1] if kept is not None and kept[0] is base else ()
    for found in earlier:
        if found.region is None or taken.touching(found.region) == found.seen:
            return cast(T, found.answer)
    watched = Watched(taken)
    answer = search(watched)
    region = watched.extent
    seen = taken.touching(region) if region is not None else frozenset()
    forget_oldest(_FOUND, KEPT - 1)
    _FOUND[full] = (base, (Found(region, seen, answer), *earlier[: VARIANTS - 1]))
    return answer


def costs_number(costs: tuple[float, ...]) -> int:
    number = _COSTS.get(costs)
    if number is None:
        number = next(_NUMBERS)
        forget_oldest(_COSTS, 255)
        _COSTS[costs] = number
    return number


def forget() -> None:
    _FOUND.clear()
    _COSTS.clear()
