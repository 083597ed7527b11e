"""Graph questions the games' boards ask of themselves when they are read."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable


def is_connected(size: int, neighbours: Callable[[int], Iterable[int]]) -> bool:
    """Whether every one of the places ``0 .. size - 1`` is reachable from place 0."""
    seen = {0}
    queue = deque([0])
    while queue:
        for n in neighbours(queue.popleft()):
            if n not in seen:
                seen.add(n)
                queue.append(n)
    return len(seen) == size
