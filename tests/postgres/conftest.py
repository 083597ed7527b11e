"""PostgreSQL fixtures: a fresh database on the session's throwaway cluster, a store and a service on it."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from bot.games import GAMES
from bot.postgres import PostgresStore
from bot.service import GameService
from tests.postgres.fixtures import fresh_database


@pytest.fixture
async def pg_dsn() -> str:
    return await fresh_database()


@pytest.fixture
async def pg_store(pg_dsn: str) -> AsyncIterator[PostgresStore]:
    opened = await PostgresStore.open(pg_dsn)
    yield opened
    await opened.close()


@pytest.fixture
def pg_service(pg_store: PostgresStore) -> GameService:
    return GameService(pg_store, GAMES)
