"""Fixtures for the service and store tests: a fresh store per test, on each backend (a SQLite file, and a
fresh database on the session's throwaway PostgreSQL cluster), and quick ways to a game."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.gamelog import live_actions, rebuild
from bot.games import GAMES
from bot.postgres import PostgresStore
from bot.service import GameService
from bot.store import GameStore, SqliteStore
from tests.postgres.fixtures import fresh_database

SEED = "a fixed seed for tests"
CHANNEL = 100
HOST = 1


# Tests that reach into the SQLite file itself, so run on SQLite only; each has a PostgreSQL twin in
# tests/postgres/test_pg_store.py.
SQLITE_ONLY = {"test_verify_catches_a_tampered_roll"}


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "store" in metafunc.fixturenames:
        sqlite_only = metafunc.definition.originalname in SQLITE_ONLY
        metafunc.parametrize("store", ["sqlite"] if sqlite_only else ["sqlite", "postgres"], indirect=True)


@pytest.fixture
async def store(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[GameStore]:
    """The store on each backend: every test that uses it (or ``service``) runs on both."""
    opened: GameStore
    if request.param == "sqlite":
        opened = await SqliteStore.open(str(tmp_path / "games.db"))
    else:
        opened = await PostgresStore.open(await fresh_database())
    yield opened
    await opened.close()


@pytest.fixture
async def sqlite_store(tmp_path: Path) -> AsyncIterator[SqliteStore]:
    """SQLite only, for what is SQLite's own (pragmas, its file's migrations)."""
    opened = await SqliteStore.open(str(tmp_path / "games.db"))
    yield opened
    await opened.close()


@pytest.fixture
def service(store: GameStore) -> GameService:
    return GameService(store, GAMES)


async def new_game(
    service: GameService,
    seats: str = "human,human",
    options: dict[str, str] | None = None,
    channel: int = CHANNEL,
    seed: str = SEED,
) -> int:
    """A started Risk game: human seat k belongs to user k + 1 (the host, user 1, holds the first)."""
    status = await service.create(channel, HOST, "Host", "risk", options or {}, join=False)
    for i, kind in enumerate(seats.split(",")):
        if kind == "ai":
            await service.join(status.game_id, HOST, "", ai=True)
        else:
            await service.join(status.game_id, HOST + i, f"P{i + 1}")
    await service.start(status.game_id, HOST, seed=seed)
    return status.game_id


async def user_of(service: GameService, game_id: int, seat: int) -> int:
    status = await service.status(game_id)
    user = status.seats[seat].user_id
    assert user is not None
    return user


async def user_to_act(service: GameService, game_id: int) -> int:
    status = await service.status(game_id)
    return await user_of(service, game_id, status.waiting_for[0])


async def snapshot_matches_replay(service: GameService, game_id: int) -> bool:
    game = await service.load(game_id)
    ruleset = GAMES[game.ruleset].rules
    rows = await service.store.log(game_id)
    seats = await service.store.seats(game_id)
    assert game.seed is not None
    replayed = rebuild(ruleset, game.seed, game.options, len(seats), live_actions(rows))
    return bool(replayed == service.state_of(game))


async def footprint(service: GameService, game_id: int) -> tuple[int, int]:
    """(version, log rows): what a refused request must leave unchanged."""
    game = await service.load(game_id)
    return game.version, len(await service.store.log(game_id))
