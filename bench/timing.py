"""Timing shared by the bench scripts: run a function and keep each run's wall time.

Import it as ``from bench.timing import timed`` after putting the repository root on ``sys.path``.
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
