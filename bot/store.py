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
import logging
import sqlite3
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import fields
from typing import Any, Protocol, TypeVar

import aiosqlite

from bot.ratings import Rating
from bot.records import (
    NO_CHANGES,
    ChannelBusy,
    Commit,
    GameAndSeats,
    GameRecord,
    GameUpdate,
    GuildSettings,
    Listeners,
    LogEntry,
    LogRecord,
    LogTail,
    SchemaTooNew,
    SeatRecord,
    Snapshot,
    StoreError,
    Timer,
    TimerSpec,
    VersionConflict,
    now_text,
)
from bot.results import Outline
from bot.schema import (
    APPROVAL,
    APPROVALS,
    FOLLOW,
    FOLLOWERS,
    GAME_COLUMNS,
    LISTENERS,
    LIVE,
    LOG_COLUMNS,
    LOG_TAIL,
    MEMBER_GAMES,
    OPEN_TABLES,
    SEAT_COLUMNS,
    SET_APPROVAL,
    UNFOLLOW,
    WITH_AI,
    WITH_SEATS,
    game_and_seats,
    listeners,
    log_tail,
    log_tail_params,
    migrate,
    qmarks,
    user_version,
    write_commit,
)
from bot.standings import MemberStats, Reliability, Settlement
from bot.store_standings import SqliteStandings

log = logging.getLogger("warboard")

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
    "Listeners",
    "LogEntry",
    "LogRecord",
    "LogTail",
    "SchemaTooNew",
    "SeatRecord",
    "Snapshot",
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
    async def running_games(self, *, with_ai: bool = False) -> list[int]:
        """The ids of every game being played; ``with_ai``: only those where the AI plays a seat."""
        ...

    async def game_counts(self) -> dict[str, int]:
        """How many stored games are in each status (lobby, running, paused, ended), for the metrics."""
        ...

    async def seats(self, game_id: int) -> list[SeatRecord]: ...
    async def log(self, game_id: int) -> list[LogRecord]: ...
    async def log_length(self, game_id: int) -> int:
        """The game's greatest seq (its row count: rows are never deleted), 0 when it has none."""
        ...

    # -- reading only the rows an operation needs (issue 14); ``seq`` is a log row's number (1, 2, ...).
    # "Live" action rows: kind 'action' and not reverted by an undo or rollback (``LogEntry.reverts``).

    async def log_rows(self, game_id: int, first: int = 1, last: int | None = None) -> list[LogRecord]:
        """The log rows with ``first <= seq <= last`` (``last`` None: to the end), in seq order; [] when
        none."""
        ...

    async def live_actions(self, game_id: int, after: int = 0, before: int | None = None) -> list[LogRecord]:
        """The live action rows with ``after < seq < before`` (``before`` None: to the end), in seq order;
        [] when none."""
        ...

    async def last_live_actions(self, game_id: int, count: int) -> list[LogRecord]:
        """The last ``count`` live action rows, in seq order (oldest of them first); all there are when
        the game has fewer, [] when it has none."""
        ...

    async def snapshot_before(self, game_id: int, seq: int) -> Snapshot | None:
        """The stored snapshot with the greatest seq below ``seq``, or None if there is none."""
        ...

    async def snapshots(self, game_id: int) -> list[Snapshot]:
        """Every stored snapshot of the game, in seq order ([] when none): for checks and copying."""
        ...

    async def turn_starts(self, game_id: int, seat: int, count: int) -> list[int]:
        """The seqs of the latest ``count`` rows that began a turn waiting on ``seat`` (written with
        ``LogEntry.turn_seats``, and not deleted by a revert since), newest first; [] when none."""
        ...

    async def log_tail(self, game_id: int, count: int, since: int | None, seat: int | None) -> LogTail:
        """In one read, what a turn's announcement marks and digests: the live action rows after the
        lowest of: the row before the last ``count`` live rows, row ``since`` (None: not asked), the row
        before ``seat``'s previous turn start (None: no seat; with neither, the whole log); and ``seat``'s
        latest two turn starts."""
        ...

    async def round_marks(self, game_id: int, count: int) -> list[int]:
        """The seqs of the latest ``count`` rows written with ``LogEntry.opens_round``, reverted or not,
        newest first; [] when none."""
        ...

    async def commit(
        self,
        game_id: int,
        expected_version: int,
        update: GameUpdate = ...,
        seats: Sequence[SeatRecord] | None = None,
        entries: Sequence[LogEntry] = (),
        timers: Sequence[TimerSpec] | None = None,
        versions: int = 1,
    ) -> Commit:
        """In one transaction: check ``version`` and raise it by ``versions`` (a run of moves committed
        together counts one version a move, as if each had been committed alone), apply ``update``,
        replace the seats if given, append ``entries``, replace the game's timers if given (so a turn
        and its deadline change together). Raises ``VersionConflict`` (and writes nothing) if the
        version moved.

        For each entry, in order, after appending its row (seq = the log's length + 1; the length, kept
        on the game, grows by one): its ``reverts`` are recorded as reverted by this row, and every
        snapshot and turn start at or after the smallest of them is deleted (they included what is now
        taken back); then its ``snapshot`` is stored at this row's seq, a turn start at this seq for each
        of its ``turn_seats``, and the row carries its ``opens_round`` mark. ``Commit.seq`` is the last
        appended row's seq."""
        ...

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
    async def member_games(self, guild_id: int, user_id: int) -> list[int]:
        """The ids of the unfinished games (lobby, running, paused) of ``guild_id`` where ``user_id``
        holds a seat, by id (``/game mine``)."""
        ...

    async def open_tables(self, guild_id: int) -> list[int]:
        """The ids of the server's games in their lobby, oldest first (``/game open``)."""
        ...

    async def follow(self, game_id: int, user_id: int, *, approved: bool) -> None:
        """Add (or approve) a follower; ``approved`` False: asked, waiting for an answer."""
        ...

    async def unfollow(self, game_id: int, user_id: int) -> bool:
        """Remove a follower or a request to follow; False if there was none."""
        ...

    async def followers(self, game_id: int, *, approved: bool = True) -> list[int]:
        """The game's followers (``approved`` False: those waiting for an answer), oldest first."""
        ...

    async def listeners(self, game_id: int) -> Listeners:
        """In one read, whom a turn's notice goes to beyond the channel: the game's players who asked
        for their turns by DM, and its approved followers, oldest first."""
        ...

    async def approval(self, game_id: int, what: str) -> bool:
        """Whether the game's ``what`` (one of ``APPROVALS``: followers, substitutes) waits for the host's
        or a moderator's yes."""
        ...

    async def set_approval(self, game_id: int, what: str, on: bool) -> None: ...

    async def bot_value(self, key: str) -> str | None: ...
    async def set_bot_value(self, key: str, value: str) -> None: ...

    # -- results, ratings and reliability (issue 35, item 5; bot/standings.py) -----------------------

    async def game_outline(self, game_id: int) -> Outline:
        """What settling a finished game reads of its log: the system rows and the turn starts."""
        ...

    async def ratings_of(self, guild_id: int, ruleset: str, user_ids: Collection[int]) -> dict[int, Rating]:
        """The members' ratings for the game in the server (those who have one)."""
        ...

    async def settle(self, settlement: Settlement) -> bool:
        """In one transaction: mark the game settled (numbered after the last settlement), store its
        results, write the members' new ratings (each only over the one read: else ``RatingsMoved`` and
        nothing written), add to their reliability and delete its settle timer. False, with only the
        timer deleted, if the game was settled before."""
        ...

    async def member_stats(
        self, guild_id: int, user_id: int, ruleset: str | None = None, recent: int = 5
    ) -> MemberStats:
        """The member's ratings (of ``ruleset`` only, if given), reliability and latest results."""
        ...

    async def reliability_of(self, guild_id: int, user_ids: Collection[int]) -> dict[int, Reliability]: ...
    async def leaderboard(
        self, guild_id: int, ruleset: str, min_games: int, limit: int = 10
    ) -> list[tuple[int, Rating]]:
        """The server's best rated for the game with at least ``min_games`` games, best first."""
        ...

    async def unsettled_games(self) -> list[int]:
        """The finished games never settled (ended before schema V9, or imported), as they ended."""
        ...

    async def rebuild_standings(self) -> tuple[int, int]:
        """Recompute every rating and reliability from the stored results (``bot.standings.rebuilt``)."""
        ...


def said_migrated(database: str, applied: Sequence[int]) -> None:
    """One line in the log when a start-up created ``database`` (said for people: "the database
    warboard.db") or upgraded its schema, so an owner who upgraded the bot sees that its games came
    along, and from which version."""
    if not applied:
        return
    if applied[0] == 1:
        log.info("created %s (schema version %d)", database, applied[-1])
    else:
        log.info("upgraded %s from schema version %d to %d", database, applied[0] - 1, applied[-1])


class SqliteStore(SqliteStandings):
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
        connecting = aiosqlite.connect(path, isolation_level="IMMEDIATE")
        try:
            db = await connecting
        except BaseException:
            # aiosqlite's thread answers the failed connection's own close afterwards, on this loop: let
            # it, or a start-up refused for an unopenable file ended in a thread's traceback besides.
            await asyncio.to_thread(connecting._thread.join, 10)
            raise
        try:
            db.row_factory = sqlite3.Row
            await db.execute("PRAGMA journal_mode=WAL")
            await db.execute("PRAGMA synchronous=FULL")
            await db.execute("PRAGMA foreign_keys=ON")
            await db.execute("PRAGMA busy_timeout=10000")
            said_migrated(f"the database {path}", await migrate(db))
        except BaseException:
            await db.close()
            raise
        return cls(db)

    async def close(self) -> None:
        await self._db.close()

    async def schema_version(self) -> int:
        async with self._lock:
            return await user_version(self._db)

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
                f"RETURNING {GAME_COLUMNS}",
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
        return GameRecord.from_row(dict(row))

    async def game(self, game_id: int) -> GameRecord | None:
        rows = await self._rows(f"SELECT {GAME_COLUMNS} FROM games WHERE id = ?", (game_id,))
        return GameRecord.from_row(dict(rows[0])) if rows else None

    async def game_and_seats(
        self, game_id: int | None = None, *, channel_id: int | None = None
    ) -> GameAndSeats | None:
        """A game by id, or the channel's game that has not ended, with its seats and log length."""
        if game_id is not None:
            rows = await self._rows(f"{WITH_SEATS} WHERE id = ?", (game_id,))
        else:
            rows = await self._rows(f"{WITH_SEATS} WHERE channel_id = ? AND status != 'ended'", (channel_id,))
        return game_and_seats(rows[0]) if rows else None

    async def active_game(self, channel_id: int) -> GameRecord | None:
        rows = await self._rows(
            f"SELECT {GAME_COLUMNS} FROM games WHERE channel_id = ? AND status != 'ended'", (channel_id,)
        )
        return GameRecord.from_row(dict(rows[0])) if rows else None

    async def running_games(self, *, with_ai: bool = False) -> list[int]:
        """The ids of every game being played (not in the lobby, paused or ended); ``with_ai``: only those
        where the AI plays a seat (what a restart must look at, whatever the number of stored games)."""
        rows = await self._rows(
            f"SELECT id FROM games WHERE status = 'running'{WITH_AI if with_ai else ''} ORDER BY id"
        )
        return [int(row[0]) for row in rows]

    async def member_games(self, guild_id: int, user_id: int) -> list[int]:
        rows = await self._rows(qmarks(MEMBER_GAMES), (user_id, guild_id))
        return [int(row[0]) for row in rows]

    async def open_tables(self, guild_id: int) -> list[int]:
        return [int(row[0]) for row in await self._rows(qmarks(OPEN_TABLES), (guild_id,))]

    async def follow(self, game_id: int, user_id: int, *, approved: bool) -> None:
        await self._write(qmarks(FOLLOW), (game_id, user_id, int(approved), now_text()))

    async def unfollow(self, game_id: int, user_id: int) -> bool:
        return bool(await self._write(qmarks(UNFOLLOW), (game_id, user_id)))

    async def followers(self, game_id: int, *, approved: bool = True) -> list[int]:
        return [int(row[0]) for row in await self._rows(qmarks(FOLLOWERS), (game_id, int(approved)))]

    async def listeners(self, game_id: int) -> Listeners:
        return listeners(await self._rows(qmarks(LISTENERS), (game_id, game_id)))

    async def approval(self, game_id: int, what: str) -> bool:
        assert what in APPROVALS, what  # a column's name: never from a member
        rows = await self._rows(qmarks(APPROVAL.format(what=what)), (game_id,))
        return bool(rows and rows[0][0])

    async def set_approval(self, game_id: int, what: str, on: bool) -> None:
        assert what in APPROVALS, what
        await self._write(qmarks(SET_APPROVAL.format(what=what)), (game_id, int(on)))

    async def game_counts(self) -> dict[str, int]:
        rows = await self._rows("SELECT status, COUNT(*) FROM games GROUP BY status")
        return {str(row[0]): int(row[1]) for row in rows}

    async def latest_game(self, channel_id: int) -> GameRecord | None:
        """The channel's most recent game, ended or not (``/game verify`` after the end)."""
        rows = await self._rows(
            f"SELECT {GAME_COLUMNS} FROM games WHERE channel_id = ? ORDER BY id DESC LIMIT 1", (channel_id,)
        )
        return GameRecord.from_row(dict(rows[0])) if rows else None

    async def seats(self, game_id: int) -> list[SeatRecord]:
        rows = await self._rows(
            f"SELECT {SEAT_COLUMNS} FROM seats WHERE game_id = ? ORDER BY seat",
            (game_id,),
        )
        return [SeatRecord(**dict(row)) for row in rows]

    async def log(self, game_id: int) -> list[LogRecord]:
        """The whole log (verify, tests): whatever needs less reads less with the methods below."""
        return await self.log_rows(game_id)

    async def log_length(self, game_id: int) -> int:
        rows = await self._rows("SELECT log_length FROM games WHERE id = ?", (game_id,))
        return int(rows[0][0]) if rows else 0

    async def log_rows(self, game_id: int, first: int = 1, last: int | None = None) -> list[LogRecord]:
        rows = await self._rows(
            f"SELECT {LOG_COLUMNS} FROM actions WHERE game_id = ? AND seq >= ? AND seq <= ? ORDER BY seq",
            (game_id, first, _END if last is None else last),
        )
        return [LogRecord(**dict(row)) for row in rows]

    async def live_actions(self, game_id: int, after: int = 0, before: int | None = None) -> list[LogRecord]:
        rows = await self._rows(
            f"SELECT {LOG_COLUMNS} FROM actions AS a WHERE a.game_id = ? AND a.seq > ? AND a.seq < ? "
            f"AND {LIVE} ORDER BY a.seq",
            (game_id, after, _END if before is None else before),
        )
        return [LogRecord(**dict(row)) for row in rows]

    async def last_live_actions(self, game_id: int, count: int) -> list[LogRecord]:
        # Walks the primary key back from the end: as many rows as asked for, plus any reverted between.
        rows = await self._rows(
            f"SELECT {LOG_COLUMNS} FROM actions AS a WHERE a.game_id = ? AND {LIVE} "
            "ORDER BY a.seq DESC LIMIT ?",
            (game_id, count),
        )
        return [LogRecord(**dict(row)) for row in reversed(rows)]

    async def snapshot_before(self, game_id: int, seq: int) -> Snapshot | None:
        rows = await self._rows(
            "SELECT seq, state FROM snapshots WHERE game_id = ? AND seq < ? ORDER BY seq DESC LIMIT 1",
            (game_id, seq),
        )
        return Snapshot(int(rows[0][0]), rows[0][1]) if rows else None

    async def snapshots(self, game_id: int) -> list[Snapshot]:
        rows = await self._rows("SELECT seq, state FROM snapshots WHERE game_id = ? ORDER BY seq", (game_id,))
        return [Snapshot(int(row[0]), row[1]) for row in rows]

    async def turn_starts(self, game_id: int, seat: int, count: int) -> list[int]:
        rows = await self._rows(
            "SELECT seq FROM turn_starts WHERE game_id = ? AND seat = ? ORDER BY seq DESC LIMIT ?",
            (game_id, seat, count),
        )
        return [int(row[0]) for row in rows]

    async def log_tail(self, game_id: int, count: int, since: int | None, seat: int | None) -> LogTail:
        return log_tail(await self._rows(qmarks(LOG_TAIL), log_tail_params(game_id, count, since, seat)))

    async def round_marks(self, game_id: int, count: int) -> list[int]:
        rows = await self._rows(
            "SELECT seq FROM actions WHERE game_id = ? AND opens_round = 1 ORDER BY seq DESC LIMIT ?",
            (game_id, count),
        )
        return [int(row[0]) for row in rows]

    async def commit(
        self,
        game_id: int,
        expected_version: int,
        update: GameUpdate = NO_CHANGES,
        seats: Sequence[SeatRecord] | None = None,
        entries: Sequence[LogEntry] = (),
        timers: Sequence[TimerSpec] | None = None,
        versions: int = 1,
    ) -> Commit:
        """See ``GameStore.commit``: the rows, what is kept beside them and the version, all or nothing,
        written in one call in the connection's thread (``schema.write_commit``)."""
        at = now_text()
        async with self._lock:
            return await self._in_thread(
                write_commit, game_id, expected_version, update, seats, entries, timers, versions, at
            )

    async def _in_thread(self, work: Callable[..., T], *args: Any) -> T:
        """``work(connection, *args)`` in the connection's own thread, as one trip there and back.
        aiosqlite runs each of its calls so (``Connection._execute``, the one way it offers to run
        several statements in one trip; its own ``execute`` and ``commit`` are built on it)."""
        db = self._db
        result: T = await db._execute(lambda: work(db._conn, *args))  # type: ignore[no-untyped-call]
        return result

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
            f"SELECT {', '.join(SETTINGS_COLUMNS)} FROM guild_settings WHERE guild_id = ?", (guild_id,)
        )
        return GuildSettings(**dict(rows[0])) if rows else GuildSettings(guild_id)

    async def set_guild_settings(self, settings: GuildSettings) -> None:
        names = SETTINGS_COLUMNS  # every field of GuildSettings, the guild's id first
        changes = ", ".join(f"{name} = excluded.{name}" for name in [*names[1:], "updated_at"])
        await self._write(
            f"INSERT INTO guild_settings ({', '.join(names)}, updated_at) "
            f"VALUES ({', '.join('?' * (len(names) + 1))}) ON CONFLICT (guild_id) DO UPDATE SET {changes}",
            (*(getattr(settings, name) for name in names), now_text()),
        )

    async def bot_value(self, key: str) -> str | None:
        rows = await self._rows("SELECT value FROM bot_state WHERE key = ?", (key,))
        return str(rows[0][0]) if rows else None

    async def set_bot_value(self, key: str, value: str) -> None:
        await self._write(
            "INSERT INTO bot_state (key, value, updated_at) VALUES (?, ?, ?) "
            "ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at",
            (key, value, now_text()),
        )


SETTINGS_COLUMNS = tuple(f.name for f in fields(GuildSettings))  # the guild's id first


T = TypeVar("T")

# Greater than any seq: an open end of a range stays one indexed comparison.
_END = 1 << 62
# An action row that still counts (the alias ``a`` is the actions table).


async def open_store(path: str) -> SqliteStore:
    return await SqliteStore.open(path)
