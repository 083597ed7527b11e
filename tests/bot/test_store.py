"""The store on its own: migrations, the one-game-per-channel rule, optimistic concurrency and the
append-only log. Tests taking ``store`` run on every backend (SQLite and PostgreSQL, see conftest);
those taking ``sqlite_store`` are SQLite's own, and PostgreSQL's own are in tests/postgres/."""

from __future__ import annotations

import json
import logging
import sqlite3
from pathlib import Path
from typing import Any

import asyncpg
import pytest

from bot.games import GAMES
from bot.schema import LATEST, MIGRATIONS
from bot.service import GameService
from bot.store import (
    ChannelBusy,
    GameStore,
    GameUpdate,
    GuildSettings,
    LogEntry,
    SchemaTooNew,
    SeatRecord,
    SqliteStore,
    TimerSpec,
    VersionConflict,
)
from tests.bot.conftest import new_game, snapshot_matches_replay

# What a write that breaks a constraint raises, on each backend.
INTEGRITY_ERRORS = (sqlite3.IntegrityError, asyncpg.IntegrityConstraintViolationError)


def make_v1_database(path: Path) -> None:
    """A file as the first released schema wrote it: one lobby game with two seats, one ended game."""
    db = sqlite3.connect(path)
    db.executescript(MIGRATIONS[0] + "\nPRAGMA user_version = 1;")
    at = "2026-01-01T00:00:00.000000Z"
    db.execute(
        "INSERT INTO games (id, channel_id, ruleset, options, status, created_by, created_at, updated_at) "
        "VALUES (7, 55, 'risk', ?, 'lobby', 10, ?, ?)",
        (json.dumps({"setup_batch": 4}), at, at),
    )
    db.executemany(
        "INSERT INTO seats (game_id, seat, user_id, name, controller) VALUES (7, ?, ?, ?, 'human')",
        [(0, 10, "Ann"), (1, 11, "Bob")],
    )
    db.execute(
        "INSERT INTO games (id, channel_id, ruleset, status, created_at, updated_at) "
        "VALUES (8, 55, 'risk', 'ended', ?, ?)",
        (at, at),
    )
    db.execute("INSERT INTO actions (game_id, seq, kind, action, at) VALUES (8, 1, 'system', '{}', ?)", (at,))
    db.commit()
    db.close()


async def test_a_first_version_database_upgrades_with_its_games_intact(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    path = tmp_path / "old.db"
    make_v1_database(path)
    with caplog.at_level(logging.INFO, logger="warboard"):
        store = await SqliteStore.open(str(path))
    # The owner who upgraded the bot reads that the games came along (the log said nothing).
    assert [r.getMessage() for r in caplog.records] == [
        f"upgraded the database {path} from schema version 1 to {LATEST}"
    ]
    caplog.clear()
    try:
        assert await store.schema_version() == LATEST == 9
        game = await store.game(7)
        assert game is not None and game.options == {"setup_batch": 4} and game.turn_hours is None
        assert [s.name for s in await store.seats(7)] == ["Ann", "Bob"]
        assert [(s.missed, s.vacation_left_hours) for s in await store.seats(7)] == [(0, 336), (0, 336)]
        assert [s.off_turn for s in await store.seats(7)] == ["answer", "answer"]
        assert [s.ai_level for s in await store.seats(7)] == [None, None] and game.ai_level is None
        assert (game.timeout_action, game.reminders, game.missed_limit) == ("skip", "50,10", 3)
        assert len(await store.log(8)) == 1
        await store.set_dm_turns(10, True)
        assert await store.dm_turns(10) and not await store.dm_turns(11)
        # The new version's table works, and the old lobby game can be played on.
        await store.set_guild_settings(GuildSettings(99, mod_role_id=5))
        assert (await store.guild_settings(99)).mod_role_id == 5
        service = GameService(store, GAMES)
        status = await service.start(7, 10, seed="s")
        assert status.status == "running" and sorted(status.names) == ["Ann", "Bob"]
        assert await snapshot_matches_replay(service, 7)
    finally:
        await store.close()
    # Opening again runs nothing, and says nothing: the file stays at the latest version.
    with caplog.at_level(logging.INFO, logger="warboard"):
        again = await SqliteStore.open(str(path))
    assert await again.schema_version() == LATEST
    await again.close()
    assert caplog.records == []
    with caplog.at_level(logging.INFO, logger="warboard"):
        new = await SqliteStore.open(str(tmp_path / "new.db"))
    await new.close()
    assert [r.getMessage() for r in caplog.records] == [
        f"created the database {tmp_path / 'new.db'} (schema version {LATEST})"
    ]


async def test_a_v3_claim_kept_in_the_status_text_moves_to_the_claim_column(tmp_path: Path) -> None:
    path = tmp_path / "v3.db"
    make_v1_database(path)
    db = sqlite3.connect(path)
    db.executescript("".join(MIGRATIONS[1:3]) + "\nPRAGMA user_version = 3;")
    db.execute("UPDATE seats SET status = 'claim:2' WHERE game_id = 7 AND seat = 1")
    db.commit()
    db.close()
    store = await SqliteStore.open(str(path))
    try:
        seats = await store.seats(7)
        assert [(s.name, s.status, s.claim) for s in seats] == [
            ("Ann", "playing", None),
            ("Bob", "playing", 2),
        ]
    finally:
        await store.close()


async def test_a_newer_schema_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "new.db"
    sqlite3.connect(path).execute(f"PRAGMA user_version = {LATEST + 1}").connection.close()
    with pytest.raises(SchemaTooNew, match="newer than this Warboard"):
        await SqliteStore.open(str(path))


async def test_pragmas_durability(sqlite_store: SqliteStore) -> None:
    db = sqlite_store._db
    async with db.execute("PRAGMA journal_mode") as c:
        assert (await c.fetchone())[0] == "wal"
    async with db.execute("PRAGMA synchronous") as c:
        assert (await c.fetchone())[0] == 2  # FULL
    async with db.execute("PRAGMA foreign_keys") as c:
        assert (await c.fetchone())[0] == 1


async def test_one_active_game_per_channel(store: GameStore) -> None:
    first = await store.create_game(None, 5, "risk", {}, 1)
    with pytest.raises(ChannelBusy):
        await store.create_game(None, 5, "risk", {}, 2)
    await store.commit(first.id, first.version, GameUpdate(status="ended"))
    second = await store.create_game(None, 5, "risk", {}, 2)  # an ended game no longer holds the channel
    assert (await store.active_game(5)).id == second.id  # type: ignore[union-attr]


async def test_a_stale_version_writes_nothing(store: GameStore) -> None:
    game = await store.create_game(None, 5, "risk", {}, 1)
    done = await store.commit(game.id, game.version, entries=[LogEntry("system", None, 1, "{}")])
    assert done == type(done)(game.version + 1, 1)
    with pytest.raises(VersionConflict) as conflict:
        await store.commit(
            game.id, game.version, GameUpdate(status="paused"), entries=[LogEntry("system", None, 1, "{}")]
        )
    assert conflict.value.actual == game.version + 1
    after = await store.game(game.id)
    assert after is not None and after.status == "lobby" and len(await store.log(game.id)) == 1


async def test_two_connections_cannot_both_win(tmp_path: Path) -> None:
    """Two processes (here: two connections) writing the same game: the second sees the conflict."""
    path = str(tmp_path / "shared.db")
    one, two = await SqliteStore.open(path), await SqliteStore.open(path)
    try:
        game = await one.create_game(None, 5, "risk", {}, 1)
        await one.commit(game.id, game.version, entries=[LogEntry("system", None, 1, "{}")])
        with pytest.raises(VersionConflict):
            await two.commit(game.id, game.version, entries=[LogEntry("system", None, 2, "{}")])
        assert len(await two.log(game.id)) == 1
    finally:
        await one.close()
        await two.close()


async def test_the_action_log_is_append_only(sqlite_store: SqliteStore) -> None:
    service = GameService(sqlite_store, GAMES)
    game_id = await new_game(service)
    with pytest.raises(sqlite3.IntegrityError, match="append-only"):
        await sqlite_store._db.execute("UPDATE actions SET events = '[]' WHERE game_id = ?", (game_id,))
    with pytest.raises(sqlite3.IntegrityError, match="append-only"):
        await sqlite_store._db.execute("DELETE FROM actions WHERE game_id = ?", (game_id,))


async def test_timers(store: GameStore) -> None:
    game = await store.create_game(None, 5, "risk", {}, 1)
    early = await store.add_timer(game.id, "deadline", "2026-01-01T00:00:00.000000Z")
    await store.add_timer(game.id, "reminder", "2999-01-01T00:00:00.000000Z")
    due = await store.due_timers("2026-06-01T00:00:00.000000Z")
    assert [t.id for t in due] == [early]
    await store.delete_timer(early)
    assert await store.due_timers("2026-06-01T00:00:00.000000Z") == []


async def test_a_failed_append_rolls_back_the_whole_commit(store: GameStore) -> None:
    """The version bump, the snapshot and the log row stand or fall together."""
    game = await store.create_game(None, 5, "risk", {}, 1)
    with pytest.raises(INTEGRITY_ERRORS):
        await store.commit(
            game.id, game.version, GameUpdate(state="{}"), entries=[LogEntry("bogus", None, 1, "{}")]
        )
    after = await store.game(game.id)
    assert after is not None and after.version == game.version and after.state is None
    assert await store.log(game.id) == []
    await store.commit(game.id, game.version, entries=[LogEntry("system", None, 1, "{}")])  # still usable


async def _kept_rows(store: SqliteStore, game_id: int) -> dict[str, list[tuple[Any, ...]]]:
    """Every row a game's commits wrote beside the game's own, by table, without the game's id."""
    tables = {
        "actions": "seq, kind, seat, user_id, action, events, at, opens_round",
        "snapshots": "seq, state",
        "turn_starts": "seat, seq",
        "reverted": "seq, by_seq",
    }
    return {
        table: [
            tuple(row)
            for row in await store._db.execute_fetchall(
                f"SELECT {columns} FROM {table} WHERE game_id = ? ORDER BY {columns}", (game_id,)
            )
        ]
        for table in tables
        for columns in [tables[table]]
    }


async def test_a_commits_rows_written_together_are_the_rows_written_one_by_one(
    sqlite_store: SqliteStore,
) -> None:
    """SQLite writes a commit's log rows with one statement a table (issue 34): the rows, snapshots,
    turn starts and reverted marks are those of the same rows committed one at a time, a commit whose
    undo takes back a row of its own (written row by row, its deletes in order) included."""
    at = "2026-11-28T12:00:00.000000Z"
    runs = [
        [
            LogEntry("action", 0, 1, '{"a": 1}', "[1]", at, snapshot='{"s": 1}', turn_seats=(0,)),
            LogEntry("action", 1, 2, '{"a": 2}', "[2]", at, turn_seats=(1, 2)),
            LogEntry("action", 1, 2, '{"a": 3}', "[3]", at, snapshot='{"s": 3}', opens_round=True),
        ],
        [
            LogEntry("action", 2, None, '{"a": 4}', "[4]", at, snapshot='{"s": 4}', turn_seats=(2,)),
            LogEntry("undo", 2, 3, None, "[]", at, reverts=(3, 4)),
            LogEntry("action", 0, 1, '{"a": 6}', "[6]", at, snapshot='{"s": 6}', turn_seats=(0, 1)),
        ],
    ]
    together = await sqlite_store.create_game(None, 5, "risk", {}, 1)
    alone = await sqlite_store.create_game(None, 6, "risk", {}, 1)
    version = together.version
    for run in runs:
        await sqlite_store.commit(together.id, version, entries=run, versions=len(run))
        version += len(run)
    version = alone.version
    for entry in (e for run in runs for e in run):
        await sqlite_store.commit(alone.id, version, entries=[entry])
        version += 1
    rows = await _kept_rows(sqlite_store, together.id)
    assert rows == await _kept_rows(sqlite_store, alone.id)
    assert [r[0] for r in rows["actions"]] == [1, 2, 3, 4, 5, 6]
    assert rows["snapshots"] == [(1, '{"s": 1}'), (6, '{"s": 6}')]  # 3 and 4 taken back by the undo
    assert rows["turn_starts"] == [(0, 1), (0, 6), (1, 2), (1, 6), (2, 2)]
    assert rows["reverted"] == [(3, 5), (4, 5)]


async def test_a_commit_is_one_trip_to_the_connections_thread(
    sqlite_store: SqliteStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    """SQLite writes a whole commit (the version check, seats, timers, rows, snapshots, turn starts and
    the durable COMMIT) in one call in the connection's thread (issue 34): a statement each cost a trip
    there and back, more than the statements themselves. A conflicting commit is one trip too."""
    game = await sqlite_store.create_game(None, 5, "risk", {}, 1)
    db = sqlite_store._db
    trips: list[object] = []
    real = db._execute

    async def counted(fn: Any, *args: Any, **kwargs: Any) -> Any:
        trips.append(fn)
        return await real(fn, *args, **kwargs)

    monkeypatch.setattr(db, "_execute", counted)
    at = "2026-11-28T12:00:00.000000Z"
    entries = [
        LogEntry("action", 0, 1, '{"a": 1}', "[1]", at, snapshot='{"s": 1}', turn_seats=(0, 1)),
        LogEntry("action", 1, 2, '{"a": 2}', "[2]", at, opens_round=True),
    ]
    seats = [SeatRecord(0, 1, "Ann"), SeatRecord(1, 2, "Bob")]
    timers = [TimerSpec("deadline", "2999-01-01T00:00:00.000000Z")]
    update = GameUpdate(state='{"s": 2}', snapshot_version=game.version + 1)
    done = await sqlite_store.commit(game.id, game.version, update, seats, entries, timers, versions=2)
    assert len(trips) == 1 and done.version == game.version + 2 and done.seq == 2
    with pytest.raises(VersionConflict):
        await sqlite_store.commit(game.id, game.version, entries=entries[:1])
    assert len(trips) == 2
    monkeypatch.undo()
    rows = await _kept_rows(sqlite_store, game.id)
    assert [r[0] for r in rows["actions"]] == [1, 2] and rows["snapshots"] == [(1, '{"s": 1}')]
    assert rows["turn_starts"] == [(0, 1), (1, 1)]
    assert [s.name for s in await sqlite_store.seats(game.id)] == ["Ann", "Bob"]
    assert [t.kind for t in await sqlite_store.timers(game.id)] == ["deadline"]
    after = await sqlite_store.game(game.id)
    assert after is not None and (after.version, after.state) == (game.version + 2, '{"s": 2}')
