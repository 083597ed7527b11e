"""Where games live: a snapshot plus an append-only action log per game, in one SQLite file.

``GameStore`` is the whole interface the service uses; ``SqliteStore`` implements it on aiosqlite.
A PostgreSQL store would implement the same methods (``commit`` maps to one transaction with
``UPDATE ... WHERE version = $n``), and nothing above it would change.

Durability: WAL journal with ``synchronous=FULL``, so a commit is on disk before ``commit`` returns and a
player is never told about a move that a crash could lose. Every write goes through ``commit``, which
bumps ``version`` only if it still has the value the caller read: two writers can never both win.
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
from collections.abc import Mapping, Sequence
from dataclasses import astuple
from typing import Any, Protocol

import aiosqlite

from bot.records import (
    NO_CHANGES,
    ChannelBusy,
    Commit,
    GameAndSeats,
    GameRecord,
    GameUpdate,
    GuildSettings,
    LogEntry,
    LogRecord,
    SchemaTooNew,
    SeatRecord,
    StoreError,
    Timer,
    TimerSpec,
    VersionConflict,
    now_text,
)
from bot.schema import LATEST, MIGRATIONS

# The records are re-exported: callers import everything store-related from here.
__all__ = [
    "NO_CHANGES",
    "ChannelBusy",
    "Commit",
    "GameAndSeats",
    "GameRecord",
    "GameStore",
    "GameUpdate",
    "GuildSettings",
    "LogEntry",
    "LogRecord",
    "SchemaTooNew",
    "SeatRecord",
    "SqliteStore",
    "StoreError",
    "Timer",
    "TimerSpec",
    "VersionConflict",
    "now_text",
    "open_store",
]


class GameStore(Protocol):
    async def close(self) -> None: ...
    async def create_game(
        self,
        guild_id: int | None,
        channel_id: int,
        ruleset: str,
        options: Mapping[str, Any],
        created_by: int | None,
        status: str = "lobby",
        *,
        capacity: int | None = None,
        turn_hours: int | None = None,
    ) -> GameRecord: ...
    async def latest_game(self, channel_id: int) -> GameRecord | None: ...
    async def game(self, game_id: int) -> GameRecord | None: ...
    async def game_and_seats(
        self, game_id: int | None = None, *, channel_id: int | None = None
    ) -> GameAndSeats | None: ...
    async def active_game(self, channel_id: int) -> GameRecord | None: ...
    async def running_games(self) -> list[int]: ...
    async def seats(self, game_id: int) -> list[SeatRecord]: ...
    async def log(self, game_id: int) -> list[LogRecord]: ...
    async def log_length(self, game_id: int) -> int: ...
    async def commit(
        self,
        game_id: int,
        expected_version: int,
        update: GameUpdate = ...,
        seats: Sequence[SeatRecord] | None = None,
        entries: Sequence[LogEntry] = (),
        timers: Sequence[TimerSpec] | None = None,
    ) -> Commit: ...
    async def add_timer(self, game_id: int | None, kind: str, due_at: str, payload: str = "{}") -> int: ...
    async def due_timers(self, now: str) -> list[Timer]: ...
    async def timers(self, game_id: int) -> list[Timer]: ...
    async def next_due(self) -> str | None: ...
    async def delete_timer(self, timer_id: int) -> None: ...
    async def claim_timer(self, timer_id: int) -> bool: ...
    async def dm_turns(self, user_id: int) -> bool: ...
    async def set_dm_turns(self, user_id: int, on: bool) -> None: ...
    async def guild_settings(self, guild_id: int) -> GuildSettings: ...
    async def set_guild_settings(self, settings: GuildSettings) -> None: ...


_GAME_COLUMNS = (
    "id, guild_id, channel_id, ruleset, options, status, created_by, seed, seed_hash, version, state, "
    "created_at, updated_at, turn_hours, deadline_at, capacity, timeout_action, reminders, missed_limit, "
    "turn_started_at, status_message_id"
)
_SEAT_COLUMNS = "seat, user_id, name, controller, status, missed, vacation_until, vacation_left_hours, claim"


# The seats and the log's length beside the game's columns, so that one statement reads all three.
_WITH_SEATS = (
    f"SELECT {_GAME_COLUMNS}, "
    f"(SELECT json_group_array(json_array({_SEAT_COLUMNS})) FROM seats WHERE seats.game_id = games.id) "
    "AS seats_json, (SELECT MAX(seq) FROM actions WHERE actions.game_id = games.id) AS log_length FROM games"
)


def _game(row: sqlite3.Row) -> GameRecord:
    values = dict(row)
    values["options"] = json.loads(values["options"])
    return GameRecord(**values)


def _game_and_seats(row: sqlite3.Row) -> GameAndSeats:
    values = dict(row)
    seats = sorted((SeatRecord(*columns) for columns in json.loads(values.pop("seats_json"))), key=_seat_no)
    length = values.pop("log_length") or 0
    values["options"] = json.loads(values["options"])
    return GameAndSeats(GameRecord(**values), tuple(seats), int(length))


def _seat_no(seat: SeatRecord) -> int:
    return seat.seat


class SqliteStore:
    """One aiosqlite connection. A process-local lock keeps coroutines from interleaving inside each
    other's transactions on that connection; ``BEGIN IMMEDIATE`` and ``version`` guard against other
    processes using the same file.

    Each aiosqlite call is a round trip to its worker thread (~0.14 ms here, as much as the fsync of a
    small commit), so statements are few: reads are one ``execute_fetchall`` each, and a move is
    UPDATE ... RETURNING, INSERT ... RETURNING and COMMIT. ``isolation_level="IMMEDIATE"`` makes the
    sqlite3 module open the transaction (BEGIN IMMEDIATE: the write lock up front, so two processes
    cannot deadlock upgrading a read lock) together with the first write, instead of in a call of its own.
    """

    def __init__(self, db: aiosqlite.Connection) -> None:
        self._db = db
        self._lock = asyncio.Lock()

    @classmethod
    async def open(cls, path: str) -> SqliteStore:
        """Open (creating the file if needed) and run any migrations it has not had yet."""
        db = await aiosqlite.connect(path, isolation_level="IMMEDIATE")
        try:
            db.row_factory = sqlite3.Row
            await db.execute("PRAGMA journal_mode=WAL")
            await db.execute("PRAGMA synchronous=FULL")
            await db.execute("PRAGMA foreign_keys=ON")
            await db.execute("PRAGMA busy_timeout=10000")
            await _migrate(db)
        except BaseException:
            await db.close()
            raise
        return cls(db)

    async def close(self) -> None:
        await self._db.close()

    async def schema_version(self) -> int:
        async with self._lock:
            return await _user_version(self._db)

    async def _rows(self, sql: str, params: Sequence[Any] = ()) -> list[sqlite3.Row]:
        async with self._lock:
            return list(await self._db.execute_fetchall(sql, params))

    async def _write(self, sql: str, params: Sequence[Any]) -> list[sqlite3.Row]:
        """One statement as its own transaction."""
        async with self._lock:
            try:
                rows = list(await self._db.execute_fetchall(sql, params))
                await self._db.commit()
            except BaseException:
                await self._db.rollback()
                raise
            return rows

    async def create_game(
        self,
        guild_id: int | None,
        channel_id: int,
        ruleset: str,
        options: Mapping[str, Any],
        created_by: int | None,
        status: str = "lobby",
        *,
        capacity: int | None = None,
        turn_hours: int | None = None,
    ) -> GameRecord:
        """A new game; ``status`` is "lobby" except for imports of finished games ("ended")."""
        at = now_text()
        try:
            (row,) = await self._write(
                "INSERT INTO games (guild_id, channel_id, ruleset, options, status, created_by, created_at, "
                "updated_at, capacity, turn_hours) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
                f"RETURNING {_GAME_COLUMNS}",
                (
                    guild_id,
                    channel_id,
                    ruleset,
                    json.dumps(dict(options)),
                    status,
                    created_by,
                    at,
                    at,
                    capacity,
                    turn_hours,
                ),
            )
        except sqlite3.IntegrityError as error:
            if "games.channel_id" in str(error):
                raise ChannelBusy(channel_id) from None
            raise
        return _game(row)

    async def game(self, game_id: int) -> GameRecord | None:
        rows = await self._rows(f"SELECT {_GAME_COLUMNS} FROM games WHERE id = ?", (game_id,))
        return _game(rows[0]) if rows else None

    async def game_and_seats(
        self, game_id: int | None = None, *, channel_id: int | None = None
    ) -> GameAndSeats | None:
        """A game by id, or the channel's game that has not ended, with its seats and log length."""
        if game_id is not None:
            rows = await self._rows(f"{_WITH_SEATS} WHERE id = ?", (game_id,))
        else:
            rows = await self._rows(
                f"{_WITH_SEATS} WHERE channel_id = ? AND status != 'ended'", (channel_id,)
            )
        return _game_and_seats(rows[0]) if rows else None

    async def active_game(self, channel_id: int) -> GameRecord | None:
        rows = await self._rows(
            f"SELECT {_GAME_COLUMNS} FROM games WHERE channel_id = ? AND status != 'ended'", (channel_id,)
        )
        return _game(rows[0]) if rows else None

    async def running_games(self) -> list[int]:
        """The ids of every game being played (not in the lobby, paused or ended)."""
        rows = await self._rows("SELECT id FROM games WHERE status = 'running' ORDER BY id")
        return [int(row[0]) for row in rows]

    async def latest_game(self, channel_id: int) -> GameRecord | None:
        """The channel's most recent game, ended or not (``/game verify`` after the end)."""
        rows = await self._rows(
            f"SELECT {_GAME_COLUMNS} FROM games WHERE channel_id = ? ORDER BY id DESC LIMIT 1", (channel_id,)
        )
        return _game(rows[0]) if rows else None

    async def seats(self, game_id: int) -> list[SeatRecord]:
        rows = await self._rows(
            f"SELECT {_SEAT_COLUMNS} FROM seats WHERE game_id = ? ORDER BY seat",
            (game_id,),
        )
        return [SeatRecord(**dict(row)) for row in rows]

    async def log(self, game_id: int) -> list[LogRecord]:
        rows = await self._rows(
            "SELECT seq, kind, seat, user_id, action, events, at FROM actions WHERE game_id = ? ORDER BY seq",
            (game_id,),
        )
        return [LogRecord(**dict(row)) for row in rows]

    async def log_length(self, game_id: int) -> int:
        rows = await self._rows("SELECT COUNT(*) FROM actions WHERE game_id = ?", (game_id,))
        return int(rows[0][0])

    async def commit(
        self,
        game_id: int,
        expected_version: int,
        update: GameUpdate = NO_CHANGES,
        seats: Sequence[SeatRecord] | None = None,
        entries: Sequence[LogEntry] = (),
        timers: Sequence[TimerSpec] | None = None,
    ) -> Commit:
        """In one transaction: check and bump ``version``, apply ``update``, replace the seats if given,
        append ``entries``, replace the game's timers if given (so a turn and its deadline change
        together). Raises ``VersionConflict`` (and writes nothing) if the version moved."""
        at = now_text()
        columns, params = _update_columns(update)
        async with self._lock:
            db = self._db
            try:
                bumped = await db.execute_fetchall(
                    f"UPDATE games SET version = version + 1, updated_at = ?{columns} "
                    "WHERE id = ? AND version = ? RETURNING version",
                    (at, *params, game_id, expected_version),
                )
                if not bumped:
                    await db.rollback()
                    found = list(
                        await db.execute_fetchall("SELECT version FROM games WHERE id = ?", (game_id,))
                    )
                    raise VersionConflict(game_id, expected_version, found[0][0] if found else None)
                if seats is not None:
                    await db.execute("DELETE FROM seats WHERE game_id = ?", (game_id,))
                    await db.executemany(
                        f"INSERT INTO seats (game_id, {_SEAT_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                        [(game_id, *astuple(s)) for s in seats],
                    )
                if timers is not None:
                    await db.execute("DELETE FROM timers WHERE game_id = ?", (game_id,))
                    await db.executemany(
                        "INSERT INTO timers (game_id, kind, due_at, payload) VALUES (?, ?, ?, ?)",
                        [(game_id, t.kind, t.due_at, t.payload) for t in timers],
                    )
                seq = None
                for entry in entries:
                    (row,) = await db.execute_fetchall(
                        "INSERT INTO actions (game_id, seq, kind, seat, user_id, action, events, at) "
                        "VALUES (?, (SELECT COALESCE(MAX(seq), 0) + 1 FROM actions WHERE game_id = ?), "
                        "?, ?, ?, ?, ?, ?) RETURNING seq",
                        (
                            game_id,
                            game_id,
                            entry.kind,
                            entry.seat,
                            entry.user_id,
                            entry.action,
                            entry.events,
                            entry.at or at,
                        ),
                    )
                    seq = int(row[0])
                await db.commit()
            except BaseException:
                if db.in_transaction:
                    await db.rollback()
                raise
            return Commit(expected_version + 1, seq)

    async def add_timer(self, game_id: int | None, kind: str, due_at: str, payload: str = "{}") -> int:
        (row,) = await self._write(
            "INSERT INTO timers (game_id, kind, due_at, payload) VALUES (?, ?, ?, ?) RETURNING id",
            (game_id, kind, due_at, payload),
        )
        return int(row[0])

    async def due_timers(self, now: str) -> list[Timer]:
        rows = await self._rows(
            "SELECT id, game_id, kind, due_at, payload FROM timers WHERE due_at <= ? ORDER BY due_at", (now,)
        )
        return [Timer(**dict(row)) for row in rows]

    async def timers(self, game_id: int) -> list[Timer]:
        rows = await self._rows(
            "SELECT id, game_id, kind, due_at, payload FROM timers WHERE game_id = ? ORDER BY due_at",
            (game_id,),
        )
        return [Timer(**dict(row)) for row in rows]

    async def next_due(self) -> str | None:
        rows = await self._rows("SELECT MIN(due_at) FROM timers")
        return rows[0][0] if rows else None

    async def delete_timer(self, timer_id: int) -> None:
        await self._write("DELETE FROM timers WHERE id = ?", (timer_id,))

    async def claim_timer(self, timer_id: int) -> bool:
        """Delete a timer, saying whether it was still there: whoever claims it acts on it, once."""
        return bool(await self._write("DELETE FROM timers WHERE id = ? RETURNING id", (timer_id,)))

    async def dm_turns(self, user_id: int) -> bool:
        rows = await self._rows("SELECT dm_turns FROM members WHERE user_id = ?", (user_id,))
        return bool(rows and rows[0][0])

    async def set_dm_turns(self, user_id: int, on: bool) -> None:
        await self._write(
            "INSERT INTO members (user_id, dm_turns, updated_at) VALUES (?, ?, ?) "
            "ON CONFLICT (user_id) DO UPDATE SET dm_turns = excluded.dm_turns, "
            "updated_at = excluded.updated_at",
            (user_id, int(on), now_text()),
        )

    async def guild_settings(self, guild_id: int) -> GuildSettings:
        rows = await self._rows(
            "SELECT guild_id, mod_role_id, default_turn_hours, announce_channel_id FROM guild_settings "
            "WHERE guild_id = ?",
            (guild_id,),
        )
        return GuildSettings(**dict(rows[0])) if rows else GuildSettings(guild_id)

    async def set_guild_settings(self, settings: GuildSettings) -> None:
        await self._write(
            "INSERT INTO guild_settings (guild_id, mod_role_id, default_turn_hours, announce_channel_id, "
            "updated_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT (guild_id) DO UPDATE SET "
            "mod_role_id = excluded.mod_role_id, default_turn_hours = excluded.default_turn_hours, "
            "announce_channel_id = excluded.announce_channel_id, updated_at = excluded.updated_at",
            (
                settings.guild_id,
                settings.mod_role_id,
                settings.default_turn_hours,
                settings.announce_channel_id,
                now_text(),
            ),
        )


_UPDATABLE = (
    "status",
    "seed",
    "seed_hash",
    "state",
    "deadline_at",
    "turn_started_at",
    "turn_hours",
    "timeout_action",
    "reminders",
    "missed_limit",
    "status_message_id",
)
_CLEARABLE = ("deadline_at", "turn_started_at", "status_message_id")


def _update_columns(update: GameUpdate) -> tuple[str, list[Any]]:
    """``, col = ?`` fragments for the fields that are set; column names come from code, never input."""
    parts, params = [], []
    for name in _UPDATABLE:
        value = getattr(update, name)
        if value is not None:
            parts.append(f", {name} = ?")
            params.append(value)
    for name in update.clear:
        if name not in _CLEARABLE:
            raise ValueError(f"column {name} cannot be cleared")
        parts.append(f", {name} = NULL")
    if update.options is not None:
        parts.append(", options = ?")
        params.append(json.dumps(dict(update.options)))
    return "".join(parts), params


async def _user_version(db: aiosqlite.Connection) -> int:
    rows = list(await db.execute_fetchall("PRAGMA user_version"))
    return int(rows[0][0]) if rows else 0


async def _migrate(db: aiosqlite.Connection) -> None:
    current = await _user_version(db)
    if current > LATEST:
        raise SchemaTooNew(
            f"This database has schema version {current}, newer than this Warboard knows ({LATEST}); "
            "upgrade Warboard instead of opening it with an older one."
        )
    for number in range(current + 1, LATEST + 1):
        # One script and its version bump per transaction: a crash mid-upgrade leaves the old version.
        try:
            await db.executescript(
                f"BEGIN IMMEDIATE;\n{MIGRATIONS[number - 1]}\nPRAGMA user_version = {number};\nCOMMIT;"
            )
        except BaseException:
            if db.in_transaction:
                await db.execute("ROLLBACK")
            raise


async def open_store(path: str) -> SqliteStore:
    return await SqliteStore.open(path)
