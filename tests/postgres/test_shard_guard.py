"""One bot per PostgreSQL database and shard (issue 34): two unsharded processes on one database both
received every interaction and both played each move, as two bots on one SQLite file did. A bot process
now holds advisory locks for its shards (``bot/postgres/guard.py``) on a connection kept for its life; a
second one for the same shard says so in one line and exits 2 before it connects to Discord."""

from __future__ import annotations

import asyncio
import logging
import os
import sys
from collections.abc import Callable
from pathlib import Path
from urllib.parse import urlsplit

import asyncpg
import pytest

from bot.postgres import guard
from bot.postgres.guard import hold_shards
from bot.settings import SettingsError
from bot.shards import ShardPlan

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
            assert "Another Warboard bot is running shard 0" in caplog.text, caplog.text
            assert "both play its moves" in caplog.text and held.connection is None
        finally:
            await second.release()
    finally:
        await admin.close()
        await held.release()


async def until(condition: Callable[[], bool]) -> None:
    for _ in range(3000):  # a minute at the most; each pass lets the client read its socket
        if condition():
            return
        await asyncio.sleep(0.02)
    raise AssertionError("not within a minute")
