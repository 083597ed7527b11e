"""A move's commit on PostgreSQL as ONE statement: data-modifying CTEs that bump the game's version only
if it still has the value the caller read, apply the update, replace the timers, and append the log
rows with what is kept beside them (reverted rows, snapshots, turn starts), in one round trip and one
WAL flush. Every writing part reads ``bumped``, so when the version check fails nothing at all is
written; the statement returns the new version (NULL: a conflict) and the last row appended.

What cannot share that statement runs after it in the same transaction (``PostgresStore.commit``):
replacing the seats (the old rows' keys collide with the new ones within one statement) and what an
undo or rollback deletes (snapshots and turn starts at or after the first row it takes back, which may
include rows this very commit wrote, and a statement never sees its own writes).

The row numbers: every row is numbered after the game's last (``last``), in entry order. The game's
row lock, taken by ``bumped``, serialises commits on a game; a commit that could have appended after
this statement's snapshot was taken would have moved the version this statement checks.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import fields
from typing import Any

import asyncpg

from bot.records import GameUpdate, LogEntry, SeatRecord, TimerSpec, now_text

_UPDATABLE = [f.name for f in fields(GameUpdate) if f.name not in ("options", "clear")]
_CLEARABLE = ("deadline_at", "turn_started_at", "status_message_id")
_SEAT_NAMES = [f.name for f in fields(SeatRecord)]
# The seat columns' array types for a bulk insert, from the record's annotations ("int | None": bigint).
_SEAT_TYPES = ["bigint" if str(f.type).startswith("int") else "text" for f in fields(SeatRecord)]


class _Params:
    """Numbered parameters: ``add`` returns ``$n`` (with a cast) for a value."""

    def __init__(self, *first: Any) -> None:
        self.values = list(first)

    def add(self, value: Any, cast: str = "") -> str:
        self.values.append(value)
        return f"${len(self.values)}{cast}"


def commit_statement(
    game_id: int,
    expected_version: int,
    update: GameUpdate,
    entries: Sequence[LogEntry],
    timers: Sequence[TimerSpec] | None,
) -> tuple[str, list[Any]]:
    at = now_text()
    params = _Params(game_id, expected_version, at)  # $1, $2, $3
    changed = [name for name in _UPDATABLE if getattr(update, name) is not None]
    sets = [f", {name} = {params.add(getattr(update, name))}" for name in changed]
    for name in update.clear:
        if name not in _CLEARABLE:
            raise ValueError(f"column {name} cannot be cleared")
        sets.append(f", {name} = NULL")
    if update.options is not None:
        sets.append(f", options = {params.add(json.dumps(dict(update.options)))}")
    parts = [
        "bumped AS (UPDATE games SET version = version + 1, updated_at = $3"
        f"{''.join(sets)} WHERE id = $1 AND version = $2 RETURNING version)"
    ]
    if timers is not None:
        parts.append(
            "timers_gone AS (DELETE FROM timers WHERE game_id = $1 AND EXISTS (SELECT 1 FROM bumped))"
        )
        if timers:
            kinds = params.add([t.kind for t in timers], "::text[]")
            dues = params.add([t.due_at for t in timers], "::text[]")
            payloads = params.add([t.payload for t in timers], "::text[]")
            parts.append(
                "timers_new AS (INSERT INTO timers (game_id, kind, due_at, payload) "
                f"SELECT $1, t.kind, t.due_at, t.payload FROM bumped, unnest({kinds}, {dues}, {payloads}) "
                "AS t(kind, due_at, payload))"
            )
    seq = "NULL::bigint"
    if entries:
        parts.append("last AS (SELECT COALESCE(MAX(seq), 0) AS seq FROM actions WHERE game_id = $1)")
        parts.extend(_appending(entries, at, params))
        seq = "(SELECT MAX(seq) FROM appended)"
    sql = f"WITH {', '.join(parts)} SELECT (SELECT version FROM bumped) AS version, {seq} AS seq"
    return sql, params.values


def _appending(entries: Sequence[LogEntry], at: str, params: _Params) -> list[str]:
    """The CTEs appending ``entries``: entry k (from 1) becomes row ``last.seq + k``. Rows are VALUES
    lists of scalar parameters, not arrays to unnest: a move is one row, and unnesting arrays costs
    that one row about as much server time again (bench/pg_store.py)."""
    rows = ", ".join(
        f"({k}, {params.add(e.kind, '::text')}, {params.add(e.seat, '::bigint')}, "
        f"{params.add(e.user_id, '::bigint')}, {params.add(e.action, '::text')}, "
        f"{params.add(e.events, '::text')}, {params.add(e.at or at, '::text')}, {int(e.opens_round)})"
        for k, e in _numbered(entries)
    )
    parts = [
        "appended AS (INSERT INTO actions "
        "(game_id, seq, kind, seat, user_id, action, events, at, opens_round) "
        "SELECT $1, last.seq + e.k, e.kind, e.seat, e.user_id, e.action, e.events, e.at, e.opens_round "
        f"FROM bumped, last, (VALUES {rows}) AS e(k, kind, seat, user_id, action, events, at, opens_round) "
        "RETURNING seq)"
    ]
    # What is kept beside the rows, each as (entry number, value) pairs.
    beside = (
        ("reverted", "seq, by_seq", "r.value, last.seq + r.k", "::bigint", [
            (k, s) for k, e in _numbered(entries) for s in e.reverts
        ]),
        ("snapshots", "seq, state", "last.seq + r.k, r.value", "::text", [
            (k, e.snapshot) for k, e in _numbered(entries) if e.snapshot is not None
        ]),
        ("turn_starts", "seat, seq", "r.value, last.seq + r.k", "::bigint", [
            (k, s) for k, e in _numbered(entries) for s in e.turn_seats
        ]),
    )  # fmt: skip
    for table, names, values, cast, pairs in beside:
        if pairs:
            given = ", ".join(f"({k}, {params.add(value, cast)})" for k, value in pairs)
            parts.append(
                f"{table}_new AS (INSERT INTO {table} (game_id, {names}) SELECT $1, {values} "
                f"FROM bumped, last, (VALUES {given}) AS r(k, value))"
            )
    return parts


def _numbered(entries: Sequence[LogEntry]) -> list[tuple[int, LogEntry]]:
    return list(enumerate(entries, 1))


def forget_reverted_statement(entries: Sequence[LogEntry], last_seq: int) -> tuple[str, list[Any]] | None:
    """After the commit statement (same transaction): for each entry that takes rows back, delete the
    snapshots and turn starts from its first reverted row up to (not including) its own row, which is
    what existed when that entry came, in entry order. None when no entry takes anything back."""
    first_seq = last_seq - len(entries) + 1
    ranges = [(min(e.reverts), first_seq + i) for i, e in enumerate(entries) if e.reverts]
    if not ranges:
        return None
    sql = (
        "WITH ranges AS (SELECT * FROM unnest($2::bigint[], $3::bigint[]) AS d(low, high)), "
        "snapshots_gone AS (DELETE FROM snapshots s USING ranges d "
        "WHERE s.game_id = $1 AND s.seq >= d.low AND s.seq < d.high), "
        "turn_starts_gone AS (DELETE FROM turn_starts t USING ranges d "
        "WHERE t.game_id = $1 AND t.seq >= d.low AND t.seq < d.high) "
        "SELECT 1"
    )
    return sql, [[low for low, _ in ranges], [high for _, high in ranges]]


async def replace_seats(connection: asyncpg.Connection, game_id: int, seats: Sequence[SeatRecord]) -> None:
    await connection.execute("DELETE FROM seats WHERE game_id = $1", game_id)
    if not seats:
        return
    columns = [[getattr(seat, name) for seat in seats] for name in _SEAT_NAMES]
    arrays = ", ".join(f"${i + 2}::{kind}[]" for i, kind in enumerate(_SEAT_TYPES))
    await connection.execute(
        f"INSERT INTO seats (game_id, {', '.join(_SEAT_NAMES)}) SELECT $1, * FROM unnest({arrays})",
        game_id,
        *columns,
    )
