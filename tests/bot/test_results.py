"""A finished game read into parts (issue 35, item 5, bot/results.py): who held each seat for which turns,
their share, their misses, and whether they left it for good, from the log's system rows."""

from __future__ import annotations

import json

from bot.results import Note, Outline, Part, parts
from bot.store import SeatRecord


def seat(n: int, user: int | None, controller: str = "human", status: str = "playing") -> SeatRecord:
    return SeatRecord(n, user, f"P{n}", controller, status)


def note(seq: int, at: int, **meta: object) -> Note:
    return Note.of(seq, at, json.dumps({**meta, "seat": at}))


def test_a_substitute_and_the_member_before_share_the_seat_by_the_turns_each_held() -> None:
    seats = [seat(0, 7), seat(1, 20)]
    notes = (note(10, 0, type="replace", user_id=7, name="P0", **{"from": "Old", "from_user": 5}),)
    starts = ((0, 1), (1, 3), (0, 5), (1, 7), (0, 9), (1, 11), (0, 12), (1, 14))  # seat 0: 3 turns, then 1
    found = parts(seats, [1], Outline(notes, starts))
    assert found == [
        Part(5, 0, 0, 2, 0.75, 3, 0, False),  # handed on to a substitute: not abandoned
        Part(7, 0, 0, 2, 0.25, 1, 0, False),
        Part(20, 1, 1, 1, 1.0, 4, 0, False),
    ]


def test_missed_turns_count_for_whoever_held_the_seat_and_a_seat_left_to_the_ai_is_abandoned() -> None:
    seats = [seat(0, 5, controller="ai"), seat(1, None, controller="ai")]
    notes = (
        note(4, 0, type="timeout", missed=1, to_ai=False),
        note(4, 1, type="timeout", missed=0, to_ai=False),  # the AI's own seat: no miss
        note(8, 0, type="timeout", missed=2, to_ai=True),
        note(9, 0, type="reclaim"),
        note(13, 0, type="timeout", missed=1, to_ai=True),
    )
    starts = ((0, 1), (1, 2), (0, 6), (1, 7), (0, 10), (1, 11), (0, 14), (1, 15))
    found = parts(seats, [0], Outline(notes, starts))
    assert found == [
        Part(5, 0, 0, 1, 0.75, 3, 3, True),  # turns at 1, 6 and 10; the turn at 14 was the AI's
        Part(None, 1, 1, 2),
    ]


def test_a_resigned_or_removed_seat_is_abandoned_and_an_alliance_is_one_side() -> None:
    seats = [seat(0, 1), seat(1, 2, status="resigned"), seat(2, 3), seat(3, 4, status="kicked")]
    found = parts(seats, [0, 2], Outline((), ()))
    assert [(p.user_id, p.side, p.place, p.abandoned) for p in found] == [
        (1, 0, 1, False),
        (2, 1, 2, True),
        (3, 0, 1, False),
        (4, 1, 2, True),
    ]
