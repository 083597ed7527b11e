"""``python -m bot.migrate`` on a real SQLite file with a finished game, a running one (with an undo,
timers, snapshots), a lobby, guild settings and a member's preference: everything arrives byte for byte,
each game verifies by replay, the running game plays on in PostgreSQL, a second run changes nothing and
says so, and a game that changed in PostgreSQL since is reported, never overwritten. A game PostgreSQL
cannot take (its channel holds another game there, or its timers' ids are taken) is reported in a
sentence, the others are copied all the same, and a run after the clash is cleared copies it."""

from __future__ import annotations

import hashlib
import sqlite3
import subprocess
import sys
from pathlib import Path

import asyncpg

from bot.games import GAMES
from bot.migrate import _verify, tables_of
from bot.postgres import PostgresStore
from bot.service import GameService
from bot.store import GuildSettings, LogEntry, SqliteStore
from rules.risk.actions import PlaceArmies
from tests.bot.conftest import HOST, new_game, snapshot_matches_replay, user_to_act
from tests.bot.test_crash import ROOT
from tests.bot.test_exports import finished_game
from tests.bot.test_undo import own_territory


async def a_servers_file(path: Path) -> dict[str, int]:
    """The SQLite file of a server that has played a while; the ids of its games by kind."""
    store = await SqliteStore.open(str(path))
    service = GameService(store, GAMES)
    try:
        ended = await finished_game(service)
        running = await new_game(service, "human,human,human", channel=200)  # setup: 5 armies a turn
        user = await user_to_act(service, running)
        place = PlaceArmies(await own_territory(service, running, user), 1)
        for _ in range(3):
            await service.act(running, user, place)
        await service.undo(running, user)  # a reverted row, and the snapshot written with the undo
        await service.set_turn_rules(running, HOST, hours=24, moderator=True)  # a deadline and reminders
        lobby = (await service.create(300, HOST, "Host", "risk", guild_id=77)).game_id
        resigned = await new_game(service, "human,human", channel=500)  # issue 35: results and ratings
        await service.resign(resigned, HOST + 1)
        await store.set_guild_settings(GuildSettings(77, mod_role_id=5, default_turn_hours=48))
        await store.set_dm_turns(HOST, True)
        await store.follow(running, 9, approved=True)  # issue 35: a follower, and what needs approval
        await store.set_approval(running, "substitutes", True)
        await store.set_bot_value("command_tree", "0" * 64)  # the synced command tree's hash
        assert await store.timers(running), "the running game has timers to copy"
    finally:
        await store.close()
    return {"ended": ended, "running": running, "lobby": lobby, "resigned": resigned}


def run_migrate(path: Path, dsn: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "bot.migrate", str(path), dsn],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )


async def test_a_servers_games_move_to_postgresql_and_a_second_run_changes_nothing(
    tmp_path: Path, pg_dsn: str
) -> None:
    path = tmp_path / "warboard.db"
    ids = await a_servers_file(path)
    before = hashlib.sha256(path.read_bytes()).hexdigest()

    first = run_migrate(path, pg_dsn)
    assert first.returncode == 0, first.stdout + first.stderr
    assert (
        "4 game(s) copied, 0 already there and unchanged, 0 not copied, 0 difference(s), 0 failed check(s)."
        in first.stdout
    )
    # Guild settings, members, the command tree's hash, and two members' ratings and reliability.
    assert "Other rows (guild settings, members): 7 copied, 0 unchanged." in first.stdout
    assert hashlib.sha256(path.read_bytes()).hexdigest() == before, "the file is only read"

    # Every table, row for row and byte for byte.
    db = sqlite3.connect(path)
    connection = await asyncpg.connect(pg_dsn)
    try:
        for table in tables_of(db):
            wanted = [tuple(row) for row in db.execute(table.select())]
            there = [tuple(row) for row in await connection.fetch(table.select())]
            assert there == wanted, table.name
            assert wanted, f"the file's {table.name} had rows to copy"
        # Each game's log length arrives with it, and is its last row's seq there too.
        lengths = await connection.fetch(
            "SELECT id, log_length, (SELECT COALESCE(MAX(seq), 0) FROM actions WHERE game_id = games.id) "
            "AS last_seq FROM games ORDER BY id"
        )
        assert [(r["id"], r["log_length"]) for r in lengths] == [(r["id"], r["last_seq"]) for r in lengths]
        assert {r["id"]: r["log_length"] > 0 for r in lengths} == {
            ids["ended"]: True,
            ids["running"]: True,
            ids["lobby"]: False,
            ids["resigned"]: True,
        }
    finally:
        await connection.close()
        db.close()

    second = run_migrate(path, pg_dsn)
    assert second.returncode == 0, second.stdout + second.stderr
    assert "0 game(s) copied, 4 already there and unchanged, 0 not copied, 0 difference(s)" in second.stdout
    assert "Nothing to do: PostgreSQL already holds everything in the file." in second.stdout

    # The running game plays on in PostgreSQL; a new game numbers on after the copied ones.
    store = await PostgresStore.open(pg_dsn)
    try:
        service = GameService(store, GAMES)
        assert await snapshot_matches_replay(service, ids["running"])
        assert await snapshot_matches_replay(service, ids["ended"])
        user = await user_to_act(service, ids["running"])
        place = PlaceArmies(await own_territory(service, ids["running"], user), 1)
        await service.act(ids["running"], user, place)
        assert await snapshot_matches_replay(service, ids["running"])
        newer = await service.create(400, HOST, "Host", "risk")
        assert newer.game_id > max(ids.values())
        assert (await store.guild_settings(77)).default_turn_hours == 48 and await store.dm_turns(HOST)
    finally:
        await store.close()

    # The running game has moved on in PostgreSQL: a third run reports it and leaves it alone.
    third = run_migrate(path, pg_dsn)
    assert third.returncode == 1, third.stdout + third.stderr
    assert f"DIFFERS: game {ids['running']} is in PostgreSQL with other" in third.stdout
    store = await PostgresStore.open(pg_dsn)
    try:
        assert await snapshot_matches_replay(GameService(store, GAMES), ids["running"])
        assert len(await store.log(ids["running"])) > 0
    finally:
        await store.close()


async def test_a_game_whose_channel_is_taken_in_postgresql_is_reported_and_the_others_are_copied(
    tmp_path: Path, pg_dsn: str
) -> None:
    path = tmp_path / "warboard.db"
    ids = await a_servers_file(path)
    store = await PostgresStore.open(pg_dsn)
    try:  # the new bot already opened a game in the running game's channel (numbered clear of the file's)
        await store.pool.execute("ALTER TABLE games ALTER COLUMN id RESTART WITH 1000")
        squatter = (await GameService(store, GAMES).create(200, HOST, "Host", "risk")).game_id
    finally:
        await store.close()
    refused = (
        f"NOT COPIED: game {ids['running']} in channel 200 was not copied: PostgreSQL already has game "
        f"{squatter} (lobby) in that channel, and a channel holds only one game that has not ended. End "
        f"game {squatter} there, then run this again to copy game {ids['running']}."
    )

    first = run_migrate(path, pg_dsn)
    assert first.returncode == 1, first.stdout + first.stderr
    assert "Traceback" not in first.stderr, first.stderr
    assert "3 game(s) copied, 0 already there and unchanged, 1 not copied" in first.stdout
    assert refused in first.stdout.splitlines()
    store = await PostgresStore.open(pg_dsn)
    try:
        assert await store.game(ids["running"]) is None, "none of the refused game's rows stay"
        assert await store.game(ids["ended"]) is not None and await store.game(ids["lobby"]) is not None
    finally:
        await store.close()

    second = run_migrate(path, pg_dsn)  # still safe to run again: the same refusal, nothing else
    assert second.returncode == 1, second.stdout + second.stderr
    assert "0 game(s) copied, 3 already there and unchanged, 1 not copied" in second.stdout
    assert refused in second.stdout.splitlines()

    # The channel is freed, but a timer in PostgreSQL has the id of one of the running game's.
    db = sqlite3.connect(path)
    try:
        (timer_id,) = db.execute("SELECT MIN(id) FROM timers WHERE game_id = ?", (ids["running"],)).fetchone()
    finally:
        db.close()
    store = await PostgresStore.open(pg_dsn)
    try:
        await GameService(store, GAMES).end(squatter, HOST, moderator=True)
        await store.pool.execute(
            "INSERT INTO timers (id, game_id, kind, due_at) VALUES ($1, NULL, 'reminder', '2000')", timer_id
        )
    finally:
        await store.close()
    third = run_migrate(path, pg_dsn)
    assert third.returncode == 1, third.stdout + third.stderr
    assert "Traceback" not in third.stderr, third.stderr
    assert (
        f"NOT COPIED: game {ids['running']} in channel 200 was not copied: its timers clash with rows "
        f"already in PostgreSQL (Key (id)=({timer_id}) already exists.). Remove those rows there, then run "
        f"this again to copy game {ids['running']}."
    ) in third.stdout.splitlines()

    store = await PostgresStore.open(pg_dsn)
    try:
        await store.delete_timer(timer_id)
    finally:
        await store.close()
    fourth = run_migrate(path, pg_dsn)
    assert fourth.returncode == 0, fourth.stdout + fourth.stderr
    assert "1 game(s) copied, 3 already there and unchanged, 0 not copied" in fourth.stdout
    store = await PostgresStore.open(pg_dsn)
    try:
        assert await snapshot_matches_replay(GameService(store, GAMES), ids["running"])
    finally:
        await store.close()


async def test_a_copied_game_whose_log_length_is_not_its_last_seq_fails_the_check(pg_dsn: str) -> None:
    """The next row is numbered from the length: a copy with a wrong one would collide, so it is reported."""
    store = await PostgresStore.open(pg_dsn)
    try:
        game = await store.create_game(None, 5, "risk", {}, 1)
        await store.commit(game.id, game.version, entries=[LogEntry("system", None, 1, "{}")] * 2)
        async with store.pool.acquire() as connection:
            assert await _verify(connection, GAMES, game.id) is None
            await connection.execute("UPDATE games SET log_length = 1 WHERE id = $1", game.id)
            assert await _verify(connection, GAMES, game.id) == (
                f"game {game.id}: its log length (1) is not its last row's seq (2)"
            )
    finally:
        await store.close()
