"""Shortest routes on the board, for a move that names only where it starts and where it ends.

``candidate_paths`` lists the shortest paths between two spaces over the kind of space the units
move through (land, sea, or any for aircraft), in a fixed order; ``movement.plan`` takes the first one
its rules accept. Pure graph work: who holds what is judged by the plan, not here.
"""

from __future__ import annotations

from collections.abc import Iterator

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
    """Every shortest path from ``start`` to ``goal`` whose inner spaces suit ``domain`` (the two ends
    may be of either kind: a landing or a loading), up to ``MAX_ROUTES``, in the order of the board's
    neighbour lists."""

    def passable(x: int) -> bool:
        return domain is Domain.AIR or IS_SEA[x] == (domain is Domain.SEA)

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

    for count, path in enumerate(walk((start,))):
        if count >= MAX_ROUTES:
            return
        yield path
