"""One bot per PostgreSQL database and shard (issue 34): two processes running the same shard on one
database both receive its interactions and both play each move, as two bots on one SQLite file did
(``bot.__main__.hold_database`` guards that case with a lock file).

A bot process holds session-level advisory locks on a connection of its own, kept for the process's life
(PostgreSQL lets go of them when that session ends, however the process ends):

- each shard it runs: ``(SHARD_LOCKS, shard)``, exclusive, so two processes for one shard cannot both
  run, while processes for different shards run side by side;
- the whole bot: ``(SHARD_LOCKS, WHOLE)``, exclusive for an unsharded process (it answers every guild),
  shared for a sharded one, so an unsharded process and any sharded one refuse each other too.

A sharded process also holds ``(SHARD_TOTALS, total)``, shared, naming its ``PBP_SHARDS``: a process
started with another total while one runs is refused (``_other_total``), since the two would split the
guilds differently and both run some of them.

If the connection is lost (PostgreSQL restarted), so are the locks: the bot says so in its log and takes
them again on a new connection once PostgreSQL answers (``ShardGuard``). If another process took one of
them meanwhile, this one has lost its shard: it says so and stops (``displaced``; ``python -m bot`` exits
with status 1), leaving the other one to play. ``python -m bot sync``, ``backup``, ``health``, the
terminal client and ``bot.migrate`` take none.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from urllib.parse import urlsplit

import asyncpg

from bot.settings import SettingsError
from bot.shards import ShardPlan

log = logging.getLogger("warboard")

SHARD_LOCKS = 0x5753  # "WS": the first key of these locks (games' locks use 0x5742, migration one bigint)
WHOLE = -1  # the second key of the whole bot's lock (shard numbers are 0 and up)
TAKING = -2  # the second key of the lock held while a process takes its locks (the totals' check)
SHARD_TOTALS = 0x5754  # "WT": the first key of the lock naming a sharded process's PBP_SHARDS
RETAKE_FIRST = 1.0  # seconds after a lost connection before the first try to take the locks again
RETAKE_MOST = 30.0  # ... and the longest wait between two tries


def database_name(dsn: str) -> str:
    """The database a URL names, for people (never the URL itself: it may hold a password)."""
    name = urlsplit(dsn).path.lstrip("/")
    return f"the PostgreSQL database {name}" if name else "the PostgreSQL database"


class ShardGuard:
    """This process's locks, on their connection (``connection``). If that connection is lost
    (PostgreSQL restarted, a network cut), the locks went with it: the guard says so and takes them
    again on a new connection as soon as it can (after ``RETAKE_FIRST`` seconds, then doubling up to
    ``RETAKE_MOST``). If another process took one meanwhile, this one lost it for good: ``displaced``
    says why, and ``on_displaced`` is called (``python -m bot`` stops the bot)."""

    def __init__(
        self, dsn: str, shards: ShardPlan | None, on_displaced: Callable[[], object] | None = None
    ) -> None:
        self.dsn = dsn
        self.shards = shards
        self.on_displaced = on_displaced
        self.displaced: str | None = None  # the line saying which lock another process took, once it has
        self.connection: asyncpg.Connection | None = None
        self._retaking: asyncio.Task[None] | None = None

    async def take(self) -> None:
        """The locks, on a new connection; ``SettingsError`` naming the database (and the shard) when
        another process holds one."""
        connection = await asyncpg.connect(self.dsn)
        try:
            # One process at a time between the totals' check and taking its own total's lock.
            await connection.execute("SELECT pg_advisory_lock($1, $2)", SHARD_LOCKS, TAKING)
            try:
                await self._take_on(connection)
            finally:
                await connection.execute("SELECT pg_advisory_unlock($1, $2)", SHARD_LOCKS, TAKING)
        except BaseException:
            await connection.close()
            raise
        connection.add_termination_listener(self._lost)
        self.connection = connection

    async def _take_on(self, connection: asyncpg.Connection) -> None:
        whole = "pg_try_advisory_lock" if self.shards is None else "pg_try_advisory_lock_shared"
        if not await connection.fetchval(f"SELECT {whole}($1, $2)", SHARD_LOCKS, WHOLE):
            raise Taken(self.dsn, None)
        if self.shards is None:
            return
        other = await _other_total(connection, self.shards.total)
        if other is not None:
            raise SettingsError(
                f"PBP_SHARDS is {self.shards.total} here, but the Warboard bot running on "
                f"{database_name(self.dsn)} has PBP_SHARDS={other}: give every process the same total "
                "(to change it, stop them all first)."
            )
        await connection.execute("SELECT pg_advisory_lock_shared($1, $2)", SHARD_TOTALS, self.shards.total)
        for shard in self.shards.ids:
            if not await connection.fetchval("SELECT pg_try_advisory_lock($1, $2)", SHARD_LOCKS, shard):
                raise Taken(self.dsn, shard)

    async def release(self) -> None:
        """Let go of the locks (at a clean stop; a process that ends without this lets go of them too)."""
        if self._retaking is not None:
            self._retaking.cancel()
        if self.connection is not None:
            self.connection.remove_termination_listener(self._lost)
            await self.connection.close()

    def _lost(self, _connection: asyncpg.Connection) -> None:
        log.warning("the connection holding this bot's shard locks was lost; taking them again")
        self.connection = None
        self._retaking = asyncio.get_running_loop().create_task(self._retake())

    async def _retake(self) -> None:
        wait = RETAKE_FIRST
        while not await self.try_again(wait):
            wait = min(wait * 2, RETAKE_MOST)

    async def try_again(self, after: float = 0.0) -> bool:
        """One try, ``after`` seconds from now, to take the locks again: True once there is nothing more
        to try (taken, or another process holds them, which the log says)."""
        await asyncio.sleep(after)
        try:
            await self.take()
        except SettingsError as taken:  # started while this one's connection was down
            self.displaced = _displaced(self.dsn, taken)
            log.error("%s", self.displaced)
            if self.on_displaced is not None:
                self.on_displaced()
            return True
        except Exception:  # PostgreSQL not back yet (refused, starting up, unreachable)
            log.debug("could not take the shard locks again yet", exc_info=True)
            return False
        log.info("this bot's shard locks are held again")
        return True


async def hold_shards(
    dsn: str, shards: ShardPlan | None, on_displaced: Callable[[], object] | None = None
) -> ShardGuard:
    """This process's locks (``shards``: the ones it runs; None: unsharded, the whole bot), held until
    ``release``. Raises ``SettingsError`` naming the database (and the shard) when another process holds
    one, or runs with another ``PBP_SHARDS``. ``on_displaced``: called if another process takes them
    after a lost connection (``ShardGuard.displaced``)."""
    guard = ShardGuard(dsn, shards, on_displaced)
    await guard.take()
    return guard


class Taken(SettingsError):
    """Another process holds one of this one's locks: the whole bot's (``shard`` None) or a shard's."""

    def __init__(self, dsn: str, shard: int | None) -> None:
        running = "running" if shard is None else f"running shard {shard}"
        super().__init__(
            f"Another Warboard bot is {running} on {database_name(dsn)}: stop it first (two would both "
            "play every move)."
        )
        self.shard = shard


def _displaced(dsn: str, taken: SettingsError) -> str:
    """The line a bot that lost its locks to another process stops with."""
    if not isinstance(taken, Taken):
        return f"{taken} This bot stops."  # another PBP_SHARDS started meanwhile
    what = "" if taken.shard is None else f" running shard {taken.shard}"
    return (
        f"Another Warboard bot started{what} on {database_name(dsn)} while this one's connection to it was "
        "lost: this one stops, so that only the other plays its moves."
    )


async def _other_total(connection: asyncpg.Connection, total: int) -> int | None:
    """The ``PBP_SHARDS`` of a sharded process running on this database, if it is not ``total``: its
    shared lock on ``(SHARD_TOTALS, its total)`` shows in ``pg_locks`` (a two-key advisory lock's keys
    are its ``classid`` and ``objid``, its ``objsubid`` 2)."""
    other = await connection.fetchval(
        """
        SELECT objid::bigint FROM pg_locks
        WHERE locktype = 'advisory' AND objsubid = 2 AND classid = $1::bigint::oid AND granted
          AND database = (SELECT oid FROM pg_database WHERE datname = current_database())
          AND objid <> $2::bigint::oid
        LIMIT 1
        """,
        SHARD_TOTALS,
        total,
    )
    return None if other is None else int(other)
