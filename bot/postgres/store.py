"""``PostgresStore``: the ``GameStore`` protocol on PostgreSQL, for a bot whose shards run in several
processes (or machines) that share one database. Single statements (every read, a move's commit) run
on a lane of connections of its own (``bot/postgres/lane.py``, which says why not the pool),
transactions on an asyncpg pool, and games' advisory locks on a second pool.

The same guarantees as ``SqliteStore``, kept the PostgreSQL way:

- **One action, one statement** (``bot/postgres/commit.py``): bump ``version`` only if it still has the
  value the caller read, apply the update, replace the timers, append the log rows and what is kept
  beside them, all or nothing, in one round trip and one WAL flush. A commit that also replaces the
  seats, or takes rows back (an undo), runs as one transaction of that statement and the rest.
  Two writers can never both win: the row lock on the game serialises them, and the loser's
  ``WHERE version = $2`` no longer matches (``VersionConflict``, nothing written).
- **Durable when it returns**: PostgreSQL's defaults (``fsync``, ``synchronous_commit=on``).
- **A game's lock across processes**: ``game_lock`` holds ``pg_advisory_lock`` on a connection of a
  small pool of its own (so lock holders never starve the connections their work needs); a process
  that dies releases its locks with its connections.
- **Shards**: given a ``ShardPlan``, the scheduler's and the start-up's questions (``due_timers``,
  ``next_due``, ``running_games``) see only the games of this process's shards; ``claim_timer`` takes
  a timer with ``FOR UPDATE SKIP LOCKED``, so of two processes asking at once exactly one gets it and
  neither waits.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import AsyncIterator, Mapping, Sequence
from dataclasses import fields
from typing import Any

import asyncpg

from bot.postgres.commit import commit_statement, forget_reverted_statement, replace_seats
from bot.postgres.guard import database_name
from bot.postgres.lane import Lane
from bot.postgres.schema import migrate, schema_version
from bot.postgres.standings import PostgresStandings
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
    SeatRecord,
    Snapshot,
    Timer,
    TimerSpec,
    VersionConflict,
    now_text,
)
from bot.schema import (
    APPROVAL,
    APPROVALS,
    FOLLOW,
    FOLLOWERS,
    LISTENERS,
    LIVE,
    LOG_TAIL,
    MEMBER_GAMES,
    OPEN_TABLES,
    SET_APPROVAL,
    UNFOLLOW,
    WITH_AI,
    listeners,
    log_tail,
    log_tail_params,
)
from bot.shards import ShardPlan
from bot.store import said_migrated

GAME_LOCKS = 0x5742  # the first key of every game's advisory lock; the second is the game's id
_TRANSACTIONS = 4  # connections for commits of several statements: a game's start, an undo
_END = 1 << 62  # greater than any seq: an open end of a range stays one indexed comparison


def _names(record: type) -> list[str]:
    return [f.name for f in fields(record)]


# Columns by the records' own fields, so a field added to a record and a column added by a migration
# meet here with no list to keep in step (the store suite fails if a migration forgot the column).
_GAME_COLUMNS = ", ".join(_names(GameRecord))
_SEAT_COLUMNS = ", ".join(_names(SeatRecord))
_LOG_COLUMNS = ", ".join(_names(LogRecord))
_TIMER_COLUMNS = ", ".join(f"t.{name}" for name in _names(Timer))
_SETTINGS_COLUMNS = _names(GuildSettings)

_WITH_SEATS = (
    f"SELECT {_GAME_COLUMNS}, "
    f"(SELECT json_agg(json_build_array({_SEAT_COLUMNS}) ORDER BY seat) FROM seats "
    "WHERE seats.game_id = games.id)::text AS seats_json, log_length FROM games"
)


async def _keep_session(connection: asyncpg.Connection) -> None:
    """A connection back in the main pool needs no reset query (a round trip on every release, the
    default): this store never sets session settings, listens or keeps cursors, and its advisory locks
    live on the lock pool, which keeps asyncpg's full reset (``pg_advisory_unlock_all``) as a safety
    net. asyncpg still rolls back a transaction left open before calling this."""


def _game_and_seats(row: asyncpg.Record) -> GameAndSeats:
    values = dict(row)
    seats = tuple(SeatRecord(*columns) for columns in json.loads(values.pop("seats_json") or "[]"))
    length = values.pop("log_length")
    return GameAndSeats(GameRecord.from_row(values), seats, int(length))


class PostgresStore(PostgresStandings):
    def __init__(
        self, lane: Lane, pool: asyncpg.Pool, locks: asyncpg.Pool, shards: ShardPlan | None = None
    ) -> None:
        self._lane = lane  # every operation that is one statement
        self.pool = pool  # transactions of several statements
        self._locks = locks
        self.shards = shards if shards is not None and not shards.whole else None

    @classmethod
    async def open(
        cls, dsn: str, *, shards: ShardPlan | None = None, size: int = 10, lock_size: int = 20
    ) -> PostgresStore:
        """Connect, and migrate the database if it is behind (once, whoever else starts meanwhile).
        ``size`` connections serve single statements, a few more the rare transactions (a game's start,
        an undo), and up to ``lock_size`` hold games' locks."""
        pool = await asyncpg.create_pool(dsn, min_size=1, max_size=_TRANSACTIONS, reset=_keep_session)
        lane: Lane | None = None
        try:
            async with pool.acquire() as connection:
                said_migrated(database_name(dsn), await migrate(connection))
            lane = await Lane.open(dsn, size)
            locks = await asyncpg.create_pool(dsn, min_size=0, max_size=lock_size)
        except BaseException:
            if lane is not None:
                await lane.close()
            await pool.close()
            raise
        return cls(lane, pool, locks, shards)

    async def close(self) -> None:
        await self._locks.close()
        await self._lane.close()
        await self.pool.close()

    async def schema_version(self) -> int:
        async with self.pool.acquire() as connection:
            return await schema_version(connection)  # a rare question: the pool serves it

    @contextlib.asynccontextmanager
    async def game_lock(self, game_id: int) -> AsyncIterator[None]:
        """Hold the game's advisory lock, which every process sharing the database respects."""
        async with self._locks.acquire() as connection:
            await connection.execute("SELECT pg_advisory_lock($1, $2)", GAME_LOCKS, game_id)
            try:
                yield
            finally:
                try:
                    await connection.execute("SELECT pg_advisory_unlock($1, $2)", GAME_LOCKS, game_id)
                except BaseException:
                    connection.terminate()  # a closed session holds no locks: never leave one behind
                    raise

    # -- reading -------------------------------------------------------------------------------------

    async def _rows(self, sql: str, *params: Any) -> list[asyncpg.Record]:
        return await self._lane.fetch(sql, *params)

    async def game(self, game_id: int) -> GameRecord | None:
        rows = await self._rows(f"SELECT {_GAME_COLUMNS} FROM games WHERE id = $1", game_id)
        return GameRecord.from_row(dict(rows[0])) if rows else None

    async def game_and_seats(
        self, game_id: int | None = None, *, channel_id: int | None = None
    ) -> GameAndSeats | None:
        """A game by id, or the channel's game that has not ended, with its seats and log length."""
        if game_id is not None:
            rows = await self._rows(f"{_WITH_SEATS} WHERE id = $1", game_id)
        else:
            rows = await self._rows(f"{_WITH_SEATS} WHERE channel_id = $1 AND status != 'ended'", channel_id)
        return _game_and_seats(rows[0]) if rows else None

    async def active_game(self, channel_id: int) -> GameRecord | None:
        rows = await self._rows(
            f"SELECT {_GAME_COLUMNS} FROM games WHERE channel_id = $1 AND status != 'ended'", channel_id
        )
        return GameRecord.from_row(dict(rows[0])) if rows else None

    async def running_games(self, *, with_ai: bool = False) -> list[int]:
        """The ids of every game being played on this process's shards (``with_ai``: where the AI plays
        a seat)."""
        where, params = self._on_my_shards("games", 1)
        where += WITH_AI if with_ai else ""
        rows = await self._rows(f"SELECT id FROM games WHERE status = 'running'{where} ORDER BY id", *params)
        return [int(row[0]) for row in rows]

    async def member_games(self, guild_id: int, user_id: int) -> list[int]:
        return [int(row[0]) for row in await self._rows(MEMBER_GAMES, user_id, guild_id)]

    async def open_tables(self, guild_id: int) -> list[int]:
        return [int(row[0]) for row in await self._rows(OPEN_TABLES, guild_id)]

    async def follow(self, game_id: int, user_id: int, *, approved: bool) -> None:
        await self._lane.execute(FOLLOW, game_id, user_id, int(approved), now_text())

    async def unfollow(self, game_id: int, user_id: int) -> bool:
        return bool(await self._rows(UNFOLLOW, game_id, user_id))

    async def followers(self, game_id: int, *, approved: bool = True) -> list[int]:
        return [int(row[0]) for row in await self._rows(FOLLOWERS, game_id, int(approved))]

    async def listeners(self, game_id: int) -> Listeners:
        return listeners(await self._rows(LISTENERS, game_id, game_id))

    async def approval(self, game_id: int, what: str) -> bool:
        assert what in APPROVALS, what  # a column's name: never from a member
        return bool(await self._lane.fetchval(APPROVAL.format(what=what), game_id))

    async def set_approval(self, game_id: int, what: str, on: bool) -> None:
        assert what in APPROVALS, what
        await self._lane.execute(SET_APPROVAL.format(what=what), game_id, int(on))

    async def game_counts(self) -> dict[str, int]:
        where, params = self._on_my_shards("games", 1)
        rows = await self._rows(
            f"SELECT status, COUNT(*) FROM games WHERE TRUE{where} GROUP BY status", *params
        )
        return {str(row[0]): int(row[1]) for row in rows}

    async def latest_game(self, channel_id: int) -> GameRecord | None:
        rows = await self._rows(
            f"SELECT {_GAME_COLUMNS} FROM games WHERE channel_id = $1 ORDER BY id DESC LIMIT 1", channel_id
        )
        return GameRecord.from_row(dict(rows[0])) if rows else None

    async def seats(self, game_id: int) -> list[SeatRecord]:
        sql = f"SELECT {_SEAT_COLUMNS} FROM seats WHERE game_id = $1 ORDER BY seat"
        rows = await self._rows(sql, game_id)
        return [SeatRecord(**dict(row)) for row in rows]

    async def log(self, game_id: int) -> list[LogRecord]:
        """The whole log (verify, tests): whatever needs less reads less with the methods below."""
        return await self.log_rows(game_id)

    async def log_rows(self, game_id: int, first: int = 1, last: int | None = None) -> list[LogRecord]:
        rows = await self._rows(
            f"SELECT {_LOG_COLUMNS} FROM actions WHERE game_id = $1 AND seq >= $2 AND seq <= $3 ORDER BY seq",
            game_id,
            first,
            _END if last is None else last,
        )
        return [LogRecord(**dict(row)) for row in rows]

    async def live_actions(self, game_id: int, after: int = 0, before: int | None = None) -> list[LogRecord]:
        rows = await self._rows(
            f"SELECT {_LOG_COLUMNS} FROM actions AS a WHERE a.game_id = $1 AND a.seq > $2 AND a.seq < $3 "
            f"AND {LIVE} ORDER BY a.seq",
            game_id,
            after,
            _END if before is None else before,
        )
        return [LogRecord(**dict(row)) for row in rows]

    async def last_live_actions(self, game_id: int, count: int) -> list[LogRecord]:
        rows = await self._rows(
            f"SELECT {_LOG_COLUMNS} FROM actions AS a WHERE a.game_id = $1 AND {LIVE} "
            "ORDER BY a.seq DESC LIMIT $2",
            game_id,
            count,
        )
        return [LogRecord(**dict(row)) for row in reversed(rows)]

    async def snapshot_before(self, game_id: int, seq: int) -> Snapshot | None:
        rows = await self._rows(
            "SELECT seq, state FROM snapshots WHERE game_id = $1 AND seq < $2 ORDER BY seq DESC LIMIT 1",
            game_id,
            seq,
        )
        return Snapshot(int(rows[0][0]), rows[0][1]) if rows else None

    async def snapshots(self, game_id: int) -> list[Snapshot]:
        rows = await self._rows("SELECT seq, state FROM snapshots WHERE game_id = $1 ORDER BY seq", game_id)
        return [Snapshot(int(row[0]), row[1]) for row in rows]

    async def turn_starts(self, game_id: int, seat: int, count: int) -> list[int]:
        rows = await self._rows(
            "SELECT seq FROM turn_starts WHERE game_id = $1 AND seat = $2 ORDER BY seq DESC LIMIT $3",
            game_id,
            seat,
            count,
        )
        return [int(row[0]) for row in rows]

    async def log_tail(self, game_id: int, count: int, since: int | None, seat: int | None) -> LogTail:
        return log_tail(await self._rows(LOG_TAIL, *log_tail_params(game_id, count, since, seat)))

    async def round_marks(self, game_id: int, count: int) -> list[int]:
        rows = await self._rows(
            "SELECT seq FROM actions WHERE game_id = $1 AND opens_round = 1 ORDER BY seq DESC LIMIT $2",
            game_id,
            count,
        )
        return [int(row[0]) for row in rows]

    async def log_length(self, game_id: int) -> int:
        length = await self._lane.fetchval("SELECT log_length FROM games WHERE id = $1", game_id)
        return int(length or 0)  # None: no such game

    # -- writing -------------------------------------------------------------------------------------

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
            rows = await self._rows(
                "INSERT INTO games (guild_id, channel_id, ruleset, options, status, created_by, created_at, "
                "updated_at, capacity, turn_hours) VALUES ($1, $2, $3, $4, $5, $6, $7, $7, $8, $9) "
                f"RETURNING {_GAME_COLUMNS}",
                guild_id,
                channel_id,
                ruleset,
                json.dumps(dict(options)),
                status,
                created_by,
                at,
                capacity,
                turn_hours,
            )
        except asyncpg.UniqueViolationError as error:
            if error.constraint_name == "games_one_active_per_channel":
                raise ChannelBusy(channel_id) from None
            raise
        return GameRecord.from_row(dict(rows[0]))

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
        """All or nothing: check ``version`` and raise it by ``versions``, apply ``update``, replace the
        seats if given, append ``entries``, replace the game's timers if given. Raises
        ``VersionConflict`` (and writes nothing) if the version moved."""
        sql, params = commit_statement(game_id, expected_version, update, entries, timers, versions)
        if seats is None and not any(entry.reverts for entry in entries):
            row = await self._lane.fetchrow(sql, *params)  # a move: one statement, one round trip
        else:
            async with self.pool.acquire() as connection, connection.transaction():
                row = await connection.fetchrow(sql, *params)
                if row is not None and seats is not None:
                    await replace_seats(connection, game_id, seats)
                forget = None if row is None else forget_reverted_statement(entries, row["seq"] or 0)
                if forget is not None:
                    await connection.execute(forget[0], game_id, *forget[1])
        if row is None:  # the version had moved: nothing was written
            actual = await self._lane.fetchval("SELECT version FROM games WHERE id = $1", game_id)
            raise VersionConflict(game_id, expected_version, actual)
        return Commit(int(row["version"]), row["seq"])

    async def add_timer(self, game_id: int | None, kind: str, due_at: str, payload: str = "{}") -> int:
        return int(
            await self._lane.fetchval(
                "INSERT INTO timers (game_id, kind, due_at, payload) VALUES ($1, $2, $3, $4) RETURNING id",
                game_id,
                kind,
                due_at,
                payload,
            )
        )

    async def due_timers(self, now: str) -> list[Timer]:
        """Timers due by ``now`` of the games on this process's shards, in due order."""
        where, params = self._on_my_shards("g", 2)
        rows = await self._rows(
            f"SELECT {_TIMER_COLUMNS} FROM timers t LEFT JOIN games g ON g.id = t.game_id "
            f"WHERE t.due_at <= $1{where} ORDER BY t.due_at, t.id",
            now,
            *params,
        )
        return [Timer(**dict(row)) for row in rows]

    async def timers(self, game_id: int) -> list[Timer]:
        rows = await self._rows(
            f"SELECT {_TIMER_COLUMNS} FROM timers t WHERE t.game_id = $1 ORDER BY t.due_at, t.id", game_id
        )
        return [Timer(**dict(row)) for row in rows]

    async def next_due(self) -> str | None:
        where, params = self._on_my_shards("g", 1)
        value = await self._lane.fetchval(
            f"SELECT MIN(t.due_at) FROM timers t LEFT JOIN games g ON g.id = t.game_id WHERE TRUE{where}",
            *params,
        )
        return None if value is None else str(value)

    async def delete_timer(self, timer_id: int) -> None:
        await self._lane.execute("DELETE FROM timers WHERE id = $1", timer_id)

    async def claim_timer(self, timer_id: int) -> bool:
        """Delete a timer, saying whether this call got it: of processes claiming it at once, exactly one
        does (the others skip the locked row instead of waiting for it), and it acts on it, once."""
        claimed = await self._lane.fetchval(
            "DELETE FROM timers WHERE id = (SELECT id FROM timers WHERE id = $1 FOR UPDATE SKIP LOCKED) "
            "RETURNING id",
            timer_id,
        )
        return claimed is not None

    async def dm_turns(self, user_id: int) -> bool:
        value = await self._lane.fetchval("SELECT dm_turns FROM members WHERE user_id = $1", user_id)
        return bool(value)

    async def set_dm_turns(self, user_id: int, on: bool) -> None:
        await self._lane.execute(
            "INSERT INTO members (user_id, dm_turns, updated_at) VALUES ($1, $2, $3) "
            "ON CONFLICT (user_id) DO UPDATE SET dm_turns = excluded.dm_turns, "
            "updated_at = excluded.updated_at",
            user_id,
            int(on),
            now_text(),
        )

    async def guild_settings(self, guild_id: int) -> GuildSettings:
        rows = await self._rows(
            f"SELECT {', '.join(_SETTINGS_COLUMNS)} FROM guild_settings WHERE guild_id = $1", guild_id
        )
        return GuildSettings(**dict(rows[0])) if rows else GuildSettings(guild_id)

    async def set_guild_settings(self, settings: GuildSettings) -> None:
        names = _SETTINGS_COLUMNS
        values = ", ".join(f"${i}" for i in range(1, len(names) + 2))
        changes = ", ".join(f"{name} = excluded.{name}" for name in [*names[1:], "updated_at"])
        await self._lane.execute(
            f"INSERT INTO guild_settings ({', '.join(names)}, updated_at) VALUES ({values}) "
            f"ON CONFLICT (guild_id) DO UPDATE SET {changes}",
            *(getattr(settings, name) for name in names),
            now_text(),
        )

    async def bot_value(self, key: str) -> str | None:
        value = await self._lane.fetchval("SELECT value FROM bot_state WHERE key = $1", key)
        return None if value is None else str(value)

    async def set_bot_value(self, key: str, value: str) -> None:
        await self._lane.execute(
            "INSERT INTO bot_state (key, value, updated_at) VALUES ($1, $2, $3) "
            "ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at",
            key,
            value,
            now_text(),
        )

    def _on_my_shards(self, games: str, first: int) -> tuple[str, list[Any]]:
        """`` AND <the game is on this process's shards>``, numbered from ``$first``; nothing when this
        process holds every shard. A game with no guild counts as shard 0, like Discord's DMs."""
        if self.shards is None:
            return "", []
        return (
            f" AND COALESCE(({games}.guild_id >> 22) % ${first}, 0) = ANY(${first + 1}::bigint[])",
            [self.shards.total, list(self.shards.ids)],
        )
