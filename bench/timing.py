"""Timing shared by the bench scripts: run a function and keep each run's wall time, alone or in turn
with a floor.

Import it as ``from bench.timing import alternately, timed`` after putting the repository root on
``sys.path``.
"""

from __future__ import annotations

import time
from collections.abc import Callable


def timed(fn: Callable[[], object], runs: int) -> list[float]:
    """Seconds each of ``runs`` calls of ``fn`` took, in order."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return times


def alternately(
    fn: Callable[[], object], floor: Callable[[], object], runs: int
) -> tuple[list[float], list[float]]:
    """Each run times ``fn`` then ``floor``, so a burst of load on a shared machine hits both alike."""
    first: list[float] = []
    second: list[float] = []
    for _ in range(runs):
        first += timed(fn, 1)
        second += timed(floor, 1)
    return first, second
