"""The log's length kept on the game (``games.log_length``, schema V6): every commit that appends rows
adds their count in the same transaction, so it always equals the game's greatest seq, and migration 6
counts the rows already there. Tests taking ``store`` run on every backend (see conftest); the
PostgreSQL twin of the migration test is in tests/postgres/test_pg_store.py."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from bot.schema import MIGRATIONS
from bot.store import GameStore, GameUpdate, SeatRecord, SqliteStore, VersionConflict
from tests.bot.test_history_store import V4_LOG, act, numbers, running_game, undo

V5_AT = "2026-01-01T00:00:00.000000Z"
# Games of a V5 database and how many log rows each has: one with an undo and a rollback, one
# without rows (a lobby), one with two.
V5_GAMES = {3: V4_LOG, 4: [], 5: V4_LOG[:2]}


async def lengths(store: GameStore, game_id: int) -> tuple[int, int, int]:
    """The log's length as ``log_length`` reads it, as a game's read carries it, and as its rows say."""
    found = await store.game_and_seats(game_id)
    assert found is not None
    rows = await store.log(game_id)
    return await store.log_length(game_id), found.log_length, max((row.seq for row in rows), default=0)


async def check_v5_games_counted(store: GameStore) -> None:
    """``V5_GAMES``, migrated: each game's length is its rows', and its next row is numbered after it."""
    assert [await lengths(store, game_id) for game_id in V5_GAMES] == [(8, 8, 8), (0, 0, 0), (2, 2, 2)]
    assert (await store.commit(3, 8, entries=[act(9)])).seq == 9
    assert (await store.commit(4, 0, entries=[act(1)])).seq == 1
    assert [await lengths(store, game_id) for game_id in V5_GAMES] == [(9, 9, 9), (1, 1, 1), (2, 2, 2)]


async def test_the_logs_length_follows_every_commit_and_not_a_refused_one(store: GameStore) -> None:
    game_id, version = await running_game(store)
    assert await lengths(store, game_id) == (0, 0, 0)

    done = await store.commit(game_id, version, GameUpdate(state="{}"))  # no rows
    assert done.seq is None and await lengths(store, game_id) == (0, 0, 0)
    done = await store.commit(game_id, done.version, entries=[act(1)])
    assert done.seq == 1 and await lengths(store, game_id) == (1, 1, 1)
    done = await store.commit(game_id, done.version, entries=[act(2), act(3), act(4, snapshot="s4")])
    assert done.seq == 4 and await lengths(store, game_id) == (4, 4, 4)

    # An undo adds a row (it never removes one): the length counts it, and row 4 is no longer live.
    done = await store.commit(game_id, done.version, entries=[undo(4)])
    assert done.seq == 5 and await lengths(store, game_id) == (5, 5, 5)
    assert numbers(await store.live_actions(game_id)) == [1, 2, 3]
    # Rows with new seats and a revert of a row of the same commit (a transaction on PostgreSQL).
    seats = [SeatRecord(0, 1, "Ann")]
    done = await store.commit(game_id, done.version, seats=seats, entries=[act(6), undo(6)])
    assert done.seq == 7 and await lengths(store, game_id) == (7, 7, 7)
    stale = done.version - 1

    # A refused commit writes nothing: not its rows, not the length.
    with pytest.raises(VersionConflict):
        await store.commit(game_id, stale, entries=[act(8), act(9)])
    with pytest.raises(VersionConflict):
        await store.commit(game_id, stale, seats=seats, entries=[undo(3)])
    assert await lengths(store, game_id) == (7, 7, 7)
    assert numbers(await store.log(game_id)) == [1, 2, 3, 4, 5, 6, 7]
    done = await store.commit(game_id, done.version, entries=[act(8)])  # numbering goes on after it
    assert done.seq == 8 and await lengths(store, game_id) == (8, 8, 8)

    # Each game counts its own rows; a game that is not there has none.
    other = await store.create_game(None, 10, "risk", {}, 1)
    assert await lengths(store, other.id) == (0, 0, 0)
    assert (await store.commit(other.id, other.version, entries=[act(1)])).seq == 1
    assert await lengths(store, other.id) == (1, 1, 1) and await lengths(store, game_id) == (8, 8, 8)
    assert await store.log_length(9999) == 0


async def test_a_v5_database_counts_its_logs(tmp_path: Path) -> None:
    """Migration 6 sets each game's length from the rows it already has."""
    path = tmp_path / "v5.db"
    db = sqlite3.connect(path)
    db.executescript("".join(MIGRATIONS[:5]) + "\nPRAGMA user_version = 5;")
    for game_id, rows in V5_GAMES.items():
        db.execute(
            "INSERT INTO games (id, channel_id, ruleset, status, version, created_at, updated_at) "
            "VALUES (?, ?, 'risk', 'running', ?, ?, ?)",
            (game_id, game_id, len(rows), V5_AT, V5_AT),
        )
        db.executemany(
            "INSERT INTO actions (game_id, seq, kind, action, at) VALUES (?, ?, ?, ?, ?)",
            [(game_id, *row, V5_AT) for row in rows],
        )
    db.commit()
    db.close()
    store = await SqliteStore.open(str(path))
    try:
        await check_v5_games_counted(store)
    finally:
        await store.close()
