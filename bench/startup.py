"""Start-up against the number of stored games (issue 34, item 6): the bot on the fake Discord, from its
start to being ready and to having nothing left to do, with 2 and with N stored games.

    python bench/startup.py [--games 10000] [--rounds 5]

Each database holds one game where an AI seat is to act (the restart must find it and let the AI play
on) and ``--games`` - 1 running games of human players, copied row by row from one real game (what a
busy server keeps). Each round starts the bot once on the small database and once on the big one, in
turn, each on a copy of its database made before the round, so both restarts find the same work. Prints
the medians and spread of both times and the ratio of the big database's medians to the small one's
(aim: at most 1.3). Asserts nothing.
"""

from __future__ import annotations

import argparse
import asyncio
import shutil
import sqlite3
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from fakecord import FakeDiscord  # noqa: E402

from bot.app import create_bot  # noqa: E402
from bot.games import GAMES  # noqa: E402
from bot.service import GameService  # noqa: E402
from bot.settings import Settings  # noqa: E402
from bot.store import SqliteStore  # noqa: E402

GUILD = {"name": "War Room", "channels": ["war-0"], "members": ["alice", "bob", "carol"]}


async def make_database(path: Path, games: int, channel: int) -> None:
    """``games`` running games: one waiting on an AI seat, the rest copies of a human game."""
    store = await SqliteStore.open(str(path))
    try:
        service = GameService(store, GAMES)
        human = (await service.create(10, 1, "Ann", "risk", join=True)).game_id
        await service.join(human, 2, "Bob")
        await service.start(human, 1, seed="startup-human")
        ai = (await service.create(channel, 1, "Ann", "risk", join=False)).game_id
        for _ in range(3):
            await service.join(ai, 1, "", ai=True)
        await service.start(ai, 1, seed="startup-ai")  # not played: the restart finds the AI to act
    finally:
        await store.close()
    with sqlite3.connect(path) as db:  # copies of the human game, each in a channel of its own
        tables = ("games", "seats", "actions", "snapshots", "turn_starts", "reverted")
        for table in tables:
            key = "id" if table == "games" else "game_id"
            columns = [row[1] for row in db.execute(f"PRAGMA table_info({table})")]
            shifted = {key, "channel_id"}  # moved along by the copy's offset
            select = ", ".join(f"{c} + :offset" if c in shifted else c for c in columns)
            db.executemany(
                f"INSERT INTO {table} ({', '.join(columns)}) "
                f"SELECT {select} FROM {table} WHERE {key} = :game",
                [{"offset": n * 1000, "game": human} for n in range(1, games - 1)],
            )
        db.commit()


async def one_start(fd: FakeDiscord, database: Path) -> tuple[float, float]:
    """Seconds from the bot's start to its being ready (connected, commands answered), and to having
    nothing left to do (the AI's interrupted turn played on and announced, the fake Discord quiet)."""
    bot = create_bot(Settings(token="fake-token", database=str(database)))
    start = time.perf_counter()
    ready_at: list[float] = []

    async def note_ready() -> None:
        while not bot.is_ready():  # wait_until_ready needs a logged-in client: poll instead
            await asyncio.sleep(0.002)
        ready_at.append(time.perf_counter() - start)

    noting = asyncio.create_task(note_ready())
    await fd.start_bot(bot)  # returns once the bot is ready and quiet
    await fd.wait_idle(timeout=120.0)
    idle = time.perf_counter() - start
    await noting
    await bot.close()
    return ready_at[0], idle


def spread(values: list[float]) -> str:
    ordered = sorted(values)
    low, middle, high = ordered[0] * 1000, statistics.median(ordered) * 1000, ordered[-1] * 1000
    return f"median {middle:.0f} ms (min {low:.0f}, max {high:.0f})"


async def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="wb-startup-"))
    try:
        async with FakeDiscord(guilds=[GUILD], settle=0.05, timeout=120.0) as fd:
            await measure(fd, folder, args)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


async def measure(fd: FakeDiscord, folder: Path, args: argparse.Namespace) -> None:
    small, big = folder / "small.db", folder / "big.db"
    await make_database(small, 2, fd.channel_id("war-0"))
    await make_database(big, args.games, fd.channel_id("war-0"))
    times: dict[str, list[tuple[float, float]]] = {"small": [], "big": []}
    for _ in range(args.rounds):
        for name, source in (("small", small), ("big", big)):
            copy = folder / f"run-{name}.db"
            shutil.copy(source, copy)
            times[name].append(await one_start(fd, copy))
    for label, index in (("ready", 0), ("idle", 1)):
        few = [t[index] for t in times["small"]]
        many = [t[index] for t in times["big"]]
        ratio = statistics.median(many) / statistics.median(few)
        print(f"{label}: 2 games {spread(few)}; {args.games} games {spread(many)}; ratio {ratio:.2f}")


if __name__ == "__main__":
    asyncio.run(main())
