"""The PostgreSQL backend of the store (``PostgresStore``) and the choice of backend at start-up:
``PBP_DATABASE=postgresql://...`` opens PostgreSQL; anything else is a SQLite file's path."""

from __future__ import annotations

from bot.postgres.store import PostgresStore
from bot.settings import SettingsError
from bot.shards import ShardPlan
from bot.store import GameStore, SqliteStore

__all__ = ["PostgresStore", "is_postgres", "open_database"]


def is_postgres(database: str) -> bool:
    return database.startswith(("postgresql://", "postgres://"))


async def open_database(database: str, shards: ShardPlan | None = None) -> GameStore:
    """The store ``database`` names. A process holding only some of the shards shares the bot with
    other processes, which only PostgreSQL supports: with a SQLite file it is refused, by name."""
    if is_postgres(database):
        return await PostgresStore.open(database, shards=shards)
    if shards is not None and not shards.whole:
        raise SettingsError(
            f"PBP_SHARD_IDS={','.join(map(str, shards.ids))} of {shards.total} shards means other processes "
            "run the other shards, and they must share one database: set PBP_DATABASE to a postgresql:// URL "
            "(a SQLite file belongs to one process)."
        )
    return await SqliteStore.open(database)
