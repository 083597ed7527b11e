"""A move's commit on PostgreSQL as ONE statement: data-modifying CTEs that bump the game's version only
if it still has the value the caller read, apply the update, replace the timers, and append the log
rows with what is kept beside them (reverted rows, snapshots, turn starts), in one round trip and one
WAL flush. Every writing part reads ``bumped``, so when the version check fails nothing at all is
written; the statement returns the new version (NULL: a conflict) and the last row appended.

What cannot share that statement runs after it in the same transaction (``PostgresStore.commit``):
replacing the seats (the old rows' keys collide with the new ones within one statement) and what an
undo or rollback deletes (snapshots and turn starts at or after the first row it takes back, which may
include rows this very commit wrote, and a statement never sees its own writes).

The row numbers: the game row keeps its log's length (``log_length``, its highest seq), and ``bumped``
adds the count of rows appended and returns the sum, so the n rows are numbered up to it in entry order
(entry k is ``log_length - n + k``). Reading the log's end instead (a CTE taking ``MAX(seq)`` of the
game's rows) took about an eighth of a move's execution time on the server (EXPLAIN ANALYZE). The
length comes from the row that ``bumped`` locks and updates, which is the latest committed one whatever
this statement's snapshot, and that lock serialises commits on a game: two never number rows alike.
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
    if entries:  # their count is a number from code, never input
        sets.append(f", log_length = log_length + {len(entries)}")
    parts = [
        "bumped AS (UPDATE games SET version = version + 1, updated_at = $3"
        f"{''.join(sets)} WHERE id = $1 AND version = $2 RETURNING version, log_length)"
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
        parts.extend(_appending(entries, at, params))
        seq = "(SELECT log_length FROM bumped)"  # the last row appended
    sql = f"WITH {', '.join(parts)} SELECT (SELECT version FROM bumped) AS version, {seq} AS seq"
    return sql, params.values


def _appending(entries: Sequence[LogEntry], at: str, params: _Params) -> list[str]:
    """The CTEs appending ``entries``: entry k (from 1) of n becomes row ``bumped.log_length - n + k``
    (the length after this commit). Rows are VALUES lists of scalar parameters, not arrays to unnest: a
    move is one row, and unnesting arrays costs that one row about as much server time again
    (bench/pg_store.py). Nothing reads what they insert (a data-modifying CTE runs to completion all the
    same), so they return nothing."""
    seq = f"bumped.log_length - {len(entries)} + r.k"  # entry r.k's row
    rows = ", ".join(
        f"({k}, {params.add(e.kind, '::text')}, {params.add(e.seat, '::bigint')}, "
        f"{params.add(e.user_id, '::bigint')}, {params.add(e.action, '::text')}, "
        f"{params.add(e.events, '::text')}, {params.add(e.at or at, '::text')}, {int(e.opens_round)})"
        for k, e in _numbered(entries)
    )
    parts = [
        "appended AS (INSERT INTO actions "
        "(game_id, seq, kind, seat, user_id, action, events, at, opens_round) "
        f"SELECT $1, {seq}, r.kind, r.seat, r.user_id, r.action, r.events, r.at, r.opens_round "
        f"FROM bumped, (VALUES {rows}) AS r(k, kind, seat, user_id, action, events, at, opens_round))"
    ]
    # What is kept beside the rows, each as (entry number, value) pairs.
    beside = (
        ("reverted", "seq, by_seq", f"r.value, {seq}", "::bigint", [
            (k, s) for k, e in _numbered(entries) for s in e.reverts
        ]),
        ("snapshots", "seq, state", f"{seq}, r.value", "::text", [
            (k, e.snapshot) for k, e in _numbered(entries) if e.snapshot is not None
        ]),
        ("turn_starts", "seat, seq", f"r.value, {seq}", "::bigint", [
            (k, s) for k, e in _numbered(entries) for s in e.turn_seats
        ]),
    )  # fmt: skip
    for table, names, values, cast, pairs in beside:
        if pairs:
            given = ", ".join(f"({k}, {params.add(value, cast)})" for k, value in pairs)
            parts.append(
                f"{table}_new AS (INSERT INTO {table} (game_id, {names}) SELECT $1, {values} "
                f"FROM bumped, (VALUES {given}) AS r(k, value))"
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
