"""Crash safety: a process applying moves is killed (SIGKILL) at random moments; afterwards the file is
sound, every move the process reported as applied is there, and each game's snapshot is exactly what
its log replays to."""

from __future__ import annotations

import asyncio
import os
import random
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

from bot.gamelog import live_actions, rebuild
from bot.games import GAMES
from bot.service import GameService
from bot.store import SqliteStore

ROOT = Path(__file__).resolve().parents[2]
KILLS = 20


# Plays AI games one move at a time in channel 1, printing "game seq" after each committed move; when a
# game ends it starts the next one. The print comes after the commit, so a printed move must survive.
# "ready" comes first, before the store is opened, so a kill can land there too.
def child_script(store_import: str, open_store: str) -> str:
    """The child's program on the store ``open_store`` opens (``arg``: its one command-line argument)."""
    return CHILD.replace("STORE_IMPORT", store_import).replace("OPEN_STORE", open_store)


CHILD = """
import asyncio, sys
from bot.games import GAMES
from bot.service import GameService
STORE_IMPORT

async def main(arg):
    print("ready", flush=True)
    service = GameService(await OPEN_STORE, GAMES)
    while True:
        game_id = await service.game_in_channel(1)
        if game_id is None:
            game_id = (await service.create(1, 1, "host", "risk", join=False)).game_id
        status = await service.status(game_id)
        if status.status == "lobby":  # also a lobby left half-made by the previous kill
            for _ in range(3 - len(status.seats)):
                await service.join(game_id, 1, "", ai=True)
            await service.start(game_id, 1)
        for move in await service.play_ai(game_id, limit=1):
            print(f"{game_id} {move.seq}", flush=True)

asyncio.run(main(sys.argv[1]))
"""
SQLITE_CHILD = child_script("from bot.store import SqliteStore", "SqliteStore.open(arg)")


async def run_and_kill(child_program: str, arg: str, moves: int) -> list[tuple[int, int]]:
    """Start the child, let it report ``moves`` committed moves (0: only that it is ready), kill it.

    The kill is timed by what the child has done, never by the clock, so a busy machine changes only how
    long a run takes: the moment of the kill still falls anywhere in the child's work (the child goes on
    between its report and the signal), before the store opens, mid-commit or between moves.
    """
    child = await asyncio.create_subprocess_exec(
        sys.executable,
        "-c",
        child_program,
        arg,
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert child.stdout is not None and child.stderr is not None
    if await child.stdout.readline() != b"ready\n":
        raise AssertionError(f"the child did not start: {(await child.stderr.read()).decode()}")
    reported: list[tuple[int, int]] = []
    while len(reported) < moves:
        line = await child.stdout.readline()
        if not line:
            raise AssertionError(f"the child stopped: {(await child.stderr.read()).decode()}")
        game, seq = line.split()
        reported.append((int(game), int(seq)))
    child.send_signal(signal.SIGKILL)
    await child.wait()
    assert child.returncode == -signal.SIGKILL
    return reported


async def test_killed_at_random_moments_loses_nothing(tmp_path: Path) -> None:
    db = tmp_path / "crash.db"
    rng = random.Random(2026)
    reported: list[tuple[int, int]] = []
    for kill in range(KILLS):
        # The first run makes the file and its tables; later ones die anywhere, early (as soon as the child
        # is ready, before the store is open) or after up to 40 moves.
        moves = rng.randint(1, 40) if kill == 0 else rng.choice([0, rng.randint(1, 40)])
        reported += await run_and_kill(SQLITE_CHILD, str(db), moves)
        check = sqlite3.connect(db)
        assert check.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        stored = set(check.execute("SELECT game_id, seq FROM actions").fetchall())
        check.close()
        missing = [r for r in reported if r not in stored]
        assert not missing, f"kill {kill}: reported moves lost: {missing[:5]}"
    assert len(reported) > 100, "the kills should have come after real progress"

    store = await SqliteStore.open(str(db))
    try:
        service = GameService(store, GAMES)
        for (game_id,) in await (
            await store._db.execute("SELECT id FROM games WHERE state IS NOT NULL")
        ).fetchall():
            game = await service.load(game_id)
            assert game.seed is not None
            rows = await store.log(game_id)
            replayed = rebuild(GAMES[game.ruleset].rules, game.seed, game.options, 3, live_actions(rows))
            assert replayed == service.state_of(game), f"game {game_id}: snapshot differs from its log"
            assert game.version == len(rows) + 3  # 3 joins, then one version per row (the start's included)
    finally:
        await store.close()
