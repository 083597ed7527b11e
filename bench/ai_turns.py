"""What an AI turn costs through the service against the engine's own time (issue 34 item 7): for each
game, an all-AI game of three seats (two for Axis & Allies' teams is not possible: five powers, all AI)
is started on a SQLite file, and a run of N AI moves is timed through ``service.play_ai`` (each move:
the AI's choice in a worker thread, the engine's apply; since issue 28 item 7 each move goes on from the
one before without reading or decoding the game again, and since issue 34 item 7 a seat's run of moves is
one durable commit: the figures print how many moves a commit carried), alternately with the same
N moves made by the engine alone from the same start (the AI's choice and apply, in this thread): the
floor. Prints per game the median and spread of both and of their ratio. Asserts nothing.

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
from bot.store import SqliteStore  # noqa: E402
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


async def through_service(service: GameService, game_id: int, moves: int) -> float:
    began = time.perf_counter()
    await service.play_ai(game_id, limit=moves)
    return time.perf_counter() - began


async def engine_alone(service: GameService, game_id: int, moves: int) -> float:
    """The same moves by the engine alone: the AI's choice and the apply, from the game as it starts."""
    record = await service.load(game_id)
    assert record.seed is not None
    rules = service.rules(record.ruleset)
    state, version = service.state_of(record), record.version
    rng = SeededRng(record.seed)
    began = time.perf_counter()
    for _ in range(moves):
        waiting = rules.to_act(state)
        if not waiting or rules.result(state) is not None:
            break
        seat = waiting[0]
        action = service.seat_agent(replace(record, version=version)).choose(state, seat)
        state, _ = rules.apply(state, seat, action, rng)
        version += 1
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
        served, alone, ratios, per_commit = [], [], [], []
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
            served.append(spent / moves * 1000)
            alone.append(floor / moves * 1000)
            ratios.append(spent / floor)
        await store.store.close()
    print(
        f"{name:12} service {statistics.median(served):7.2f} ms/move ({min(served):.2f}-{max(served):.2f})"
        f"   engine {statistics.median(alone):7.2f} ms/move ({min(alone):.2f}-{max(alone):.2f})"
        f"   ratio median {statistics.median(ratios):.2f}x ({min(ratios):.2f}-{max(ratios):.2f})"
        f"   moves a commit {statistics.median(per_commit):.1f}"
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
