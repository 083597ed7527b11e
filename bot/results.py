"""A finished game read into its result per part (issue 35, item 5): who played each seat, with what
share of its turns, on which side, in which place, and how reliably (turns held, turns missed, seat
abandoned). Pure: the store reads the rows (``GameStore.game_outline``), this reads them.

Who held a seat when comes from the log's system rows: ``replace`` (a substitute or a moderator's
change; it names the member who held the seat before, ``from_user``), ``timeout`` (a missed deadline;
``to_ai`` when it handed the seat to the AI) and ``reclaim`` (the member took it back). The turns come
from the turn starts kept beside the log (schema V5): a turn that began waiting on the seat is its
holder's turn if a member held it then.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass

from bot.ratings import Played, sides
from bot.records import SeatRecord

ABANDONED = ("resigned", "kicked")  # a seat's status when its member left it for good


@dataclass(frozen=True, slots=True)
class Note:
    """A system row of the log: its seq, its seat and what it said."""

    seq: int
    seat: int | None
    meta: dict[str, object]

    @classmethod
    def of(cls, seq: int, seat: int | None, action: str | None) -> Note:
        try:
            meta = json.loads(action) if action else {}
        except ValueError:
            meta = {}
        return cls(int(seq), None if seat is None else int(seat), meta if isinstance(meta, dict) else {})


@dataclass(frozen=True, slots=True)
class Outline:
    """What the store reads of a finished game's log to settle it."""

    notes: tuple[Note, ...]  # the system rows, in seq order
    turn_starts: tuple[tuple[int, int], ...]  # (seat, seq) of every turn start


@dataclass(frozen=True, slots=True)
class Part:
    """A member's part in a seat (or the AI's: ``user_id`` None), as stored in ``results``."""

    user_id: int | None
    seat: int
    side: int
    place: int  # 1: won; 2: lost; 0: nobody won (the game was ended unfinished: everyone tied)
    weight: float = 1.0
    turns: int = 0
    missed: int = 0
    abandoned: bool = False

    @property
    def played(self) -> Played:
        return Played(self.user_id, self.side, self.place or 1, self.weight)


@dataclass(frozen=True, slots=True)
class _Hold:
    after: int  # from the row after this seq on
    user_id: int | None
    human: bool


def parts(seats: Sequence[SeatRecord], winners: Sequence[int], outline: Outline) -> list[Part]:
    """Every part of the finished game, seat by seat; an AI-only seat is one part with no member."""
    placed = sides(winners, len(seats))
    found: list[Part] = []
    for record in seats:
        side, rank = placed[record.seat]
        place = rank if winners else 0
        holds = _holds(record, [n for n in outline.notes if n.seat == record.seat])
        starts = [seq for seat, seq in outline.turn_starts if seat == record.seat]
        turns: dict[int, int] = {}
        for seq in starts:
            hold = _at(holds, seq)
            if hold.human and hold.user_id is not None:
                turns[hold.user_id] = turns.get(hold.user_id, 0) + 1
        missed: dict[int, int] = {}
        for note in outline.notes:
            if note.seat == record.seat and note.meta.get("type") == "timeout":
                hold = _at(holds, note.seq)
                if hold.human and hold.user_id is not None:
                    missed[hold.user_id] = missed.get(hold.user_id, 0) + 1
        members = list(dict.fromkeys(h.user_id for h in holds if h.human and h.user_id is not None))
        if not members:
            found.append(Part(None, record.seat, side, place))
            continue
        shared = len({(h.user_id, h.human) for h in holds}) > 1 and bool(starts)
        for member in members:
            weight = min(max(turns.get(member, 0) / len(starts), 0.01), 1.0) if shared else 1.0
            found.append(
                Part(
                    member,
                    record.seat,
                    side,
                    place,
                    weight,
                    turns.get(member, 0),
                    missed.get(member, 0),
                    _abandoned(record, holds, member),
                )
            )
    return found


def _holds(record: SeatRecord, notes: Sequence[Note]) -> list[_Hold]:
    """Who held the seat from when: the first holder (the member a first substitute took over from, else
    the seat's member now), then each change the log records."""
    replaces = [n for n in notes if n.meta.get("type") == "replace"]
    first = replaces[0].meta.get("from_user", record.user_id) if replaces else record.user_id
    user = first if isinstance(first, int) else None
    holds = [_Hold(0, user, user is not None)]
    for note in notes:
        kind, now = note.meta.get("type"), holds[-1]
        if kind == "replace":
            new = note.meta.get("user_id")
            new_user = new if isinstance(new, int) else None
            holds.append(_Hold(note.seq, new_user, new_user is not None))
        elif kind == "timeout" and note.meta.get("to_ai") and now.human:
            holds.append(_Hold(note.seq, now.user_id, False))
        elif kind == "reclaim" and not now.human:
            holds.append(_Hold(note.seq, now.user_id, True))
    return holds


def _at(holds: Sequence[_Hold], seq: int) -> _Hold:
    """The hold in force at row ``seq`` (a change at ``seq`` itself counts from the next row: a timeout
    row is the miss of the turn it ends, which its holder held)."""
    return [h for h in holds if h.after < seq][-1] if seq > 0 else holds[0]


def _abandoned(record: SeatRecord, holds: Sequence[_Hold], member: int) -> bool:
    """The member left the seat for good: resigned or removed from it, or left it to the AI (missed
    deadlines, or a moderator's hand-over) and never took it back."""
    if record.user_id == member and record.status in ABANDONED:
        return True
    last = holds[-1]
    if last.human or len(holds) < 2:
        return False
    before = holds[-2]
    return before.human and before.user_id == member
