"""Store benchmark: how fast moves are made durable, and what start-up costs with many games stored.

    python bench/store.py [--actions 2000] [--games 10000] [--dir DIR]

1. Persisted actions per second with ``synchronous=FULL``: through ``SqliteStore.commit`` (append the
   action row and update the state and version, one transaction each), beside a bare aiosqlite
   insert-and-commit loop with the same pragmas and payload, the two timed in alternating blocks; the
   spread (min, median, max) of each and of their ratio per round.
2. The same through the whole service (``play_ai``: load, AI choice, rules, commit) for context.
3. Start-up with ``--games`` games in the file, measured in a fresh child process: the bot started on
   the fake Discord, from ``create_bot`` to ready (connected, commands synced), to its pictures warmed,
   to every running game checked for an AI turn to resume; then one game loaded on demand; memory as
   the process's ru_maxrss. Games load on demand, so only the resume check grows with the count.

Figures are printed; nothing is asserted. Runs on a temporary directory unless ``--dir`` is given
(put it on the disk you care about: fsync cost is the whole story here).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import resource
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bot.games import GAMES  # noqa: E402
from bot.service import GameService  # noqa: E402
from bot.store import GameUpdate, LogEntry, SqliteStore  # noqa: E402


async def sample_move(folder: Path) -> tuple[str, str, str]:
    """A realistic snapshot, action and events: from the middle of a real AI game."""
    store = await SqliteStore.open(str(folder / "sample.db"))
    service = GameService(store, GAMES)
    game_id = (await service.create(1, 1, "host", "risk", join=False)).game_id
    for _ in range(3):
        await service.join(game_id, 1, "", ai=True)
    await service.start(game_id, 1, seed="bench")
    moves = await service.play_ai(game_id, limit=120)
    rows = await store.log(game_id)
    game = await service.load(game_id)
    await store.close()
    attack = next(r for r in reversed(rows) if r.action and '"Attack"' in r.action)
    assert game.state is not None and attack.action is not None and moves
    return game.state, attack.action, attack.events


ROUNDS = 7  # the store and the bare loop alternate, a block of each per round


async def durable_rates(
    folder: Path, n: int, snapshot: str, action: str, events: str
) -> tuple[list[float], list[float]]:
    """Actions per second of ``store.commit`` and of a bare aiosqlite insert-and-commit loop (same pragmas,
    same payload), timed in alternating blocks of ``n / ROUNDS`` so that both see the same disk moments.
    Returns each side's rate per block."""
    import aiosqlite

    store = await SqliteStore.open(str(folder / "store.db"))
    game = await store.create_game(None, 1, "risk", {}, 1)
    version = game.version
    db = await aiosqlite.connect(str(folder / "bare.db"))
    await db.execute("PRAGMA journal_mode=WAL")
    await db.execute("PRAGMA synchronous=FULL")
    await db.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, action TEXT, events TEXT)")
    await db.commit()
    block = max(1, n // ROUNDS)
    ours: list[float] = []
    bare: list[float] = []
    try:
        for i in range(ROUNDS):
            for side in (0, 1) if i % 2 else (1, 0):
                started = time.perf_counter()
                for _ in range(block):
                    if side == 0:
                        entry = LogEntry("action", 0, 1, action, events)
                        version = (
                            await store.commit(game.id, version, GameUpdate(state=snapshot), entries=[entry])
                        ).version
                    else:
                        await db.execute("INSERT INTO t (action, events) VALUES (?, ?)", (action, events))
                        await db.commit()
                (ours if side == 0 else bare).append(block / (time.perf_counter() - started))
    finally:
        await store.close()
        await db.close()
    return ours, bare


def spread(values: list[float], unit: str = "") -> str:
    return f"min {min(values):8.0f}  median {statistics.median(values):8.0f}  max {max(values):8.0f}{unit}"


async def service_rate(folder: Path, n: int) -> float:
    store = await SqliteStore.open(str(folder / "service.db"))
    service = GameService(store, GAMES)
    made = 0
    started = time.perf_counter()
    channel = 0
    while made < n:
        channel += 1
        game_id = (await service.create(channel, 1, "host", "risk", join=False)).game_id
        for _ in range(3):
            await service.join(game_id, 1, "", ai=True)
        await service.start(game_id, 1)
        made += len(await service.play_ai(game_id, limit=n - made))
    elapsed = time.perf_counter() - started
    await store.close()
    return made / elapsed


async def fill(path: Path, games: int, snapshot: str, action: str, events: str) -> None:
    """``games`` running games, each with a snapshot, 3 seats and 10 log rows (bulk, one transaction)."""
    store = await SqliteStore.open(str(path))  # creates the file at the latest schema
    await store.close()
    db = sqlite3.connect(path)
    at = "2026-01-01T00:00:00.000000Z"
    with db:
        db.executemany(
            "INSERT INTO games (id, channel_id, ruleset, status, seed, seed_hash, version, state, "
            "log_length, created_at, updated_at) VALUES (?, ?, 'risk', 'running', 'x', 'y', 14, ?, 10, ?, ?)",
            ((i, i, snapshot, at, at) for i in range(1, games + 1)),
        )
        db.executemany(
            "INSERT INTO seats (game_id, seat, user_id, name, controller) VALUES (?, ?, ?, ?, 'human')",
            ((i, s, 1000 + s, f"P{s}") for i in range(1, games + 1) for s in range(3)),
        )
        db.executemany(
            "INSERT INTO actions (game_id, seq, kind, seat, action, events, at) "
            "VALUES (?, ?, 'action', 0, ?, ?, ?)",
            ((i, q, action, events, at) for i in range(1, games + 1) for q in range(1, 11)),
        )
    db.close()


def startup_child(path: str) -> None:
    """Run in a fresh process: start the bot on the fake Discord with the games in ``path`` stored, and
    time it: to ready (connected, commands synced, on_ready), to its pictures warmed, to every running
    game checked for an AI turn to resume; then one game loaded on demand."""
    sys.path.insert(0, str(ROOT / "tests"))
    from fakecord import FakeDiscord

    from bot.app import create_bot
    from bot.settings import Settings

    rss_before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss

    async def measure() -> dict[str, float]:
        guild = {"name": "G", "channels": ["general"], "members": ["alice"]}
        async with FakeDiscord(guilds=[guild], settle=0.02) as fd:
            started = time.perf_counter()
            bot = create_bot(Settings(token="fake", database=path))
            await fd.start_bot(bot)
            ready = time.perf_counter() - started
            await bot._warm_up
            warmed = time.perf_counter() - started
            await bot._resume_task
            resumed = time.perf_counter() - started
            middle = (await bot.store.running_games())[len(await bot.store.running_games()) // 2]
            channel = (await bot.service.load(middle)).channel_id
            started = time.perf_counter()
            game_id = await bot.service.game_in_channel(channel)
            assert game_id is not None
            status = await bot.service.status(game_id)
            assert status.status == "running"
            first = time.perf_counter() - started
            await fd.stop_bot()
        return {"ready": ready, "warmed": warmed, "resumed": resumed, "first_game": first}

    figures = asyncio.run(measure())
    figures["rss_kib"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    figures["rss_delta_kib"] = figures["rss_kib"] - rss_before
    print(json.dumps(figures))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--actions", type=int, default=2000)
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--dir", help="where to put the database files (default: a temporary folder)")
    parser.add_argument("--startup-child", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.startup_child:
        startup_child(args.startup_child)
        return
    with tempfile.TemporaryDirectory(dir=args.dir) as tmp:
        folder = Path(tmp)
        snapshot, action, events = asyncio.run(sample_move(folder))
        print(f"payload: snapshot {len(snapshot)} B, action {len(action)} B, events {len(events)} B per move")
        ours, bare = asyncio.run(durable_rates(folder, args.actions, snapshot, action, events))
        print(f"actions/s in {ROUNDS} alternating blocks of {args.actions // ROUNDS}, synchronous=FULL:")
        print(f"  store.commit (action row + state + version): {spread(ours)}")
        print(f"  bare aiosqlite insert + commit:              {spread(bare)}")
        ratios = [b / o for o, b in zip(ours, bare, strict=True)]
        low, mid, high = min(ratios), statistics.median(ratios), max(ratios)
        print(f"  ratio bare / store per round: min {low:.2f}  median {mid:.2f}  max {high:.2f}")
        served = asyncio.run(service_rate(folder, min(args.actions, 1000)))
        print(f"whole service (play_ai: load, AI, rules, commit):               {served:8.0f} moves/s")

        path = folder / "many.db"
        started = time.perf_counter()
        asyncio.run(fill(path, args.games, snapshot, action, events))
        size = path.stat().st_size / 2**20
        print(
            f"\n{args.games} games stored ({size:.0f} MiB, filled in {time.perf_counter() - started:.1f} s)"
        )
        child = subprocess.run(
            [sys.executable, __file__, "--startup-child", str(path)],
            capture_output=True,
            text=True,
            check=True,
        )
        figures = json.loads(child.stdout.splitlines()[-1])
        print("starting the bot on the fake Discord (a fresh process, from create_bot), ms:")
        steps = (
            ("ready", "ready (connected, commands synced, on_ready; the fake's 20 ms settle in)"),
            ("warmed", "every game's pictures warmed (a worker thread from setup_hook)"),
            ("resumed", "every running game checked for an AI turn to resume"),
            ("first_game", "then the first game loaded on demand (channel -> status)"),
        )
        for key, what in steps:
            print(f"  {what:<75} {figures[key] * 1000:7.1f}")
        print(
            f"  memory: ru_maxrss {figures['rss_kib'] / 1024:.0f} MiB in all "
            f"(+{figures['rss_delta_kib'] / 1024:.0f} MiB over the imports)"
        )
    print(f"\n(cpu count {os.cpu_count()}, sqlite {sqlite3.sqlite_version})")


if __name__ == "__main__":
    main()
