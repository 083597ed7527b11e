"""What an AI turn costs through the service against the engine's own time (issue 34 item 7): for each
game, an all-AI game of three seats (two for Axis & Allies' teams is not possible: five powers, all AI)
is started on a SQLite file, and a run of N AI moves is timed through ``service.play_ai`` (since issue
28 item 7 each move goes on from the one before without reading or decoding the game again; since issue
34 item 7 an AI turn's moves are thought and made in one worker-thread call and are one durable commit:
the figures print how many moves a commit carried), alternately with the same N moves made by the
engine alone from the same start (the AI's choice and apply, in this thread): the floor.

Prints per game the median and spread of both and of their ratio, by the wall clock (what a player
waits) and by the process's CPU time (every thread's; the wall clock less the waits, chiefly the disk's
flush of each durable commit, and less sensitive to a busy machine), and the median wall time of one
bare durable commit on the same store, timed between the runs: the part of a commit no code change
removes. A first untimed round warms the AIs' caches. Asserts nothing.

    python bench/ai_turns.py [--moves 40] [--runs 5] [--opening 0] [--games risk,attack,...]

``--opening N`` plays N moves first, so the run times the game's play rather than its setup.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bot.games import GAMES  # noqa: E402
from bot.service import GameService  # noqa: E402
from bot.store import NO_CHANGES, SqliteStore  # noqa: E402
from rules.core.dice import SeededRng  # noqa: E402

SEATS = {"axis_allies": 5}


async def started(service: GameService, name: str, channel: int, opening: int) -> int:
    """A started all-AI game, its first ``opening`` moves played (the setup's cheap placements)."""
    game_id = (await service.create(channel, 1, "host", name, join=False)).game_id
    for _ in range(SEATS.get(name, 3)):
        await service.join(game_id, 1, "", ai=True)
    await service.start(game_id, 1, seed="ai-turns")
    await service.play_ai(game_id, limit=opening)
    return game_id


Times = tuple[float, float]  # wall-clock seconds, CPU seconds


async def through_service(service: GameService, game_id: int, moves: int) -> Times:
    began, cpu = time.perf_counter(), time.process_time()
    await service.play_ai(game_id, limit=moves)
    return time.perf_counter() - began, time.process_time() - cpu


async def engine_alone(service: GameService, game_id: int, moves: int) -> Times:
    """The same moves by the engine alone: the AI's choice and the apply, from the game as it starts."""
    record = await service.load(game_id)
    assert record.seed is not None
    rules = service.rules(record.ruleset)
    state, version = service.state_of(record), record.version
    rng = SeededRng(record.seed)
    began, cpu = time.perf_counter(), time.process_time()
    for _ in range(moves):
        waiting = rules.to_act(state)
        if not waiting or rules.result(state) is not None:
            break
        seat = waiting[0]
        action = service.seat_agent(replace(record, version=version)).choose(state, seat)
        state, _ = rules.apply(state, seat, action, rng)
        version += 1
    return time.perf_counter() - began, time.process_time() - cpu


async def bare_commit(store: SqliteStore, game_id: int) -> float:
    """One durable commit that changes nothing but the version: the disk's flush and the statement."""
    version = (await store.game(game_id)).version  # type: ignore[union-attr]
    began = time.perf_counter()
    await store.commit(game_id, version, NO_CHANGES)
    return time.perf_counter() - began


class Commits:
    """The store, counting its commits (a run of AI moves is one)."""

    def __init__(self, store: SqliteStore) -> None:
        self.store, self.count = store, 0

    def __getattr__(self, name: str) -> object:
        return getattr(self.store, name)

    async def commit(self, *args: object, **kwargs: object) -> object:
        self.count += 1
        return await self.store.commit(*args, **kwargs)  # type: ignore[arg-type]


async def measure(name: str, moves: int, runs: int, opening: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        store = Commits(await SqliteStore.open(str(Path(folder) / "bench.db")))
        service = GameService(store, GAMES)  # type: ignore[arg-type]
        spare = await started(service, name, 0, 0)
        warm = await started(service, name, 1000, opening)
        await engine_alone(service, warm, moves)  # untimed: the AIs' caches warm up
        served, alone, ratios, per_commit, flushes = [], [], [], [], []
        for run in range(runs):
            # Alternately: the floor first in even runs, the service first in odd ones.
            a = await started(service, name, 2 * run + 1, opening)
            b = await started(service, name, 2 * run + 2, opening)
            commits = store.count
            if run % 2 == 0:
                floor = await engine_alone(service, a, moves)
                spent = await through_service(service, b, moves)
            else:
                spent = await through_service(service, b, moves)
                floor = await engine_alone(service, a, moves)
            per_commit.append(moves / (store.count - commits))
            served.append(spent)
            alone.append(floor)
            ratios.append((spent[0] / floor[0], spent[1] / floor[1]))
            flushes.append(await bare_commit(store.store, spare))
        await store.store.close()

    def ms(times: list[tuple[float, float]], which: int) -> str:
        each = [t[which] / moves * 1000 for t in times]
        return f"{statistics.median(each):6.2f} ({min(each):.2f}-{max(each):.2f})"

    def ratio(which: int) -> str:
        each = [r[which] for r in ratios]
        return f"{statistics.median(each):6.2f}x ({min(each):.2f}-{max(each):.2f})"

    print(
        f"{name:12} wall ms/move: service {ms(served, 0)} engine {ms(alone, 0)} ratio {ratio(0)}\n"
        f"{'':12}  cpu ms/move: service {ms(served, 1)} engine {ms(alone, 1)} ratio {ratio(1)}\n"
        f"{'':12} moves a commit {statistics.median(per_commit):.1f}"
        f"   a bare durable commit {statistics.median(flushes) * 1000:.2f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    parser.add_argument("--moves", type=int, default=40)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--opening", type=int, default=0, help="moves played before the timed run")
    args = parser.parse_args()
    for name in args.games.split(","):
        asyncio.run(measure(name, args.moves, args.runs, args.opening))


if __name__ == "__main__":
    main()
