"""Timing shared by the bench scripts: run a function and keep each run's wall time, alone or in turn
with a floor.

Import it as ``from bench.timing import alternately, timed`` after putting the repository root on
``sys.path``.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Sequence

import msgspec


def timed(fn: Callable[[], object], runs: int) -> list[float]:
    """Seconds each of ``runs`` calls of ``fn`` took, in order."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return times


def alternately(
    fn: Callable[[], object], floor: Callable[[], object], runs: int, *, warm_up: bool = False
) -> tuple[list[float], list[float]]:
    """Each run times ``fn`` then ``floor``, so a burst of load on a shared machine hits both alike;
    ``warm_up``: after one untimed run of each, which fills the caches."""
    if warm_up:
        fn()
        floor()
    first: list[float] = []
    second: list[float] = []
    for _ in range(runs):
        first += timed(fn, 1)
        second += timed(floor, 1)
    return first, second


def state_pass(states: Sequence[object]) -> Callable[[], object]:
    """A floor for an engine's replay: a full copy of each state (msgspec encoding and decoding it: every
    value read and built again), once per applied action. It depends on the machine and the states' size
    only, so the engine's time over it says how fast the engine is whatever the machine's load."""
    encode = msgspec.msgpack.Encoder().encode
    decoders = {kind: msgspec.msgpack.Decoder(kind).decode for kind in {type(s) for s in states}}
    pairs = [(decoders[type(state)], state) for state in states]

    def floor() -> None:
        for decode, state in pairs:
            decode(encode(state))

    return floor


def versus_floor(what: str, count: int, engine: list[float], floor: list[float]) -> str:
    """``what``'s rate, the floor's, and the ratio engine/floor of each alternate run (median and range)."""
    ratios = sorted(e / f for e, f in zip(engine, floor, strict=True))
    return (
        f"{what}: median {count / statistics.median(engine):,.0f}/s; floor (a copy of each state) "
        f"{count / statistics.median(floor):,.0f}/s; engine/floor {statistics.median(ratios):.2f}x "
        f"(runs {ratios[0]:.2f}-{ratios[-1]:.2f}), {len(ratios)} runs timed alternately, {count} actions"
    )


def stats(values: list[float]) -> tuple[float, float, float, int]:
    """Median, p95 and p99 (the nearest rank) of ``values``, and how many there are; NaN when none."""
    ordered = sorted(values)
    if not ordered:
        return float("nan"), float("nan"), float("nan"), 0

    def at(q: float) -> float:
        return ordered[min(len(ordered) - 1, int(q * len(ordered)))]

    return statistics.median(ordered), at(0.95), at(0.99), len(ordered)
