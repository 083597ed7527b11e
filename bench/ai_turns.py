"""What an AI turn costs through the service against the engine's own time (issue 34 item 7): for each
game, an all-AI game of three seats (two for Axis & Allies' teams is not possible: five powers, all AI)
is started on a SQLite file, and a run of N AI moves is timed through ``service.play_ai`` (since issue
28 item 7 each move goes on from the one before without reading or decoding the game again; since issue
34 item 7 an AI turn's moves are thought and made in one worker-thread call and are one durable commit:
the figures print how many moves a commit carried), alternately with the same N moves made by the
engine alone from the same start (the AI's choice and apply, in this thread): the floor.

Both runs of a pair play the same positions as the untimed warm-up, so the AIs' own caches (their odds,
kept per position for a turn's many looks at one fight) answer most of their questions: the first ratio
is the service's overhead over the engine with the AI's answers remembered, the strictest floor. A real
game's positions are new, so a second pair is timed with every AI cache emptied before each run (the
``cache_clear`` of each cached function in a ``rules.<game>.ai`` module): the AI thinking afresh, as in
play.

Prints per game the median and spread of both and of their ratio, by the wall clock (what a player
waits) and by the process's CPU time (every thread's; the wall clock less the waits, chiefly the disk's
flush of each durable commit, and less sensitive to a busy machine), and the median wall time of one
bare durable commit on the same store, timed between the runs: the part of a commit no code change
removes. A first untimed round warms the AIs' caches. Asserts nothing.

    python bench/ai_turns.py [--moves 40] [--runs 5] [--opening 0] [--games risk,attack,...]

``--opening N`` plays N moves first, so the run times the game's play rather than its setup.

Issue 34 asks for an AI turn within 1.5x the engine's time. Four games meet it (1.06-1.17x afresh,
2026-11-29, ``--runs 3 --moves 60 --opening 150``); Risk cannot, with a turn kept as one durable commit:
its engine makes a move in 0.17 ms, so a turn of 7.5 moves is 1.3 ms of engine, and 1.5x leaves 0.64 ms
for everything else, less than one bare durable commit on this machine (0.66 ms), before the move's log
row, its public lines and the thread hops (0.62 ms a move through the service in all, 3.5x). Nor would a
commit spanning several seats' turns: what the service makes for each move a player later reads (its log
row, public lines, the game's next record: about 0.15 ms, timed by wrapping ``core._make``'s parts, 0.9x
the engine's own move) already takes it past 1.5x, by the CPU clock too (3.3x). Since Risk's AI seats
play the `normal` AI (exact odds before each attack), the engine's move is 0.46 ms of CPU and the
service's 0.82 ms: 1.70x afresh by the CPU clock (1.66-1.85 over 5 runs, ``--runs 5 --moves 60
--opening 150 --games risk``, 2026-11-29, load 9), closer but still over, for the reasons above.
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


def forget_ai_answers() -> None:
    """Empty every cache an AI keeps (its ``functools`` caches), so the next run thinks as in a new game."""
    for module in list(sys.modules.values()):
        if module is not None and module.__name__.startswith("rules.") and ".ai" in module.__name__:
            for value in list(vars(module).values()):
                if callable(getattr(value, "cache_clear", None)):
                    value.cache_clear()


async def pair(
    service: GameService, a: int, b: int, moves: int, engine_first: bool, fresh: bool
) -> tuple[Times, Times]:
    """The service's run on ``b`` and the engine's on ``a`` (the same positions), in the order given."""

    async def timed_service() -> Times:
        if fresh:
            forget_ai_answers()
        return await through_service(service, b, moves)

    async def timed_engine() -> Times:
        if fresh:
            forget_ai_answers()
        return await engine_alone(service, a, moves)

    if engine_first:
        floor = await timed_engine()
        return await timed_service(), floor
    spent = await timed_service()
    return spent, await timed_engine()


async def measure(name: str, moves: int, runs: int, opening: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        store = Commits(await SqliteStore.open(str(Path(folder) / "bench.db")))
        service = GameService(store, GAMES)  # type: ignore[arg-type]
        spare = await started(service, name, 0, 0)
        warm = await started(service, name, 1000, opening)
        await engine_alone(service, warm, moves)  # untimed: the AIs' caches warm up
        served, alone, ratios, per_commit, flushes = [], [], [], [], []
        fresh_served, fresh_alone, fresh_ratios = [], [], []
        for run in range(runs):
            # Alternately: the floor first in even runs, the service first in odd ones.
            a, b, c, d = [await started(service, name, 4 * run + k, opening) for k in range(1, 5)]
            commits = store.count
            spent, floor = await pair(service, a, b, moves, run % 2 == 0, fresh=False)
            per_commit.append(moves / (store.count - commits))
            served.append(spent)
            alone.append(floor)
            ratios.append((spent[0] / floor[0], spent[1] / floor[1]))
            spent, floor = await pair(service, c, d, moves, run % 2 == 0, fresh=True)
            fresh_served.append(spent)
            fresh_alone.append(floor)
            fresh_ratios.append((spent[0] / floor[0], spent[1] / floor[1]))
            flushes.append(await bare_commit(store.store, spare))
        await store.store.close()

    def ms(times: list[tuple[float, float]], which: int) -> str:
        each = [t[which] / moves * 1000 for t in times]
        return f"{statistics.median(each):6.2f} ({min(each):.2f}-{max(each):.2f})"

    def ratio(of: list[tuple[float, float]], which: int) -> str:
        each = [r[which] for r in of]
        return f"{statistics.median(each):6.2f}x ({min(each):.2f}-{max(each):.2f})"

    print(
        f"{name:12} wall ms/move: service {ms(served, 0)} engine {ms(alone, 0)} ratio {ratio(ratios, 0)}\n"
        f"{'':12}  cpu ms/move: service {ms(served, 1)} engine {ms(alone, 1)} ratio {ratio(ratios, 1)}\n"
        f"{'':12} AI afresh, wall: service {ms(fresh_served, 0)} engine {ms(fresh_alone, 0)}"
        f" ratio {ratio(fresh_ratios, 0)}\n"
        f"{'':12} AI afresh,  cpu: service {ms(fresh_served, 1)} engine {ms(fresh_alone, 1)}"
        f" ratio {ratio(fresh_ratios, 1)}\n"
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
