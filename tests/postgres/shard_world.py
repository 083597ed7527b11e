"""Bot processes on one fake Discord and one PostgreSQL, for tests/postgres/test_shards.py and
bench/load_shards.py.

Each process is ``python -c CHILD``: discord.py pointed at the fake (as tests/bot/test_ai_restart.py
does), the bot made by ``create_bot`` with its shards from PBP_SHARDS/PBP_SHARD_IDS and its store from
PBP_DATABASE, hosting the stub game (tests/conformance/stub_game.py). Its clock is the real one plus the
hours written in a file the test moves; SIGUSR1 makes it tick its scheduler and print what the tick did
(one JSON line), so tests wait for lines, never for time.
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import sys
from pathlib import Path
from typing import Any

from fakecord import FakeDiscord

from tests.fake_child import POINT_AT_FAKE, fake_addresses

ROOT = Path(__file__).resolve().parents[2]

CHILD = (
    POINT_AT_FAKE
    + """
import asyncio, json, os, signal, sys
from datetime import timedelta
from pathlib import Path
from bot.app import create_bot
from bot.clock import utc_now
from bot.settings import Settings
from bot.shards import ShardPlan
from tests.conformance.stub_game import STUB

hours = Path(sys.argv[2])
def clock():
    return utc_now() + timedelta(hours=float(hours.read_text() or 0))

shards = ShardPlan.from_env(os.environ)
settings = Settings.from_env()
bot = create_bot(settings, games={"stub": STUB}, clock=clock, run_scheduler=False, shards=shards)
bot._connection.guild_ready_timeout = 0.05

async def identify_at_once(shard_id, *, initial=False):
    pass  # discord.py waits 5 s between a process's identifies, for Discord; the fake needs no pacing

bot.before_identify_hook = identify_at_once

def say(**what):
    print(json.dumps(what), flush=True)

async def tick():
    done = await bot.scheduler.tick()
    say(tick=list(shards.ids), deadlines=done.deadlines, reminders=done.reminders)

async def ready():
    say(ready=list(shards.ids))

async def main():
    bot.add_listener(ready, "on_ready")
    asyncio.get_running_loop().add_signal_handler(signal.SIGUSR1, lambda: asyncio.ensure_future(tick()))
    async with bot:
        await bot.start("fake-token")

asyncio.run(main())
"""
)


class ShardProcess:
    """One bot process holding ``shards`` of ``total``; its report lines arrive in ``lines``."""

    def __init__(
        self, fd: FakeDiscord, dsn: str, shards: tuple[int, ...], hours: Path, errors: Path, total: int = 2
    ) -> None:
        self.fd, self.dsn, self.shards, self.total = fd, dsn, shards, total
        self.hours, self.errors = hours, errors
        self.lines: asyncio.Queue[dict[str, Any]] = asyncio.Queue()

    async def start(self) -> None:
        env = {
            **os.environ,
            **fake_addresses(self.fd),
            "PYTHONPATH": str(ROOT),
            "DISCORD_TOKEN": "fake-token",
            "PBP_DATABASE": self.dsn,
            "PBP_SHARDS": str(self.total),
            "PBP_SHARD_IDS": ",".join(map(str, self.shards)),
        }
        with self.errors.open("ab") as errors:
            self.child = await asyncio.create_subprocess_exec(
                sys.executable, "-c", CHILD, "-", str(self.hours),
                cwd=ROOT, env=env, stdout=asyncio.subprocess.PIPE, stderr=errors,
            )  # fmt: skip
        self._reader = asyncio.create_task(self._read())
        assert await self.next() == {"ready": list(self.shards)}

    async def _read(self) -> None:
        assert self.child.stdout is not None
        while line := await self.child.stdout.readline():
            await self.lines.put(json.loads(line))

    async def next(self) -> dict[str, Any]:
        try:
            return await asyncio.wait_for(self.lines.get(), 60)
        except TimeoutError:
            said = self.errors.read_text()
            raise AssertionError(f"shards {self.shards} said nothing; stderr:\n{said}") from None

    async def tick(self) -> dict[str, Any]:
        self.child.send_signal(signal.SIGUSR1)
        return await self.next()

    async def stop(self, sig: int = signal.SIGTERM) -> None:
        if self.child.returncode is None:
            self.child.send_signal(sig)
            await self.child.wait()
        await self._reader


def guilds_on_both_shards(fd: FakeDiscord, per_shard: int = 1, channels: int = 1) -> dict[int, list[int]]:
    """``per_shard`` guilds on shard 0 and as many on shard 1 (a snowflake's shard is its millisecond's
    parity, so a guild made in the wrong millisecond is taken out again), each with ``channels``
    channels named ``war-<shard>`` (``war-<shard>-<guild>-<n>`` when there are several)."""
    found: dict[int, list[int]] = {0: [], 1: []}
    for attempt in range(1_000_000):
        gid = fd.add_guild(f"Guild {attempt}", channels=(), members=["alice", "bob", "carol"])
        shard = (gid >> 22) % 2
        if len(found[shard]) == per_shard:
            del fd.guilds[gid]
            continue
        found[shard].append(gid)
        for n in range(channels):
            single = per_shard == 1 and channels == 1
            fd.add_channel(gid, f"war-{shard}" if single else f"war-{shard}-{len(found[shard])}-{n}")
        if all(len(gids) == per_shard for gids in found.values()):
            return found
    raise AssertionError("no guilds landed on each shard")
