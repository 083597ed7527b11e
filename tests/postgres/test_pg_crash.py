"""Crash safety on PostgreSQL: a process applying moves is killed (SIGKILL) at random moments; every move
it reported as applied is in the database, and each game's snapshot is exactly what its log replays to.

The same child as tests/bot/test_crash.py's, on a PostgresStore. Fewer kills (the server does the
durability; what a kill can break here is the client's half-sent statement): each kill lands at a random
moment of the child's life, mid-statement or not."""

from __future__ import annotations

import random

import asyncpg

from bot.gamelog import live_actions, rebuild
from bot.games import GAMES
from bot.postgres import PostgresStore
from bot.service import GameService
from tests.bot.test_crash import child_script, run_and_kill

KILLS = 8

CHILD = child_script("from bot.postgres import PostgresStore", "PostgresStore.open(arg, size=2)")


async def test_killed_at_random_moments_loses_nothing(pg_dsn: str) -> None:
    rng = random.Random(2026)
    reported: list[tuple[int, int]] = []
    check = await asyncpg.connect(pg_dsn)
    try:
        for kill in range(KILLS):
            reported += await run_and_kill(CHILD, pg_dsn, rng.randint(5, 60))
            stored = {(r["game_id"], r["seq"]) for r in await check.fetch("SELECT game_id, seq FROM actions")}
            missing = [r for r in reported if r not in stored]
            assert not missing, f"kill {kill}: reported moves lost: {missing[:5]}"
    finally:
        await check.close()
    assert len(reported) > 100, "the kills should have come after real progress"

    store = await PostgresStore.open(pg_dsn)
    try:
        service = GameService(store, GAMES)
        for row in await store.pool.fetch("SELECT id FROM games WHERE state IS NOT NULL ORDER BY id"):
            game = await service.load(row["id"])
            assert game.seed is not None
            rows = await store.log(game.id)
            replayed = rebuild(GAMES[game.ruleset].rules, game.seed, game.options, 3, live_actions(rows))
            assert replayed == service.state_of(game), f"game {game.id}: snapshot differs from its log"
            assert game.version == len(rows) + 3  # 3 joins, then one version per row (the start's included)
    finally:
        await store.close()
