"""The command tree is synced to Discord only when it changed since the last sync (issue 34, item 3): its
hash is kept in the store; ``python -m bot sync`` (``sync_commands``) forces it."""

from __future__ import annotations

import re
from pathlib import Path

from fakecord import FakeDiscord

from bot.app import TREE_HASH, create_bot, sync_commands
from bot.games import GAMES
from bot.settings import Settings
from bot.shards import ShardPlan
from bot.store import SqliteStore
from tests.bot.discord_world import GUILD

GLOBAL_SYNC = re.compile(r"/applications/\d+/commands")


def syncs(fd: FakeDiscord) -> int:
    """How many times the bot overwrote its global command tree (discord.py's ``tree.sync``)."""
    return sum(1 for method, path, _ in fd.requests if method == "PUT" and GLOBAL_SYNC.search(path))


async def start_and_stop(fd: FakeDiscord, database: str, games: dict = GAMES) -> None:  # type: ignore[type-arg]
    bot = create_bot(Settings(token="fake-token", database=database), games=games)
    await fd.start_bot(bot)
    await fd.stop_bot()


async def test_a_second_start_with_the_same_commands_does_not_sync(tmp_path: Path) -> None:
    database = str(tmp_path / "games.db")
    async with FakeDiscord(guilds=[GUILD], settle=0.05) as fd:
        await start_and_stop(fd, database)
        assert syncs(fd) == 1  # a new database: never synced
        await start_and_stop(fd, database)
        assert syncs(fd) == 1  # unchanged: Discord already has it
        assert {game.command for game in GAMES.values()} <= set(fd.registered_commands())
        fewer = dict(list(GAMES.items())[:-1])  # one game fewer: the tree changed
        await start_and_stop(fd, database, fewer)
        assert syncs(fd) == 2
        assert list(GAMES.values())[-1].command not in fd.registered_commands()
        await start_and_stop(fd, database, fewer)
        assert syncs(fd) == 2
        fd.assert_clean()


async def test_python_m_bot_sync_syncs_an_unchanged_tree_and_stops(tmp_path: Path) -> None:
    database = str(tmp_path / "games.db")
    async with FakeDiscord(guilds=[GUILD], settle=0.05) as fd:
        await start_and_stop(fd, database)
        forced = create_bot(Settings(token="fake-token", database=database))
        await sync_commands(forced, "fake-token")
        assert syncs(fd) == 2 and forced.is_closed()
        assert not forced.is_ready()  # it never connected to the gateway
        again = await fd.start_bot(create_bot(Settings(token="fake-token", database=database)))
        assert syncs(fd) == 2  # the forced sync kept the hash too
        assert await again.store.bot_value(TREE_HASH) == again.tree_hash()
        await fd.stop_bot()
        fd.assert_clean()


async def test_python_m_bot_sync_syncs_from_a_process_without_shard_0(tmp_path: Path) -> None:
    """A sharded bot's start-ups leave the publishing to shard 0's process, but an owner who asks for a
    sync in another one (``docker compose exec shard-1 python -m bot sync``) gets it: it said "not synced
    here" and exited 0, syncing nothing."""
    store = await SqliteStore.open(str(tmp_path / "games.db"))
    try:
        async with FakeDiscord(guilds=[GUILD], settle=0.05) as fd:
            shard_1 = ShardPlan(total=2, ids=(1,))
            asked = create_bot(Settings(token="fake-token", database=":memory:"), store, shards=shard_1)
            await sync_commands(asked, "fake-token")
            assert syncs(fd) == 1
            assert {game.command for game in GAMES.values()} <= set(fd.registered_commands())
            fd.assert_clean()
    finally:
        await store.close()
