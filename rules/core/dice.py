"""Counter-based dice: roll number n of a game is a pure function of the game's secret seed and n.

Nothing is stored but the seed (secret until the game ends) and a counter in the state. This gives:
replay (same seed + same actions = same game), verification (publish SHA-256 of the seed at the start,
reveal the seed at the end, let anyone recompute every roll) and no PRNG state to persist or leak.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Iterable, Sequence
from typing import Protocol, TypeVar

from rules.core.events import DiceRolled, Event

T = TypeVar("T")


class Rng(Protocol):
    """Where dice come from: the value of roll number ``n`` on a die with ``sides`` faces."""

    def die(self, n: int, sides: int) -> int: ...


def seed_hash(seed: str) -> str:
    """The commitment published when a game starts: SHA-256 of the seed's UTF-8 text, in hex."""
    return hashlib.sha256(seed.encode()).hexdigest()


def derive_die(seed: str, n: int, sides: int) -> int:
    """Roll ``n`` of a game with this seed: HMAC-SHA256(seed, n) read as unbiased 1..sides.

    Each 8-byte word of the digest is tried in turn and rejected when it falls in the short tail
    that would bias ``% sides``; should all four be rejected (probability < 2**-200 for dice), the
    digest is re-hashed. Anyone can reimplement this from the docstring to check a game.
    """
    if sides < 1:
        raise ValueError("a die needs at least one side")
    limit = (1 << 64) - (1 << 64) % sides
    digest = hmac.new(seed.encode(), n.to_bytes(8, "big"), hashlib.sha256).digest()
    while True:
        for i in range(0, 32, 8):
            word = int.from_bytes(digest[i : i + 8], "big")
            if word < limit:
                return word % sides + 1
        digest = hashlib.sha256(digest).digest()


class SeededRng:
    """The real dice of a game."""

    __slots__ = ("_seed",)

    def __init__(self, seed: str) -> None:
        self._seed = seed

    def die(self, n: int, sides: int) -> int:
        return derive_die(self._seed, n, sides)


class ScriptedRng:
    """Dice for rule tests: hands out the given values in order, whatever the roll number.

    Running out, or a value that cannot show on the die asked for, is a broken test script and fails
    loudly instead of inventing a roll.
    """

    def __init__(self, values: Iterable[int]) -> None:
        self._values = list(values)
        self._next = 0

    def die(self, n: int, sides: int) -> int:
        if self._next >= len(self._values):
            raise AssertionError(f"the test's dice ran out at roll {n}")
        value = self._values[self._next]
        self._next += 1
        if not 1 <= value <= sides:
            raise AssertionError(f"scripted value {value} cannot show on a {sides}-sided die (roll {n})")
        return value

    @property
    def unused(self) -> int:
        """How many scripted values were never rolled (a test usually wants 0)."""
        return len(self._values) - self._next


class DiceCup:
    """Rolls dice inside one ``apply`` call, numbering them from the state's counter.

    Every roll is appended to ``events`` as a ``DiceRolled`` so the log shows every die; ``count`` is
    the counter the new state must store.
    """

    __slots__ = ("_events", "_rng", "count")

    def __init__(self, rng: Rng, count: int, events: list[Event]) -> None:
        self._rng = rng
        self.count = count
        self._events = events

    def roll(
        self, dice: int, sides: int, seat: int | None, reason: str, private: bool = False
    ) -> tuple[int, ...]:
        first = self.count
        values = tuple(self._rng.die(first + i, sides) for i in range(dice))
        self.count += dice
        self._events.append(
            DiceRolled(seat=seat, reason=reason, sides=sides, values=values, first=first, private=private)
        )
        return values

    def shuffle(self, items: Sequence[T], seat: int | None, reason: str) -> tuple[T, ...]:
        """A uniformly random order of ``items`` (Fisher-Yates), recorded as one countdown roll."""
        order = list(items)
        if len(order) < 2:
            return tuple(order)
        first = self.count
        values = []
        for i in range(len(order) - 1):
            sides = len(order) - i
            value = self._rng.die(first + i, sides)
            values.append(value)
            j = sides - 1
            order[j], order[value - 1] = order[value - 1], order[j]
        self.count += len(values)
        self._events.append(
            DiceRolled(
                seat=seat, reason=reason, sides=len(order), values=tuple(values), first=first, countdown=True
            )
        )
        return tuple(order)


def verify_rolls(seed: str, events: Sequence[Event]) -> list[str]:
    """Recompute every ``DiceRolled`` from the revealed seed; returns one sentence per mismatch."""
    problems = []
    for event in events:
        if not isinstance(event, DiceRolled):
            continue
        expected = tuple(
            derive_die(seed, event.first + i, event.sides_of(i)) for i in range(len(event.values))
        )
        if expected != event.values:
            problems.append(
                f"roll {event.first} ({event.reason}): recorded {list(event.values)}, "
                f"the seed gives {list(expected)}"
            )
    return problems
