"""A bot killed while the AI plays is restarted and the AI plays on at once: the bot runs in a child
process connected to the fake Discord, is SIGKILLed in the middle of an AI-only game, and the restarted
bot finishes the game within seconds, with nothing played twice (the log replays to the saved state)."""

from __future__ import annotations

import asyncio
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

from fakecord import FakeDiscord

from bot.gamelog import live_actions, rebuild
from bot.games import GAMES
from bot.store import SqliteStore
from rules.core.codec import from_json
from tests.fake_child import POINT_AT_FAKE, fake_addresses

ROOT = Path(__file__).resolve().parents[2]
GUILD = {"name": "War Room", "channels": ["risk"], "members": ["alice"]}
CHILD = (
    POINT_AT_FAKE
    + """
import sys
from bot.app import create_bot
from bot.settings import Settings
bot = create_bot(Settings(token="fake-token", database=sys.argv[1]))
bot._connection.guild_ready_timeout = 0.05
bot.run("fake-token", log_handler=None)
"""
)


def start_child(fd: FakeDiscord, database: Path) -> subprocess.Popen[bytes]:
    env = {**os.environ, **fake_addresses(fd), "PYTHONPATH": str(ROOT)}
    return subprocess.Popen([sys.executable, "-c", CHILD, str(database)], env=env, cwd=ROOT)


def moves_and_status(database: Path) -> tuple[int, str]:
    with sqlite3.connect(database) as db:
        (count,) = db.execute("SELECT COUNT(*) FROM actions WHERE kind = 'action'").fetchone()
        row = db.execute("SELECT status FROM games ORDER BY id DESC LIMIT 1").fetchone()
    return int(count), row[0] if row else "none"


async def until(condition: object, seconds: float) -> float:
    start = time.monotonic()
    while time.monotonic() - start < seconds:
        if condition():  # type: ignore[operator]
            return time.monotonic() - start
        await asyncio.sleep(0.005)
    raise AssertionError(f"not within {seconds} s")


async def test_a_bot_killed_while_the_ai_plays_plays_on_when_restarted(tmp_path: Path) -> None:
    database = tmp_path / "games.db"
    async with FakeDiscord(guilds=[GUILD], settle=0.1, timeout=60.0) as fd:
        child = start_child(fd, database)
        try:
            await until(lambda: any(c.ready for c in fd._conns), 120)  # connected and identified
            await fd.slash("alice", "risk", "game new", ruleset="axis_allies", seats=3)
            await fd.slash("alice", "risk", "game options", name="round_limit", value="4")
            await fd.slash("alice", "risk", "game leave")  # the host only seats AI players
            for _ in range(3):  # the third starts the game, and the AI plays it out
                await fd.slash("alice", "risk", "game join", ai=True)
            await until(lambda: moves_and_status(database)[0] >= 30, 120)
            child.send_signal(signal.SIGKILL)
            child.wait(10)
        finally:
            if child.poll() is None:
                child.kill()
        killed_at, status = moves_and_status(database)
        assert status == "running", "killed before the AI finished"
        restarted = start_child(fd, database)
        try:
            # The interrupted turn goes on within seconds of the start (the process's start included;
            # a bound on liveness, not a timing: how long it takes is printed), then the whole game ends.
            resumed = await until(lambda: moves_and_status(database)[0] > killed_at, 60)
            took = await until(lambda: moves_and_status(database)[1] == "ended", 300)
        finally:
            restarted.send_signal(signal.SIGTERM)
            restarted.wait(10)
    assert moves_and_status(database)[0] > killed_at
    print(f"the restarted bot moved again after {resumed:.1f} s and finished the game in {took:.1f} s")
    store = await SqliteStore.open(str(database))
    try:
        game = await store.game(1)
        assert game is not None and game.seed is not None and game.state is not None
        rules = GAMES[game.ruleset].rules
        seats = len(await store.seats(1))
        replayed = rebuild(rules, game.seed, game.options, seats, live_actions(await store.log(1)))
        assert replayed == from_json(game.state, rules.state_type), "nothing was played twice or lost"
    finally:
        await store.close()
