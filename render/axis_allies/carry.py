"""Searches carried over from one picture of a game to the next: the chips' layout (``layout``) and
the marks' places (``changes.Room``) search for free places one after another, each clear of the
boxes taken before it; a game's next position differs in a few territories, so most searches would
find again what they found. ``Carry`` gives those answers without searching, and runs every other
search as before, noting what it looked at (``reach.Probe``) for the next picture.

A search's answer depends only on the boxes taken when it runs that meet a place it tests (its places
are the same list, tested in the same order, and each test asks only whether a taken box meets that
place) and on the costs of the territories it reads. So it finds again what it found before if no box
taken then, before or now, differs between the two pictures within the box round the places it
tested, and no territory it read changed hands to or from its power. The boxes that differ are
counted as both pictures go (the kept one's taken up to the search's old turn, less this one's up to
its turn): a handful, where a few territories changed.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass

from render.axis_allies.reach import Probe
from render.core.boxes import Box
from rules.axis_allies.board import classic_board


@dataclass(frozen=True, slots=True)
class Searched:
    """What a search found and what it looked at: the box round every place it tested (None: none)
    and the territories (``territory_at`` values) whose costs it read."""

    found: object
    looked: Box | None
    values: set[int]  # (never changed once noted)
    at: int  # first pass: its turn; second pass: how many of that pass's boxes were taken before it


@dataclass(frozen=True, slots=True)
class Trace:
    """One picture's searches, for the next pictures to carry over what did not change (``Carry``)."""

    base: object
    owners: Mapping[str, str | None]
    shared: tuple[Box, ...]  # the boxes taken before the first search (but the names, on every one)
    first: dict[Hashable, Searched]  # each first-pass search, by its key
    boxes: tuple[Box | None, ...]  # the box each turn of the first pass took (None: none)
    keys: frozenset[int]  # the hashes of ``first``'s keys
    later: dict[Hashable, list[Searched]]  # a second pass's searches (the chips' layout's)
    later_boxes: tuple[Box, ...]  # the boxes the second pass took, in turn


class Carry:
    """What a picture carries over from the trace in ``kept`` on its base that shares the most first-pass
    keys (``order``, each search's key: what its answer depends on besides the boxes and costs):
    ``first`` for each of them in turn, then ``took`` with the box it took; ``later`` and ``later_took``
    for a second pass (each search of it after a number of that pass's boxes taken); ``keep`` at the
    end. ``shared`` are the boxes taken before the first search but the base's names."""

    def __init__(
        self,
        kept: list[Trace],
        base: object,
        order: Sequence[Hashable],
        shared: Sequence[Box],
        owners: Mapping[str, str | None],
    ) -> None:
        self.kept, self.base, self.owners, self.shared = kept, base, owners, tuple(shared)
        self.keys = frozenset(map(hash, order))  # (to pick the kept trace: ints compare quickly)
        self.first_found: dict[Hashable, Searched] = {}
        self.boxes: list[Box | None] = []
        self.later_found: dict[Hashable, list[Searched]] = {}
        self.later_boxes: list[Box] = []
        self.last: Trace | None = None
        self.differ: dict[Box, int] = {}  # the kept picture's taken boxes less this one's, where not 0
        self.at = 0  # the kept picture's first-pass turns whose boxes ``differ`` holds
        self.changed: dict[str, set[int]] = {}  # per power: territories (values) it gained or lost
        shared_base = [t for t in kept if t.base is base]
        if not shared_base:
            return
        self.last = last = max(shared_base, key=lambda t: len(t.keys & self.keys))
        if last.shared != self.shared:  # (a row or chip moved: the counts that differ)
            before, now = Counter(last.shared), Counter(self.shared)
            for box in (before - now).elements():
                self._count(box, 1)
            for box in (now - before).elements():
                self._count(box, -1)
        territories = classic_board().territories
        for name, owner in owners.items():
            held = last.owners.get(name)
            if held != owner:
                for power in (held, owner):
                    if power is not None:
                        self.changed.setdefault(power, set()).add(territories[name].index + 1)

    def _count(self, box: Box, n: int) -> None:
        c = self.differ.get(box, 0) + n
        if c:
            self.differ[box] = c
        else:
            del self.differ[box]

    def _move(self, last: Trace, to: int) -> None:
        """Count the kept picture's first-pass boxes up to its turn ``to`` (that turn's not)."""
        boxes = last.boxes
        while self.at < to:
            if (box := boxes[self.at]) is not None:
                self._count(box, 1)
            self.at += 1
        while self.at > to:
            self.at -= 1
            if (box := boxes[self.at]) is not None:
                self._count(box, -1)

    def _same(self, old: Searched, power: str | None, more: Iterable[Box] = ()) -> bool:
        """Whether ``old``'s search finds the same again: no box that differs (``differ`` and ``more``)
        meets what it tested, and no territory whose costs it read changed hands to or from
        ``power``."""
        if old.values and power is not None and not old.values.isdisjoint(self.changed.get(power, ())):
            return False
        if old.looked is None:
            return True
        x0, y0, x1, y1 = old.looked
        for boxes in (self.differ, more):
            for b in boxes:
                if b[0] <= x1 and x0 <= b[2] and b[1] <= y1 and y0 <= b[3]:
                    return False
        return True

    def first(self, key: Hashable, power: str | None) -> tuple[bool, object]:
        """Whether first-pass search ``key`` (for ``power``'s costs) finds again what it found in the
        kept picture, and that."""
        last = self.last
        old = last.first.get(key) if last is not None else None
        if last is None or old is None:
            return False, None
        self._move(last, old.at)
        if not self._same(old, power):
            return False, None
        self.first_found[key] = Searched(old.found, old.looked, old.values, len(self.boxes))
        return True, old.found

    def searched(self, key: Hashable, found: object, probe: Probe) -> None:
        self.first_found[key] = Searched(found, probe.box, probe.values, len(self.boxes))

    def took(self, box: Box | None) -> None:
        """The box the first pass's search took, in turn (None: none)."""
        self.boxes.append(box)
        if box is not None and self.last is not None:
            self._count(box, -1)

    def first_done(self) -> None:
        if self.last is not None:
            self._move(self.last, len(self.last.boxes))

    def later(self, key: Hashable, power: str | None) -> object | None:
        """What a second-pass search ``key`` of the kept picture found, if it finds it again now (after
        the same number of that pass's boxes taken or not: those that differ count); else None."""
        last = self.last
        if last is None:
            return None
        for old in last.later.get(key, ()):
            before, now = Counter(last.later_boxes[: old.at]), Counter(self.later_boxes)
            if self._same(old, power, ((before - now) + (now - before)).elements()):
                self.later_found.setdefault(key, []).append(
                    Searched(old.found, old.looked, old.values, len(self.later_boxes))
                )
                return old.found
        return None

    def later_searched(self, key: Hashable, found: object, probe: Probe) -> None:
        self.later_found.setdefault(key, []).append(
            Searched(found, probe.box, probe.values, len(self.later_boxes))
        )

    def later_took(self, box: Box) -> None:
        self.later_boxes.append(box)

    def keep(self, limit: int) -> None:
        """Keep this picture's searches in ``kept`` for the next ones (the oldest forgotten past
        ``limit``)."""
        trace = Trace(
            self.base, self.owners, self.shared, self.first_found, tuple(self.boxes), self.keys,
            self.later_found, tuple(self.later_boxes),
        )  # fmt: skip
        while len(self.kept) >= limit:
            try:
                self.kept.pop(0)
            except IndexError:  # (emptied by another thread)
                break
        self.kept.append(trace)
