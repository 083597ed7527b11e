"""Pictures drawn once: a small bounded cache of finished PNGs, keyed by everything they are drawn from.

A game's pictures are pure (``render.core.pictures``: the same arguments give the same bytes), so a
picture asked for twice with the same view, names, title and marks can be sent again instead of drawn
again: the turn's announcement and the waiting player's /game map, a DM notice and the channel's ping,
two players looking at one board. The key is a digest of the arguments themselves, the view included,
so a cached picture can never be an older position's (a move makes a new view) nor another seat's (a
seat's own view, cards and all, differs from the public one and from every other seat's).
"""

from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

import msgspec

from render.core.cache import OnePerKey

_encoder = msgspec.msgpack.Encoder()


def picture_key(*drawn_from: Any) -> bytes:
    """A digest of what a picture is drawn from (views, events and names are msgspec-encodable). Each
    part's type name is part of it, so two kinds of view that happen to encode alike never meet."""
    parts = [(type(part).__qualname__, part) for part in drawn_from]
    return hashlib.blake2b(_encoder.encode(parts), digest_size=20).digest()


class DrawnOnce:
    """At most ``max_bytes`` of pictures (and ``max_entries``), the least recently asked forgotten first.
    Two threads asking for the same missing picture draw it once: the second waits for the first. A
    picture that is ``None`` (a close-up the board does not need) is remembered too."""

    def __init__(self, max_bytes: int = 24 << 20, max_entries: int = 256) -> None:
        self._max_bytes, self._max_entries = max_bytes, max_entries
        self._values: OrderedDict[bytes, bytes | None] = OrderedDict()
        self._size = 0
        self._drawing = OnePerKey()
        self._guard = threading.Lock()
        self.drawn = 0  # pictures drawn (not found): tests and benches read it

    def get(self, key: bytes, draw: Callable[[], bytes | None]) -> bytes | None:
        found, value = self._find(key)
        if found:
            return value
        with self._drawing.held(key):
            found, value = self._find(key)
            if not found:  # first in: draw; later callers find it done
                value = draw()
                self._keep(key, value)
        return value

    def _find(self, key: bytes) -> tuple[bool, bytes | None]:
        with self._guard:
            if key not in self._values:
                return False, None
            self._values.move_to_end(key)
            return True, self._values[key]

    def _keep(self, key: bytes, value: bytes | None) -> None:
        size = len(value) if value is not None else 0
        with self._guard:
            self.drawn += 1
            if size > self._max_bytes:  # bigger than the whole cache: sent, not kept
                return
            self._values[key] = value
            self._size += size
            while self._size > self._max_bytes or len(self._values) > self._max_entries:
                _, old = self._values.popitem(last=False)
                self._size -= len(old) if old is not None else 0

    def clear(self) -> None:
        with self._guard:
            self._values.clear()
            self._size = 0
            self.drawn = 0

    def __len__(self) -> int:
        return len(self._values)

    @property
    def size(self) -> int:
        """The bytes of pictures kept."""
        return self._size
