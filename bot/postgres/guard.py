"""One bot per PostgreSQL database and shard (issue 34): two processes running the same shard on one
database both receive its interactions and both play each move, as two bots on one SQLite file did
(``bot.__main__.hold_database`` guards that case with a lock file).

A bot process holds session-level advisory locks on a connection of its own, kept for the process's life
(PostgreSQL lets go of them when that session ends, however the process ends):

- each shard it runs: ``(SHARD_LOCKS, shard)``, exclusive, so two processes for one shard cannot both
  run, while processes for different shards run side by side;
- the whole bot: ``(SHARD_LOCKS, WHOLE)``, exclusive for an unsharded process (it answers every guild),
  shared for a sharded one, so an unsharded process and any sharded one refuse each other too.

If the connection is lost (PostgreSQL restarted), so are the locks: the bot says so in its log and takes
them again on a new connection once PostgreSQL answers (``ShardGuard``). ``python -m bot sync``,
``backup``, ``health``, the terminal client and ``bot.migrate`` take none.
"""

from __future__ import annotations

import asyncio
import logging
from urllib.parse import urlsplit

import asyncpg

from bot.settings import SettingsError
from bot.shards import ShardPlan

log = logging.getLogger("warboard")

SHARD_LOCKS = 0x5753  # "WS": the first key of these locks (games' locks use 0x5742, migration one bigint)
WHOLE = -1  # the second key of the whole bot's lock (shard numbers are 0 and up)
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
    ``RETAKE_MOST``), or logs an error if another process took them meanwhile."""

    def __init__(self, dsn: str, shards: ShardPlan | None) -> None:
        self.dsn = dsn
        self.shards = shards
        self.connection: asyncpg.Connection | None = None
        self._retaking: asyncio.Task[None] | None = None

    async def take(self) -> None:
        """The locks, on a new connection; ``SettingsError`` naming the database (and the shard) when
        another process holds one."""
        connection = await asyncpg.connect(self.dsn)
        try:
            whole = "pg_try_advisory_lock" if self.shards is None else "pg_try_advisory_lock_shared"
            if not await connection.fetchval(f"SELECT {whole}($1, $2)", SHARD_LOCKS, WHOLE):
                raise SettingsError(_refusal(self.dsn, None))
            for shard in self.shards.ids if self.shards is not None else ():
                if not await connection.fetchval("SELECT pg_try_advisory_lock($1, $2)", SHARD_LOCKS, shard):
                    raise SettingsError(_refusal(self.dsn, shard))
        except BaseException:
            await connection.close()
            raise
        connection.add_termination_listener(self._lost)
        self.connection = connection

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
            log.error("%s Both are running now, and both play its moves.", taken)
            return True
        except Exception:  # PostgreSQL not back yet (refused, starting up, unreachable)
            log.debug("could not take the shard locks again yet", exc_info=True)
            return False
        log.info("this bot's shard locks are held again")
        return True


async def hold_shards(dsn: str, shards: ShardPlan | None) -> ShardGuard:
    """This process's locks (``shards``: the ones it runs; None: unsharded, the whole bot), held until
    ``release``. Raises ``SettingsError`` naming the database (and the shard) when another process holds
    one."""
    guard = ShardGuard(dsn, shards)
    await guard.take()
    return guard


def _refusal(dsn: str, shard: int | None) -> str:
    running = "running" if shard is None else f"running shard {shard}"
    return (
        f"Another Warboard bot is {running} on {database_name(dsn)}: stop it first (two would both play "
        "every move)."
    )
