"""Store benchmark: how fast moves are made durable, and what start-up costs with many games stored.

    python bench/store.py [--actions 2000] [--games 10000] [--dir DIR]

1. Persisted actions per second with ``synchronous=FULL``: through ``SqliteStore.commit`` (append the
   action row and update the snapshot and version, one transaction each), beside a bare aiosqlite
   insert-and-commit loop with the same pragmas and payload in the same run, and the ratio.
2. The same through the whole service (``play_ai``: load, AI choice, rules, commit) for context.
3. Start-up with ``--games`` games in the file, measured in a fresh child process: opening the store
   (pragmas, migrations check) and building the service, then loading one game on demand; memory as
   the ru_maxrss and tracemalloc deltas. Games load on demand, so neither should grow with the count.

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
import subprocess
import sys
import tempfile
import time
import tracemalloc
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


async def store_rate(folder: Path, n: int, snapshot: str, action: str, events: str) -> float:
    store = await SqliteStore.open(str(folder / "store.db"))
    game = await store.create_game(None, 1, "risk", {}, 1)
    version = game.version
    started = time.perf_counter()
    for _ in range(n):
        done = await store.commit(
            game.id, version, GameUpdate(state=snapshot), entries=[LogEntry("action", 0, 1, action, events)]
        )
        version = done.version
    elapsed = time.perf_counter() - started
    await store.close()
    return n / elapsed


async def bare_rate(folder: Path, n: int, action: str, events: str) -> float:
    import aiosqlite

    db = await aiosqlite.connect(str(folder / "bare.db"))
    await db.execute("PRAGMA journal_mode=WAL")
    await db.execute("PRAGMA synchronous=FULL")
    await db.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, action TEXT, events TEXT)")
    await db.commit()
    started = time.perf_counter()
    for _ in range(n):
        await db.execute("INSERT INTO t (action, events) VALUES (?, ?)", (action, events))
        await db.commit()
    elapsed = time.perf_counter() - started
    await db.close()
    return n / elapsed


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
            "created_at, updated_at) VALUES (?, ?, 'risk', 'running', 'x', 'y', 14, ?, ?, ?)",
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
    """Run in a fresh process: open the store and build the service, then load one game."""
    rss_before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    tracemalloc.start()

    async def measure() -> dict[str, float]:
        started = time.perf_counter()
        store = await SqliteStore.open(path)
        service = GameService(store, GAMES)
        opened = time.perf_counter() - started
        traced = tracemalloc.get_traced_memory()[0]
        started = time.perf_counter()
        game_id = await service.game_in_channel(5000)
        assert game_id is not None
        status = await service.status(game_id)
        assert status.status == "running"
        first = time.perf_counter() - started
        await store.close()
        return {"open": opened, "first_game": first, "traced": traced}

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
        ours = asyncio.run(store_rate(folder, args.actions, snapshot, action, events))
        bare = asyncio.run(bare_rate(folder, args.actions, action, events))
        print(f"store.commit (action row + snapshot + version), synchronous=FULL: {ours:8.0f} actions/s")
        print(f"bare aiosqlite insert + commit, synchronous=FULL:                {bare:8.0f} actions/s")
        print(f"ratio: the store is {bare / ours:.2f}x slower than the bare loop")
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
        figures = json.loads(child.stdout)
        print(f"start-up (open store + migrations check + service): {figures['open'] * 1000:7.1f} ms")
        print(f"first game loaded on demand (channel -> status):    {figures['first_game'] * 1000:7.1f} ms")
        print(
            f"memory of start-up: tracemalloc {figures['traced'] / 1024:.0f} KiB, "
            f"ru_maxrss +{figures['rss_delta_kib']:.0f} KiB "
            f"(process total {figures['rss_kib'] / 1024:.0f} MiB, mostly the interpreter and imports)"
        )
    print(f"\n(cpu count {os.cpu_count()}, sqlite {sqlite3.sqlite_version})")


if __name__ == "__main__":
    main()
