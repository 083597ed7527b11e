"""A move's commit on PostgreSQL as ONE statement: data-modifying CTEs that bump the game's version only
if it still has the value the caller read, apply the update, replace the timers, and append the log
rows with what is kept beside them (reverted rows, snapshots, turn starts), in one round trip and one
WAL flush. Every writing part reads ``bumped``, so when the version check fails nothing at all is
written; the statement returns the new version and the last row appended, or no row at all: a
conflict. (Selecting from ``bumped`` itself, rather than a row of two sub-selects that are NULL on a
conflict, takes about a fifth off the statement's execution on the server by EXPLAIN ANALYZE, and
about 5 µs off a commit end to end.)

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

import functools
import json
import operator
from collections.abc import Callable, Sequence
from dataclasses import fields
from typing import Any, NamedTuple

import asyncpg

from bot.records import GameUpdate, LogEntry, SeatRecord, TimerSpec, now_text

_UPDATABLE = [f.name for f in fields(GameUpdate) if f.name not in ("options", "clear")]
_CLEARABLE = ("deadline_at", "turn_started_at", "status_message_id")
_SEAT_NAMES = [f.name for f in fields(SeatRecord)]
# The seat columns' array types for a bulk insert, from the record's annotations ("int | None": bigint).
_SEAT_TYPES = ["bigint" if str(f.type).startswith("int") else "text" for f in fields(SeatRecord)]


class _Call(NamedTuple):
    """What one commit was given: the parameters' values are read from it."""

    update: GameUpdate
    entries: Sequence[LogEntry]
    timers: Sequence[TimerSpec] | None
    at: str


Read = Callable[[_Call], Any]


class _EntryShape(NamedTuple):
    reverts: int
    snapshot: bool
    turn_seats: int
    opens_round: bool


class _Shape(NamedTuple):
    """Everything a commit's statement text depends on."""

    changed: tuple[str, ...]  # the columns set
    clear: tuple[str, ...]  # the columns set to NULL
    options: bool
    entries: tuple[_EntryShape, ...]
    timers: bool | None  # None: left as they are; False: all deleted


def _shape(update: GameUpdate, entries: Sequence[LogEntry], timers: Sequence[TimerSpec] | None) -> _Shape:
    return _Shape(
        tuple(name for name in _UPDATABLE if getattr(update, name) is not None),
        update.clear,
        update.options is not None,
        tuple(
            _EntryShape(len(e.reverts), e.snapshot is not None, len(e.turn_seats), e.opens_round)
            for e in entries
        ),
        None if timers is None else bool(timers),
    )


class _Params:
    """Numbered parameters: ``add`` returns ``$n`` (with a cast) for the value ``read`` takes from a
    commit. ``$1`` to ``$4`` are always the game's id, the expected version, the time and the versions
    the commit counts (one a move)."""

    def __init__(self) -> None:
        self.reads: list[Read] = []

    def add(self, read: Read, cast: str = "") -> str:
        self.reads.append(read)
        return f"${len(self.reads) + 4}{cast}"


def commit_statement(
    game_id: int,
    expected_version: int,
    update: GameUpdate,
    entries: Sequence[LogEntry],
    timers: Sequence[TimerSpec] | None,
    versions: int = 1,
) -> tuple[str, list[Any]]:
    """The statement for a commit, and its parameters. The statement depends only on the commit's
    shape (which columns change, how many rows of which kinds), so it is made once per shape and a
    move only reads its values: about 5 µs less client CPU a commit than writing the SQL each time
    (an interleaved A/B of the two on a running loop), and asyncpg finds its prepared statement by the
    very same string."""
    sql, reads = _statement(_shape(update, entries, timers))
    call = _Call(update, entries, timers, now_text())
    return sql, [game_id, expected_version, call.at, versions, *(read(call) for read in reads)]


@functools.lru_cache(maxsize=256)
def _statement(shape: _Shape) -> tuple[str, tuple[Read, ...]]:
    changed, clear, has_options, entry_shapes, has_timers = shape
    params = _Params()
    sets = [f", {name} = {params.add(operator.attrgetter(f'update.{name}'))}" for name in changed]
    for name in clear:
        if name not in _CLEARABLE:
            raise ValueError(f"column {name} cannot be cleared")
        sets.append(f", {name} = NULL")
    if has_options:
        sets.append(f", options = {params.add(_options)}")
    if entry_shapes:  # their count is a number from code, never input
        sets.append(f", log_length = log_length + {len(entry_shapes)}")
    parts = [
        "bumped AS (UPDATE games SET version = version + $4::bigint, updated_at = $3"
        f"{''.join(sets)} WHERE id = $1 AND version = $2 RETURNING version, log_length)"
    ]
    if has_timers is not None:
        parts.append(
            "timers_gone AS (DELETE FROM timers WHERE game_id = $1 AND EXISTS (SELECT 1 FROM bumped))"
        )
        if has_timers:
            kinds, dues, payloads = (
                params.add(_timers(name), "::text[]") for name in ("kind", "due_at", "payload")
            )
            parts.append(
                "timers_new AS (INSERT INTO timers (game_id, kind, due_at, payload) "
                f"SELECT $1, t.kind, t.due_at, t.payload FROM bumped, unnest({kinds}, {dues}, {payloads}) "
                "AS t(kind, due_at, payload))"
            )
    seq = "NULL::bigint"  # no row appended
    if entry_shapes:
        parts.extend(_appending(entry_shapes, params))
        seq = "log_length"  # the last row appended
    sql = f"WITH {', '.join(parts)} SELECT version, {seq} AS seq FROM bumped"
    return sql, tuple(params.reads)


def _options(call: _Call) -> str:
    return json.dumps(dict(call.update.options or {}))


def _entry(index: int, name: str) -> Read:
    return lambda c: getattr(c.entries[index], name)


def _entry_item(index: int, name: str, item: int) -> Read:
    return lambda c: getattr(c.entries[index], name)[item]


def _entry_time(index: int) -> Read:
    return lambda c: c.entries[index].at or c.at  # an imported row keeps its time


def _timers(name: str) -> Read:
    return lambda c: [getattr(timer, name) for timer in c.timers or ()]


_ROW_VALUES = (("kind", "::text"), ("seat", "::bigint"), ("user_id", "::bigint"), ("action", "::text"),
               ("events", "::text"))  # fmt: skip


def _row(k: int, opens_round: bool, params: _Params) -> str:
    """Entry k's VALUES row: (k, kind, seat, user_id, action, events, at, opens_round)."""
    given = [params.add(_entry(k - 1, name), cast) for name, cast in _ROW_VALUES]
    given.append(params.add(_entry_time(k - 1), "::text"))
    return f"({k}, {', '.join(given)}, {int(opens_round)})"


def _appending(entry_shapes: tuple[_EntryShape, ...], params: _Params) -> list[str]:
    """The CTEs appending the entries: entry k (from 1) of n becomes row ``bumped.log_length - n + k``
    (the length after this commit). Rows are VALUES lists of scalar parameters, not arrays to unnest: a
    move is one row, and unnesting arrays costs that one row about as much server time again
    (bench/pg_store.py). Nothing reads what they insert (a data-modifying CTE runs to completion all the
    same), so they return nothing."""
    seq = f"bumped.log_length - {len(entry_shapes)} + r.k"  # entry r.k's row
    rows = ", ".join(_row(k, entry.opens_round, params) for k, entry in enumerate(entry_shapes, 1))
    parts = [
        "appended AS (INSERT INTO actions "
        "(game_id, seq, kind, seat, user_id, action, events, at, opens_round) "
        f"SELECT $1, {seq}, r.kind, r.seat, r.user_id, r.action, r.events, r.at, r.opens_round "
        f"FROM bumped, (VALUES {rows}) AS r(k, kind, seat, user_id, action, events, at, opens_round))"
    ]
    # What is kept beside the rows, each as (entry number, value) pairs.
    beside = (
        ("reverted", "seq, by_seq", f"r.value, {seq}", "::bigint", [
            (k, _entry_item(k - 1, "reverts", j))
            for k, e in enumerate(entry_shapes, 1) for j in range(e.reverts)
        ]),
        ("snapshots", "seq, state", f"{seq}, r.value", "::text", [
            (k, _entry(k - 1, "snapshot")) for k, e in enumerate(entry_shapes, 1) if e.snapshot
        ]),
        ("turn_starts", "seat, seq", f"r.value, {seq}", "::bigint", [
            (k, _entry_item(k - 1, "turn_seats", j))
            for k, e in enumerate(entry_shapes, 1) for j in range(e.turn_seats)
        ]),
    )  # fmt: skip
    for table, names, values, cast, pairs in beside:
        if pairs:
            given = ", ".join(f"({k}, {params.add(read, cast)})" for k, read in pairs)
            parts.append(
                f"{table}_new AS (INSERT INTO {table} (game_id, {names}) SELECT $1, {values} "
                f"FROM bumped, (VALUES {given}) AS r(k, value))"
            )
    return parts


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
