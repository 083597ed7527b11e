"""The store's reads that cost the same however long a game is (issue 14): log rows by range, the live
actions from the end, snapshots, turn starts and round marks, and what a revert does to each. Tests
taking ``store`` run on every backend (see conftest)."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Sequence
from pathlib import Path

import asyncpg
import pytest

from bot.schema import MIGRATIONS
from bot.store import GameStore, LogEntry, LogRecord, Snapshot, SqliteStore

INTEGRITY_ERRORS = (sqlite3.IntegrityError, asyncpg.IntegrityConstraintViolationError)


async def running_game(store: GameStore) -> tuple[int, int]:
    """A game row (the store does not care which rules) and its version."""
    game = await store.create_game(None, 9, "risk", {}, 1)
    return game.id, game.version


def act(
    n: int, *, snapshot: str | None = None, turn_seats: tuple[int, ...] = (), opens_round: bool = False
) -> LogEntry:
    """Action row ``n`` (the store keeps actions as opaque JSON), with what to keep beside it."""
    action = json.dumps({"type": "Move", "n": n})
    return LogEntry(
        "action", n % 2, None, action, snapshot=snapshot, turn_seats=turn_seats, opens_round=opens_round
    )


def undo(*seqs: int) -> LogEntry:
    return LogEntry("undo", 0, 1, json.dumps({"type": "undo", "reverts": list(seqs)}), reverts=seqs)


def numbers(rows: Sequence[LogRecord]) -> list[int]:
    return [row.seq for row in rows]


async def test_rows_by_range_and_the_live_actions_read_from_either_end(store: GameStore) -> None:
    game_id, version = await running_game(store)
    entries = [LogEntry("system", None, 1, '{"type": "start"}'), *(act(n) for n in range(2, 8))]
    version = (await store.commit(game_id, version, entries=entries)).version  # rows 1..7
    commit = await store.commit(game_id, version, entries=[undo(7), undo(6)])  # rows 8, 9
    assert commit.seq == 9
    assert numbers(await store.log_rows(game_id, 3, 5)) == [3, 4, 5]
    assert numbers(await store.log_rows(game_id, 8)) == [8, 9]
    assert await store.log_rows(game_id, 10) == []
    assert numbers(await store.live_actions(game_id)) == [2, 3, 4, 5]
    assert numbers(await store.live_actions(game_id, after=2, before=5)) == [3, 4]
    assert numbers(await store.last_live_actions(game_id, 2)) == [4, 5]  # 6 and 7 were taken back
    assert numbers(await store.last_live_actions(game_id, 50)) == [2, 3, 4, 5]
    assert await store.last_live_actions(9999, 3) == []
    row = (await store.last_live_actions(game_id, 1))[0]
    assert (row.kind, row.seat, json.loads(row.action or "")) == ("action", 1, {"type": "Move", "n": 5})


async def test_a_revert_deletes_the_snapshots_and_turn_starts_it_made_untrue(store: GameStore) -> None:
    game_id, version = await running_game(store)
    entries = [
        act(1, snapshot="s1", turn_seats=(0,)),
        act(2),
        act(3, snapshot="s3", turn_seats=(1,), opens_round=True),
        act(4, snapshot="s4", turn_seats=(0, 1)),
        act(5, opens_round=True),
    ]
    version = (await store.commit(game_id, version, entries=entries)).version
    assert await store.snapshots(game_id) == [Snapshot(1, "s1"), Snapshot(3, "s3"), Snapshot(4, "s4")]
    assert await store.snapshot_before(game_id, 4) == Snapshot(3, "s3")
    assert await store.snapshot_before(game_id, 1) is None
    assert await store.turn_starts(game_id, 0, 5) == [4, 1]
    assert await store.turn_starts(game_id, 1, 1) == [4]
    assert await store.round_marks(game_id, 5) == [5, 3]

    # A rollback of rows 3 to 5, written with the state it leads back to as its own snapshot.
    meta = '{"type": "rollback", "reverts": [3, 4, 5]}'
    rollback = LogEntry("rollback", None, 1, meta, reverts=(3, 4, 5), snapshot="s2")
    commit = await store.commit(game_id, version, entries=[rollback])
    assert commit.seq == 6
    assert await store.snapshots(game_id) == [Snapshot(1, "s1"), Snapshot(6, "s2")]
    assert await store.snapshot_before(game_id, 7) == Snapshot(6, "s2")
    assert await store.turn_starts(game_id, 0, 5) == [1]
    assert await store.turn_starts(game_id, 1, 5) == []
    assert await store.round_marks(game_id, 5) == [5, 3]  # the log's text is history: marks stay
    assert numbers(await store.last_live_actions(game_id, 5)) == [1, 2]


async def test_a_failed_commit_keeps_nothing_beside_the_row(store: GameStore) -> None:
    game_id, version = await running_game(store)
    version = (await store.commit(game_id, version, entries=[act(1)])).version
    bad = LogEntry("action", 0, None, "{}", snapshot="s", turn_seats=(0,), opens_round=True)
    with pytest.raises(INTEGRITY_ERRORS):  # the second row's kind breaks a CHECK: nothing is written
        await store.commit(game_id, version, entries=[bad, LogEntry("nonsense", 0, None, "{}")])
    assert await store.snapshots(game_id) == []
    assert await store.turn_starts(game_id, 0, 5) == []
    assert await store.round_marks(game_id, 5) == []
    assert numbers(await store.log_rows(game_id)) == [1]


# A V4 game's log (seq, kind, action) with an undo and a rollback, for the migration to V5.
V4_LOG = [
    (1, "system", '{"type": "start"}'),
    (2, "action", "{}"),
    (3, "action", "{}"),
    (4, "undo", '{"type": "undo", "reverts": [3]}'),
    (5, "action", "{}"),
    (6, "action", "{}"),
    (7, "rollback", '{"type": "rollback", "reverts": [5, 6]}'),
    (8, "action", "{}"),
]


async def test_a_v4_database_learns_its_old_reverts(tmp_path: Path) -> None:
    """Migration 5 reads the reverts already in the log, so "live" means the same before and after."""
    path = tmp_path / "v4.db"
    db = sqlite3.connect(path)
    db.executescript("".join(MIGRATIONS[:4]) + "\nPRAGMA user_version = 4;")
    at = "2026-01-01T00:00:00.000000Z"
    db.execute(
        "INSERT INTO games (id, channel_id, ruleset, status, created_at, updated_at) "
        "VALUES (3, 5, 'risk', 'running', ?, ?)",
        (at, at),
    )
    rows = V4_LOG
    db.executemany(
        "INSERT INTO actions (game_id, seq, kind, action, at) VALUES (3, ?, ?, ?, ?)",
        [(*row, at) for row in rows],
    )
    db.commit()
    db.close()
    store = await SqliteStore.open(str(path))
    try:
        assert numbers(await store.live_actions(3)) == [2, 8]
        assert numbers(await store.last_live_actions(3, 2)) == [2, 8]
        game = await store.game(3)
        assert game is not None and game.snapshot_version == 0
    finally:
        await store.close()
