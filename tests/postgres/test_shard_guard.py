"""One bot per PostgreSQL database and shard (issue 34): two unsharded processes on one database both
received every interaction and both played each move, as two bots on one SQLite file did. A bot process
now holds advisory locks for its shards (``bot/postgres/guard.py``) on a connection kept for its life; a
second one for the same shard says so in one line and exits 2 before it connects to Discord.

A bot whose lock connection is lost takes its locks again; if another process took them meanwhile, the
first one went on playing every move beside it (an error in the log only): now it stops cleanly and exits
1 with one line, leaving the other to play. And a process with another ``PBP_SHARDS`` than the one running
(they would split the guilds differently) is refused in one line, exit 2."""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import sys
from collections.abc import Callable
from pathlib import Path
from urllib.parse import urlsplit

import asyncpg
import pytest
from fakecord import FakeDiscord

from bot.postgres import guard
from bot.postgres.guard import SHARD_LOCKS, WHOLE, hold_shards
from bot.settings import SettingsError
from bot.shards import ShardPlan
from tests.fake_child import POINT_AT_FAKE, fake_addresses

ROOT = Path(__file__).resolve().parents[2]


async def python_m_bot(*args: str, **env: str) -> tuple[int, str]:
    """``python -m bot`` as an owner runs it (no fake Discord: a second bot must stop before connecting)."""
    environment = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "PBP_"))}
    environment.pop("WARBOARD_CONTAINER", None)
    child = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bot",
        *args,
        env={**environment, "PYTHONPATH": str(ROOT), **env},
        cwd=ROOT,
        stdout=asyncio.subprocess.DEVNULL,
        stderr=asyncio.subprocess.PIPE,
    )
    try:
        _, said = await asyncio.wait_for(child.communicate(), 120)
    finally:
        if child.returncode is None:
            child.kill()
            await child.wait()
    assert child.returncode is not None
    return child.returncode, said.decode()


async def test_a_second_unsharded_bot_on_one_database_refuses_to_start(pg_dsn: str) -> None:
    held = await hold_shards(pg_dsn, None)
    try:
        code, said = await python_m_bot(DISCORD_TOKEN="x", PBP_DATABASE=pg_dsn)
        backup_code, backup_said = await python_m_bot("backup", "copy.db", PBP_DATABASE=pg_dsn)
    finally:
        await held.release()
    assert code == 2 and "Traceback" not in said, said
    name = urlsplit(pg_dsn).path.lstrip("/")  # t_1: the URL's password or socket is never shown
    assert said == (
        f"Another Warboard bot is running on the PostgreSQL database {name}: stop it first (two would both "
        "play every move).\n"
    )
    # backup takes no lock: refused for PostgreSQL itself (pg_dump), not for the running bot
    assert backup_code == 2 and backup_said.startswith("PBP_DATABASE is PostgreSQL"), backup_said


async def test_a_second_process_for_a_shard_refuses_to_start(pg_dsn: str) -> None:
    held = await hold_shards(pg_dsn, ShardPlan(2, (1,)))
    try:
        code, said = await python_m_bot(
            DISCORD_TOKEN="x", PBP_DATABASE=pg_dsn, PBP_SHARDS="2", PBP_SHARD_IDS="1"
        )
    finally:
        await held.release()
    assert code == 2 and said.startswith("Another Warboard bot is running shard 1 on the PostgreSQL"), said


async def test_different_shards_run_side_by_side_and_an_unsharded_bot_with_none(pg_dsn: str) -> None:
    first = await hold_shards(pg_dsn, ShardPlan(3, (0,)))
    second = await hold_shards(pg_dsn, ShardPlan(3, (1, 2)))
    try:
        for taken, shard in ((ShardPlan(3, (0,)), 0), (ShardPlan(3, (2,)), 2), (ShardPlan(3, (0, 1, 2)), 0)):
            with pytest.raises(SettingsError, match=f"running shard {shard} on"):
                await hold_shards(pg_dsn, taken)
        with pytest.raises(SettingsError, match="Another Warboard bot is running on"):
            await hold_shards(pg_dsn, None)  # it would answer every guild, the shards' too
        await second.release()
        again = await hold_shards(pg_dsn, ShardPlan(3, (1, 2)))  # a stopped process's shards are free
        await again.release()
    finally:
        await first.release()
    unsharded = await hold_shards(pg_dsn, None)
    try:
        with pytest.raises(SettingsError, match="running on"):
            await hold_shards(pg_dsn, ShardPlan(3, (2,)))
    finally:
        await unsharded.release()


async def test_a_process_with_another_shard_total_is_refused(pg_dsn: str) -> None:
    """PBP_SHARDS=2 on one process and 3 on another would put a guild on shard 1 of one and shard 2 of the
    other: both would run its games (or neither). The first total in use wins until every process of it
    has stopped."""
    two = await hold_shards(pg_dsn, ShardPlan(2, (0,)))
    try:
        code, said = await python_m_bot(
            DISCORD_TOKEN="x", PBP_DATABASE=pg_dsn, PBP_SHARDS="3", PBP_SHARD_IDS="1"
        )
        with pytest.raises(SettingsError, match=r"PBP_SHARDS is 1 here, but .* has PBP_SHARDS=2"):
            await hold_shards(pg_dsn, ShardPlan(1, (0,)))  # shard 0, taken too: the total is said first
        same = await hold_shards(pg_dsn, ShardPlan(2, (1,)))  # the same total: side by side
        await same.release()
    finally:
        await two.release()
    name = urlsplit(pg_dsn).path.lstrip("/")
    assert code == 2 and said == (
        f"PBP_SHARDS is 3 here, but the Warboard bot running on the PostgreSQL database {name} has "
        "PBP_SHARDS=2: give every process the same total (to change it, stop them all first).\n"
    ), said
    three = await hold_shards(pg_dsn, ShardPlan(3, (1,)))  # all of total 2 stopped: a new total is free
    await three.release()


async def test_a_lost_connection_is_said_and_its_locks_taken_again(
    pg_dsn: str, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The locks are the session's: PostgreSQL releases them when the connection ends (a killed process
    lets go of its shards). A bot whose connection is lost (PostgreSQL restarted) says so and takes them
    again on a new connection; had another bot taken them meanwhile, it logs that two now run."""
    monkeypatch.setattr(guard, "RETAKE_FIRST", 0.01)
    held = await hold_shards(pg_dsn, ShardPlan(2, (0,)))
    admin = await asyncpg.connect(pg_dsn)
    try:
        with caplog.at_level(logging.INFO, logger="warboard"):
            lost = held.connection
            assert lost is not None
            assert await admin.fetchval("SELECT pg_terminate_backend($1)", lost.get_server_pid())
            await until(lambda: held.connection is not None and held.connection is not lost)
        assert "the connection holding this bot's shard locks was lost" in caplog.text
        assert "this bot's shard locks are held again" in caplog.text
        with pytest.raises(SettingsError, match="running shard 0 on"):
            await hold_shards(pg_dsn, ShardPlan(2, (0,)))  # held again
        # Lost again, and another bot starts before the first one's new connection is made.
        caplog.clear()
        monkeypatch.setattr(guard, "RETAKE_FIRST", 60.0)
        assert held.connection is not None
        await admin.fetchval("SELECT pg_terminate_backend($1)", held.connection.get_server_pid())
        await until(lambda: held.connection is None)
        second = await hold_shards(pg_dsn, ShardPlan(2, (0,)))
        try:
            with caplog.at_level(logging.ERROR, logger="warboard"):
                assert await held.try_again()  # the first try of the retake (its wait is long here)
            name = urlsplit(pg_dsn).path.lstrip("/")
            displaced = (
                f"Another Warboard bot started running shard 0 on the PostgreSQL database {name} while this "
                "one's connection to it was lost: this one stops, so that only the other plays its moves."
            )
            assert held.displaced == displaced and displaced in caplog.text, caplog.text
            assert held.connection is None
        finally:
            await second.release()
    finally:
        await admin.close()
        await held.release()


# ``python -m bot`` as the image runs it, discord.py pointed at the fake first (as test_clean_stop does).
ENTRY = POINT_AT_FAKE + 'import runpy\nrunpy.run_module("bot", run_name="__main__", alter_sys=True)\n'


async def bot_on_fake(fd: FakeDiscord, dsn: str) -> asyncio.subprocess.Process:
    environment = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "PBP_"))}
    environment.pop("WARBOARD_CONTAINER", None)
    env = {**environment, **fake_addresses(fd), "PYTHONPATH": str(ROOT), "DISCORD_TOKEN": "fake-token"}
    return await asyncio.create_subprocess_exec(
        sys.executable,
        "-c",
        ENTRY,
        env={**env, "PBP_DATABASE": dsn},
        cwd=ROOT,
        stderr=asyncio.subprocess.PIPE,
    )


async def whole_lock_holder(admin: asyncpg.Connection) -> int | None:
    """The server pid of the connection holding the whole bot's lock on this database, if one does."""
    pid = await admin.fetchval(
        "SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND objsubid = 2 AND granted "
        "AND classid = $1::bigint::oid AND objid = $2::bigint::oid "
        "AND database = (SELECT oid FROM pg_database WHERE datname = current_database())",
        SHARD_LOCKS,
        WHOLE & 0xFFFFFFFF,  # -1 as PostgreSQL shows a key: an unsigned oid
    )
    return None if pid is None else int(pid)


async def test_a_bot_whose_locks_another_took_meanwhile_stops_cleanly_and_exits_1(pg_dsn: str) -> None:
    """Two ``python -m bot`` processes on one database, as an owner's restart policy may leave them: the
    first one's lock connection is cut while it is frozen (SIGSTOP, so that the second surely starts
    before it can take its locks again), the second starts and takes them; the first, let go on, finds
    them taken, stops cleanly, and says so in one line (exit 1). The second runs on."""
    admin = await asyncpg.connect(pg_dsn)
    children: list[asyncio.subprocess.Process] = []
    try:
        async with FakeDiscord(guilds=[{"name": "G", "channels": ["war"], "members": ["alice"]}]) as fd:
            first = await bot_on_fake(fd, pg_dsn)
            children.append(first)
            await until(lambda: sum(c.ready for c in fd._conns) == 1)
            held_by = await whole_lock_holder(admin)
            assert held_by is not None
            first.send_signal(signal.SIGSTOP)
            assert await admin.fetchval("SELECT pg_terminate_backend($1, 60000)", held_by)
            second = await bot_on_fake(fd, pg_dsn)
            children.append(second)
            await until(lambda: sum(c.ready for c in fd._conns) == 2)  # the second one runs
            assert await whole_lock_holder(admin) not in (None, held_by)
            first.send_signal(signal.SIGCONT)
            code = await asyncio.wait_for(first.wait(), 120)
            assert first.stderr is not None
            said = (await first.stderr.read()).decode()
            assert code == 1 and "Traceback" not in said, said
            name = urlsplit(pg_dsn).path.lstrip("/")
            line = (
                f"] [ERROR   ] warboard: Another Warboard bot started on the PostgreSQL database {name} "
                "while this one's connection to it was lost: this one stops, so that only the other plays "
                "its moves."
            )
            assert said.count(line) == 1 and said.count("ERROR") == 1, said  # once, the stop's one error
            assert second.returncode is None  # the other one plays on
            second.send_signal(signal.SIGTERM)
            assert await asyncio.wait_for(second.wait(), 120) == 0
    finally:
        for child in children:
            if child.returncode is None:
                child.send_signal(signal.SIGCONT)
                child.kill()
                await child.wait()
        await admin.close()


async def until(condition: Callable[[], bool]) -> None:
    for _ in range(3000):  # a minute at the most; each pass lets the client read its socket
        if condition():
            return
        await asyncio.sleep(0.02)
    raise AssertionError("not within a minute")
