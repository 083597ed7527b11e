"""PostgreSQL's own store tests (the shared store suite runs on it through tests/bot/conftest.py): its
migrations under the advisory lock, the schema agreeing with SQLite's, the append-only log and a game with
a log never deleted, a game's lock held across processes, shard-filtered timers claimed exactly once, and
moves from two processes."""

from __future__ import annotations

import asyncio
import json
import logging
import sqlite3
from pathlib import Path
from urllib.parse import urlsplit

import asyncpg
import pytest

from bot.games import GAMES
from bot.models import ActResult, ServiceError
from bot.postgres import PostgresStore, open_database
from bot.postgres.schema import LATEST, MIGRATION_LOCK, migrate, postgres_migrations
from bot.service import GameService
from bot.settings import SettingsError
from bot.shards import ShardPlan
from bot.store import GameUpdate, LogEntry, SchemaTooNew, SqliteStore, VersionConflict
from rules.core.errors import IllegalAction
from rules.risk.actions import PlaceArmies
from tests.bot.conftest import HOST, footprint, new_game, snapshot_matches_replay
from tests.bot.test_concurrency import territories
from tests.bot.test_exports import finished_game
from tests.bot.test_history_store import V4_LOG, act
from tests.bot.test_log_length import V5_AT, V5_GAMES, check_v5_games_counted
from tests.postgres.fixtures import fresh_database

SHARD_0_GUILD, SHARD_1_GUILD = 4 << 22, 5 << 22  # (id >> 22) % 2: shard 0 and shard 1


async def test_two_start_ups_at_once_on_an_empty_database_migrate_it_once(pg_dsn: str) -> None:
    first, second = await asyncpg.connect(pg_dsn), await asyncpg.connect(pg_dsn)
    try:
        applied = await asyncio.gather(migrate(first), migrate(second))
        assert sorted(applied, key=len) == [[], list(range(1, LATEST + 1))]
        rows = await first.fetch("SELECT version, applied_by FROM schema_migrations ORDER BY version")
        assert [r["version"] for r in rows] == list(range(1, LATEST + 1))
        assert len({r["applied_by"] for r in rows}) == 1  # one session did all of it
        assert await migrate(first) == []  # and a later start-up runs nothing
    finally:
        await first.close()
        await second.close()
    stores = await asyncio.gather(PostgresStore.open(pg_dsn), PostgresStore.open(pg_dsn))
    for store in stores:
        assert await store.schema_version() == LATEST
        await store.close()


async def test_a_start_up_says_it_created_or_upgraded_the_schema(
    pg_dsn: str, caplog: pytest.LogCaptureFixture
) -> None:
    first = await asyncpg.connect(pg_dsn)
    try:
        assert await migrate(first, target=LATEST - 2) == list(range(1, LATEST - 1))  # an older bot's
    finally:
        await first.close()
    name = urlsplit(pg_dsn).path.lstrip("/")
    with caplog.at_level(logging.INFO, logger="warboard"):
        store = await PostgresStore.open(pg_dsn)
        await store.close()
        again = await PostgresStore.open(pg_dsn)
        await again.close()
        other = await fresh_database()
        made = await PostgresStore.open(other)
        await made.close()
    assert [r.getMessage() for r in caplog.records] == [
        f"upgraded the PostgreSQL database {name} from schema version {LATEST - 2} to {LATEST}",
        f"created the PostgreSQL database {urlsplit(other).path.lstrip('/')} (schema version {LATEST})",
    ]


async def test_a_start_up_waits_for_a_migration_in_progress(pg_dsn: str) -> None:
    """The lock is what orders them: while one session holds it, another start-up waits."""
    holder = await asyncpg.connect(pg_dsn)
    try:
        transaction = holder.transaction()
        await transaction.start()
        await holder.execute("SELECT pg_advisory_xact_lock($1)", MIGRATION_LOCK)
        opening = asyncio.create_task(PostgresStore.open(pg_dsn))
        await until_waiting_on_a_lock(holder)
        assert not opening.done()
        await transaction.rollback()
        store = await opening
        assert await store.schema_version() == LATEST
        await store.close()
    finally:
        await holder.close()


async def until_waiting_on_a_lock(connection: asyncpg.Connection, count: int = 1) -> None:
    """Until ``count`` sessions wait for an advisory lock (asked of the server, no sleeping)."""
    for _ in range(100_000):
        waiting = await connection.fetchval(
            "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND NOT granted"
        )
        if waiting >= count:
            return
    raise AssertionError("nobody waited for the lock")


async def test_a_newer_schema_is_refused(pg_store: PostgresStore, pg_dsn: str) -> None:
    await pg_store.pool.execute(
        "INSERT INTO schema_migrations (version, applied_at, applied_by) VALUES ($1, 'later', 0)", LATEST + 1
    )
    with pytest.raises(SchemaTooNew, match="newer than this Warboard"):
        await PostgresStore.open(pg_dsn)


async def test_the_schema_has_the_same_tables_and_columns_as_sqlites(
    pg_store: PostgresStore, tmp_path: Path
) -> None:
    assert len(postgres_migrations()) == LATEST
    sqlite = await SqliteStore.open(str(tmp_path / "same.db"))
    await sqlite.close()
    with sqlite3.connect(tmp_path / "same.db") as db:
        tables = [r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
        expected = {t: [r[1] for r in db.execute(f"PRAGMA table_info({t})")] for t in tables}
    rows = await pg_store.pool.fetch(
        "SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = 'public' "
        "AND table_name != 'schema_migrations' ORDER BY table_name, ordinal_position"
    )
    found: dict[str, list[str]] = {}
    for row in rows:
        found.setdefault(row["table_name"], []).append(row["column_name"])
    assert found == expected


async def test_the_action_log_is_append_only(pg_service: GameService, pg_store: PostgresStore) -> None:
    game_id = await new_game(pg_service)
    for change in (
        "UPDATE actions SET events = '[]' WHERE game_id = $1",
        "DELETE FROM actions WHERE game_id = $1",
    ):
        with pytest.raises(asyncpg.RaiseError, match="append-only"):
            await pg_store.pool.execute(change, game_id)
    assert await snapshot_matches_replay(pg_service, game_id)


async def test_verify_catches_a_tampered_roll(pg_service: GameService, pg_store: PostgresStore) -> None:
    """The twin of tests/bot/test_exports.py's, which edits the SQLite file itself."""
    game_id = await finished_game(pg_service)
    assert (await pg_service.verify(game_id)).ok
    row = next(r for r in await pg_store.log(game_id) if '"reason":"attack' in r.events)
    events = json.loads(row.events)
    roll = next(e for e in events if e["type"] == "DiceRolled")
    roll["values"][0] = 1 if roll["values"][0] != 1 else 2
    async with pg_store.pool.acquire() as connection, connection.transaction():
        # Only someone with the database's owner rights could do this, and only by removing the guard.
        await connection.execute("ALTER TABLE actions DISABLE TRIGGER actions_no_update_or_delete")
        await connection.execute(
            "UPDATE actions SET events = $1 WHERE game_id = $2 AND seq = $3",
            json.dumps(events),
            game_id,
            row.seq,
        )
    report = await pg_service.verify(game_id)
    assert not report.ok
    assert any(p.startswith(f"roll {roll['first']} (") for p in report.problems), report.problems


async def test_two_processes_cannot_both_win(pg_dsn: str) -> None:
    one, two = await PostgresStore.open(pg_dsn), await PostgresStore.open(pg_dsn)
    try:
        game = await one.create_game(None, 5, "risk", {}, 1)
        await one.commit(game.id, game.version, entries=[LogEntry("system", None, 1, "{}")])
        with pytest.raises(VersionConflict) as conflict:
            await two.commit(game.id, game.version, entries=[LogEntry("system", None, 2, "{}")])
        assert conflict.value.actual == game.version + 1
        assert len(await two.log(game.id)) == 1
    finally:
        await one.close()
        await two.close()


async def test_a_games_lock_holds_across_processes_and_dies_with_its_holder(pg_dsn: str) -> None:
    one, two = await PostgresStore.open(pg_dsn), await PostgresStore.open(pg_dsn)
    watcher = await asyncpg.connect(pg_dsn)
    entered = asyncio.Event()

    async def take_it() -> None:
        async with two.game_lock(7):
            entered.set()

    try:
        async with one.game_lock(7):
            async with two.game_lock(8):  # another game's lock is free
                pass
            waiting = asyncio.create_task(take_it())
            await until_waiting_on_a_lock(watcher)
            assert not entered.is_set()
        await waiting  # released: the other process gets it
        assert entered.is_set()

        # A process that dies holding a lock (its connections closed) releases it.
        entered.clear()
        holder = await asyncpg.connect(pg_dsn)
        await holder.execute("SELECT pg_advisory_lock($1, 7)", 0x5742)
        waiting = asyncio.create_task(take_it())
        await until_waiting_on_a_lock(watcher)
        holder.terminate()
        await waiting
        assert entered.is_set()
    finally:
        await watcher.close()
        await one.close()
        await two.close()


async def test_fifty_moves_from_two_processes_apply_in_order_and_none_is_lost(pg_dsn: str) -> None:
    """Two services on two pools (two processes, as PostgreSQL sees them) play one game at once: the
    advisory lock orders them as one process's lock would, so a refusal is only ever "not your turn",
    never a lost race."""
    one, two = await PostgresStore.open(pg_dsn), await PostgresStore.open(pg_dsn)
    try:
        services = [GameService(one, GAMES), GameService(two, GAMES)]
        game_id = await new_game(services[0], "human,human,human", {"setup_batch": "1"})
        where = await territories(services[0], game_id)
        version, rows = await footprint(services[0], game_id)

        async def move(i: int) -> ActResult | Exception:
            user = 1 + i % 3
            try:
                return await services[i % 2].act(game_id, user, PlaceArmies(where[user], 1))
            except (ServiceError, IllegalAction) as refusal:
                return refusal

        outcomes = await asyncio.gather(*(move(i) for i in range(50)))
        accepted = [o for o in outcomes if isinstance(o, ActResult)]
        refused = [o for o in outcomes if not isinstance(o, ActResult)]
        assert accepted and refused
        assert sorted(a.version for a in accepted) == list(range(version + 1, version + 1 + len(accepted)))
        assert sorted(a.seq for a in accepted) == list(range(rows + 1, rows + 1 + len(accepted)))
        assert all(isinstance(r, ServiceError) and r.code == "not_your_turn" for r in refused), refused
        assert await footprint(services[1], game_id) == (version + len(accepted), rows + len(accepted))
        assert await snapshot_matches_replay(services[1], game_id)
    finally:
        await one.close()
        await two.close()


async def test_each_process_sees_only_its_shards_timers_and_a_timer_is_claimed_once(pg_dsn: str) -> None:
    everyone = await PostgresStore.open(pg_dsn)
    shard_0 = await PostgresStore.open(pg_dsn, shards=ShardPlan(2, (0,)))
    shard_1 = await PostgresStore.open(pg_dsn, shards=ShardPlan(2, (1,)))
    try:
        games = {}
        for channel, guild in ((1, SHARD_0_GUILD), (2, SHARD_1_GUILD), (3, None)):
            game = await everyone.create_game(guild, channel, "risk", {}, 1)
            await everyone.commit(game.id, game.version, GameUpdate(status="running", state="{}"))
            games[guild] = game.id
        due = {
            guild: await everyone.add_timer(g, "deadline", f"2026-01-0{i + 1}T00:00:00.000000Z")
            for i, (guild, g) in enumerate(games.items())
        }
        now = "2026-06-01T00:00:00.000000Z"
        assert [t.id for t in await shard_0.due_timers(now)] == [
            due[SHARD_0_GUILD],
            due[None],
        ]  # DMs: shard 0
        assert [t.id for t in await shard_1.due_timers(now)] == [due[SHARD_1_GUILD]]
        assert await shard_1.running_games() == [games[SHARD_1_GUILD]]
        assert await shard_1.next_due() == "2026-01-02T00:00:00.000000Z"
        assert len(await everyone.due_timers(now)) == 3

        timer = due[SHARD_0_GUILD]
        claims = await asyncio.gather(
            *(store.claim_timer(timer) for store in (everyone, shard_0, shard_1) * 4)
        )
        assert claims.count(True) == 1
    finally:
        for store in (everyone, shard_0, shard_1):
            await store.close()


async def test_a_database_url_picks_postgresql_and_a_shard_subset_refuses_sqlite(tmp_path: Path) -> None:
    store = await open_database(await fresh_database())
    assert isinstance(store, PostgresStore)
    await store.close()
    with pytest.raises(SettingsError, match="must share one database"):
        await open_database(str(tmp_path / "one.db"), ShardPlan(2, (1,)))
    whole = await open_database(str(tmp_path / "one.db"), ShardPlan(2, (0, 1)))
    assert isinstance(whole, SqliteStore)
    await whole.close()


async def test_a_v4_database_learns_its_old_reverts(pg_dsn: str) -> None:
    """The twin of tests/bot/test_history_store.py's: migration 5's PostgreSQL variant reads the reverts
    already in the log with json_array_elements_text where SQLite's uses json_each."""
    connection = await asyncpg.connect(pg_dsn)
    try:
        assert await migrate(connection, target=4) == [1, 2, 3, 4]
        at = "2026-01-01T00:00:00.000000Z"
        await connection.execute(
            "INSERT INTO games (id, channel_id, ruleset, status, created_at, updated_at) "
            "VALUES (3, 5, 'risk', 'running', $1, $1)",
            at,
        )
        rows = V4_LOG
        await connection.executemany(
            "INSERT INTO actions (game_id, seq, kind, action, at) VALUES (3, $1, $2, $3, $4)",
            [(*row, at) for row in rows],
        )
    finally:
        await connection.close()
    store = await PostgresStore.open(pg_dsn)
    try:
        assert [r.seq for r in await store.live_actions(3)] == [2, 8]
        assert [r.seq for r in await store.last_live_actions(3, 2)] == [2, 8]
        game = await store.game(3)
        assert game is not None and game.snapshot_version == 0
    finally:
        await store.close()


async def test_a_v5_database_counts_its_logs(pg_dsn: str) -> None:
    """The twin of tests/bot/test_log_length.py's: migration 6's PostgreSQL variant sets each game's
    length from the rows it already has too."""
    connection = await asyncpg.connect(pg_dsn)
    try:
        assert await migrate(connection, target=5) == [1, 2, 3, 4, 5]
        for game_id, rows in V5_GAMES.items():
            await connection.execute(
                "INSERT INTO games (id, channel_id, ruleset, status, version, created_at, updated_at) "
                "VALUES ($1, $1, 'risk', 'running', $2, $3, $3)",
                game_id,
                len(rows),
                V5_AT,
            )
            await connection.executemany(
                "INSERT INTO actions (game_id, seq, kind, action, at) VALUES ($1, $2, $3, $4, $5)",
                [(game_id, *row, V5_AT) for row in rows],
            )
    finally:
        await connection.close()
    store = await PostgresStore.open(pg_dsn)
    try:
        await check_v5_games_counted(store)
    finally:
        await store.close()


async def test_a_game_with_a_log_is_never_deleted_or_renumbered(
    pg_service: GameService, pg_store: PostgresStore
) -> None:
    """What the actions rows' foreign key did besides its check on every insert, which migration 6
    replaced with a trigger on games: a game with a log stays, so its rows never lose their game."""
    refused = "has a log: it is never deleted or renumbered"
    game_id = await new_game(pg_service)
    with pytest.raises(asyncpg.ForeignKeyViolationError, match=refused):
        await pg_store.pool.execute("DELETE FROM games WHERE id = $1", game_id)
    assert await snapshot_matches_replay(pg_service, game_id)
    bare = await pg_store.create_game(None, 200, "risk", {}, 1)  # a log and no seats, which refer to it
    await pg_store.commit(bare.id, bare.version, entries=[act(1)])
    for change in ("DELETE FROM games WHERE id = $1", "UPDATE games SET id = id + 1000 WHERE id = $1"):
        with pytest.raises(asyncpg.ForeignKeyViolationError, match=refused):
            await pg_store.pool.execute(change, bare.id)
    assert [r.seq for r in await pg_store.log(bare.id)] == [1]
    constraints = await pg_store.pool.fetch(
        "SELECT conname FROM pg_constraint WHERE conrelid = 'actions'::regclass AND contype = 'f'"
    )
    assert constraints == []
    # A game with no log yet (a lobby) may go, its seats with it.
    lobby = (await pg_service.create(300, HOST, "Host", "risk")).game_id
    assert await pg_store.pool.execute("DELETE FROM games WHERE id = $1", lobby) == "DELETE 1"
    assert await pg_store.game(lobby) is None and await pg_store.seats(lobby) == []
