"""Shortest routes on the board, for a move that names only where it starts and where it ends.

``candidate_paths`` lists the shortest paths between two spaces over the kind of space the units
move through (land, sea, or any for aircraft), in a fixed order; ``movement.plan`` takes the first one
its rules accept. Pure graph work: who holds what is judged by the plan, not here.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator

from rules.axis_allies.common import DOMAIN, IS_SEA, NEIGHBOURS
from rules.axis_allies.units import Domain

MAX_ROUTES = 40  # shortest routes tried before the move is refused as it was given


def domain_of(units: tuple[tuple[str, int], ...]) -> Domain:
    """The graph a group moves over: land if any land unit goes (it rides or walks), else sea if any
    ship goes, else air."""
    domains = {DOMAIN[u.partition(":")[0]] for u, _ in units if u.partition(":")[0] in DOMAIN}
    if Domain.LAND in domains:
        return Domain.LAND
    return Domain.SEA if Domain.SEA in domains else Domain.AIR


def candidate_paths(start: int, goal: int, domain: Domain) -> Iterator[tuple[int, ...]]:
    """Shortest paths from ``start`` to ``goal`` whose inner spaces suit ``domain`` (the two ends may be
    of either kind: a landing or a loading), up to ``MAX_ROUTES``, in the order of the board's neighbour
    lists. Land units first walk (land only), then ride: paths through sea zones, for a transport that
    carries them over (``movement.plan`` judges whether one does)."""
    if domain is Domain.AIR:
        found: Iterator[tuple[int, ...]] = _shortest(start, goal, lambda x: True)
    elif domain is Domain.SEA:
        found = _shortest(start, goal, lambda x: IS_SEA[x])
    else:
        walks = _shortest(start, goal, lambda x: not IS_SEA[x])
        found = itertools.chain(walks, (p for p in _shortest(start, goal, lambda x: True) if _rides(p)))
    yield from itertools.islice(found, MAX_ROUTES)


def _rides(path: tuple[int, ...]) -> bool:
    return any(IS_SEA[x] for x in path[1:-1])


def _shortest(start: int, goal: int, passable: Callable[[int], bool]) -> Iterator[tuple[int, ...]]:
    """Every shortest path from ``start`` to ``goal`` through spaces that are ``passable``."""
    distance = {goal: 0}
    frontier = [goal]
    while frontier and start not in distance:
        reached = []
        for x in frontier:
            for n in NEIGHBOURS[x]:
                if n not in distance and (passable(n) or n == start):
                    distance[n] = distance[x] + 1
                    reached.append(n)
        frontier = reached
    if start not in distance:
        return

    def walk(path: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
        here = path[-1]
        if here == goal:
            yield path
            return
        for n in NEIGHBOURS[here]:
            if distance.get(n) == distance[here] - 1:
                yield from walk((*path, n))

    yield from walk((start,))
