"""A small cache of expensive, immutable results (static map layers), safe to share between threads.

Renders run in worker threads (``asyncio.to_thread``): two of them asking for the same missing layer
must not both build it, and nobody may see a half-built one. One lock per key (``OnePerKey``, which the
drawn-pictures cache shares) lets different layers build in parallel while callers of the same key wait
for the first builder.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class OnePerKey:
    """One worker at a time per key: two threads asking for the same missing value do the work once, the
    second waiting for the first and then finding it done, while different keys go on in parallel. A key's
    lock is dropped once its work ends (a failed one too, so the next caller tries again)."""

    def __init__(self) -> None:
        self._locks: dict[Hashable, threading.Lock] = {}
        self._guard = threading.Lock()

    @contextmanager
    def held(self, key: Hashable) -> Iterator[None]:
        with self._guard:
            lock = self._locks.setdefault(key, threading.Lock())
        try:
            with lock:
                yield
        finally:
            with self._guard:
                self._locks.pop(key, None)


class BuildCache(Generic[V]):
    def __init__(self, build: Callable[..., V], max_entries: int = 8) -> None:
        self._build = build
        self._max = max_entries  # widths are free-form: bound the memory a stream of odd ones can take
        self._values: dict[Hashable, V] = {}
        self._building = OnePerKey()
        self._guard = threading.Lock()

    def get(self, *key: Hashable) -> V:
        value = self._values.get(key)
        if value is not None:
            return value
        with self._building.held(key):
            value = self._values.get(key)
            if value is None:  # first in: build; later callers find it done
                value = self._build(*key)
                with self._guard:
                    while len(self._values) >= self._max:  # forget the oldest layer
                        del self._values[next(iter(self._values))]
                    self._values[key] = value
        return value

    def clear(self) -> None:
        """Forget every layer (tests measure cold renders with this)."""
        with self._guard:
            self._values.clear()

    def __len__(self) -> int:
        return len(self._values)


def kept(table: dict[K, V], key: K, make: Callable[[], V], limit: int) -> V:
    """``table[key]``, made with ``make`` and kept if missing; past ``limit`` entries the oldest are
    forgotten. For what renders on several threads work out and share: a race at worst makes one twice."""
    try:
        return table[key]
    except KeyError:  # (rare: what is kept is asked for again and again)
        pass
    made = make()
    forget_oldest(table, limit - 1)
    table[key] = made
    return made


def forget_oldest(table: dict[K, V], limit: int) -> None:
    """Forget ``table``'s oldest entries until it holds at most ``limit``, while other threads may be
    adding and forgetting too."""
    while len(table) > limit:
        try:
            table.pop(next(iter(table)), None)
        except (RuntimeError, StopIteration):  # changed by another thread between the two steps
            continue
