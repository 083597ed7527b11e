"""The base classes of actions and events, and the one event every engine shares: ``DiceRolled``.

Actions are imperative (``Attack``), events past tense (``BattleFought``). Both are frozen msgspec
Structs tagged by class name, so a list of them round-trips through JSON exactly.
"""

from __future__ import annotations

import msgspec


class Action(msgspec.Struct, frozen=True, tag=True, tag_field="type", forbid_unknown_fields=True):
    """Something a seat asks to do; ``apply`` accepts it or raises ``IllegalAction``."""


class Event(msgspec.Struct, frozen=True, tag=True, tag_field="type", forbid_unknown_fields=True):
    """Something that happened. ``private`` events are shown only to their own seat until the game ends."""


class DiceRolled(Event, frozen=True):
    """Dice numbered ``first``, ``first + 1``... were rolled for ``seat`` (None: neutral or the game).

    ``countdown`` marks a shuffle: die ``i`` then has ``sides - i`` faces (Fisher-Yates), so a whole deal
    is one event that ``verify`` can still recompute die by die.
    """

    seat: int | None
    reason: str
    sides: int
    values: tuple[int, ...]
    first: int
    private: bool = False
    countdown: bool = False

    def sides_of(self, i: int) -> int:
        return self.sides - i if self.countdown else self.sides
