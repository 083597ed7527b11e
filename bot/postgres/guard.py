"""One bot per PostgreSQL database and shard (issue 34): two processes running the same shard on one
database both receive its interactions and both play each move, as two bots on one SQLite file did
(``bot.__main__.hold_database`` guards that case with a lock file).

A bot process holds session-level advisory locks on a connection of its own, kept for the process's life
(PostgreSQL lets go of them when that session ends, however the process ends):

- each shard it runs: ``(SHARD_LOCKS, shard)``, exclusive, so two processes for one shard cannot both
  run, while processes for different shards run side by side;
- the whole bot: ``(SHARD_LOCKS, WHOLE)``, exclusive for an unsharded process (it answers every guild),
  shared for a sharded one, so an unsharded process and any sharded one refuse each other too.

``python -m bot sync``, ``backup``, ``health``, the terminal client and ``bot.migrate`` take none.
"""

from __future__ import annotations

import logging
from urllib.parse import urlsplit

import asyncpg

from bot.settings import SettingsError
from bot.shards import ShardPlan

log = logging.getLogger("warboard")

SHARD_LOCKS = 0x5753  # "WS": the first key of these locks (games' locks use 0x5742, migration one bigint)
WHOLE = -1  # the second key of the whole bot's lock (shard numbers are 0 and up)


def database_name(dsn: str) -> str:
    """The database a URL names, for people (never the URL itself: it may hold a password)."""
    name = urlsplit(dsn).path.lstrip("/")
    return f"the PostgreSQL database {name}" if name else "the PostgreSQL database"


async def hold_shards(dsn: str, shards: ShardPlan | None) -> asyncpg.Connection:
    """Take this process's locks (``shards``: the ones it runs; None: unsharded, the whole bot) on a new
    connection, and return it: the locks last as long as it is open. Raises ``SettingsError`` naming the
    database (and the shard) when another process holds one."""
    connection = await asyncpg.connect(dsn)
    try:
        whole = "pg_try_advisory_lock" if shards is None else "pg_try_advisory_lock_shared"
        if not await connection.fetchval(f"SELECT {whole}($1, $2)", SHARD_LOCKS, WHOLE):
            raise SettingsError(_refusal(dsn, None))
        for shard in shards.ids if shards is not None else ():
            if not await connection.fetchval("SELECT pg_try_advisory_lock($1, $2)", SHARD_LOCKS, shard):
                raise SettingsError(_refusal(dsn, shard))
    except BaseException:
        await connection.close()
        raise
    connection.add_termination_listener(_lost)
    return connection


async def release(connection: asyncpg.Connection) -> None:
    """Let go of the locks (at a clean stop; a process that ends without this lets go of them too)."""
    connection.remove_termination_listener(_lost)
    await connection.close()


def _refusal(dsn: str, shard: int | None) -> str:
    running = "running" if shard is None else f"running shard {shard}"
    return (
        f"Another Warboard bot is {running} on {database_name(dsn)}: stop it first (two would both play "
        "every move)."
    )


def _lost(_connection: asyncpg.Connection) -> None:
    log.warning(
        "the connection holding this bot's shard locks was lost (PostgreSQL restarted?): until this bot "
        "restarts, nothing stops a second one on its shards"
    )
