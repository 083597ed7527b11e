"""The compose deployment's bot services, run from the built image: two shard processes of the image's
own ``python -m bot``, with the environment ``compose.yaml`` gives them, sharing one PostgreSQL, on the
fake Discord. Containers cannot run on the CI machine (see .ci/image), so each process runs the image's
files in a chroot as the image's user; the only change is that discord.py is pointed at the fake.

    python .ci/image_shards.py MOUNTED_IMAGE_ROOT

Checks: both processes connect (each with its own shard), a Risk game is opened and started in a guild
on each shard and answered by the process holding that shard, both games are in the one database with
their guilds, and the processes stop cleanly on SIGTERM with nothing logged as an error.
"""

from __future__ import annotations

import asyncio
import re
import signal
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

import asyncpg  # noqa: E402
from fakecord import FakeDiscord  # noqa: E402

from tests.fake_child import POINT_AT_FAKE, fake_addresses  # noqa: E402
from tests.postgres.cluster import running_cluster  # noqa: E402
from tests.postgres.shard_world import guilds_on_both_shards  # noqa: E402

# The image's own entry point, with discord.py's addresses pointed at the fake first.
ENTRY = (
    POINT_AT_FAKE
    + """
import runpy
runpy.run_module("bot", run_name="__main__", alter_sys=True)
"""
)


def compose_shards(text: str) -> tuple[int, list[str]]:
    """From compose.yaml: the shard total every bot service gets, and each service's PBP_SHARD_IDS."""
    total = re.findall(r'^\s+PBP_SHARDS:\s*"(\d+)"', text, re.MULTILINE)
    ids = re.findall(r'^\s+PBP_SHARD_IDS:\s*"([\d,]+)"', text, re.MULTILINE)
    if len(total) != 1 or not ids:
        raise SystemExit(f"compose.yaml: expected one PBP_SHARDS, and PBP_SHARD_IDS: {total} {ids}")
    return int(total[0]), ids


async def start(root: Path, fd: FakeDiscord, dsn: str, total: int, ids: str) -> asyncio.subprocess.Process:
    environment = {
        "HOME": "/home/warboard",
        "PATH": "/opt/warboard/bin:/usr/bin:/bin",
        "WARBOARD_CONTAINER": "1",
        "PBP_PICTURES": f"/data/pictures-{ids}",
        "DISCORD_TOKEN": "fake-token",
        "PBP_DATABASE": dsn,
        "PBP_SHARDS": str(total),
        "PBP_SHARD_IDS": ids,
        "PBP_LOG_LEVEL": "INFO",
        **fake_addresses(fd),
    }
    return await asyncio.create_subprocess_exec(
        "chroot", "--userspec=10001:10001", str(root), "/usr/bin/env", "-i",
        *(f"{name}={value}" for name, value in environment.items()),
        "/bin/sh", "-c", 'cd /data && exec python -c "$0"', ENTRY,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT,
    )  # fmt: skip


async def until_connected(fd: FakeDiscord, total: int, seconds: float = 60) -> None:
    end = time.monotonic() + seconds
    while {c.shard[0] for c in fd._conns if c.ready} != set(range(total)) or not fd.commands[None]:
        if time.monotonic() > end:
            raise SystemExit(f"the shard processes did not connect in {seconds:.0f} s")
        await asyncio.sleep(0.05)
    await fd.wait_idle()


async def check(root: Path) -> None:
    total, services = compose_shards((ROOT / "compose.yaml").read_text())
    with running_cluster() as cluster:
        async with FakeDiscord(settle=0.2, timeout=60.0) as fd:
            guilds = guilds_on_both_shards(fd)
            processes = [await start(root, fd, cluster.tcp_dsn(), total, ids) for ids in services]
            played = False
            try:
                await until_connected(fd, total)
                for shard in range(total):
                    channel = f"war-{shard}"
                    opened = await fd.slash("alice", channel, "game new", ruleset="risk")
                    assert "opened game" in opened.content, opened.content
                    await fd.slash("alice", channel, "game join", ai=True)
                    started = await fd.slash("alice", channel, "game start")
                    assert not started.ephemeral, started.content
                    print(f"image: shard {shard}'s process started a Risk game: {started.content[:50]!r}")
                await fd.wait_idle()
                fd.assert_clean()
                played = True
            finally:
                for process in processes:
                    if process.returncode is None:
                        process.send_signal(signal.SIGTERM)
                said = [(await process.communicate())[0].decode() for process in processes]
                for ids, text in zip(services, said, strict=True):
                    if not played:  # what the processes said is the likeliest reason
                        print(f"image: the process for shards {ids} said:\n{text[-3000:]}")
            connection = await asyncpg.connect(cluster.tcp_dsn())
            rows = await connection.fetch("SELECT guild_id, status FROM games ORDER BY guild_id")
            await connection.close()
    expected = sorted((guilds[shard][0], "running") for shard in range(total))
    assert [tuple(row) for row in rows] == expected, (rows, expected)
    for ids, process, text in zip(services, processes, said, strict=True):
        assert "Traceback" not in text and "ERROR" not in text, f"shards {ids} said:\n{text}"
        # SIGTERM is handled (bot.app.serve): a clean stop exits 0, not killed by the signal.
        assert process.returncode == 0, f"shards {ids}: exit {process.returncode}\n{text}"
    print(f"image: compose's {len(services)} shard services ran from the image on one PostgreSQL and stopped")


if __name__ == "__main__":
    asyncio.run(check(Path(sys.argv[1])))
