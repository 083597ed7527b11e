"""What an operation costs as a game grows: Risk games of 100, 500, 2,000 and 5,000 log rows, and for each
the time of an undo, a turn end (its announcement's log lines, status and board), a `/game log` page, an
export and a DM digest. Prints min / median / max of several runs, and each median at 5,000 rows as a
multiple of the same at 100 (the aim: within 1.5x, an export excepted: it is the whole game by
definition, streamed off the event loop). Asserts nothing.

    python bench/growth.py [--runs 7] [--lengths 100,500,2000,5000]

The games are played through the service (no Discord): each seat's turn by the AI now and then, else by
the careful "absent" move that never attacks, so a game can run to any length without ending. They are
built with ``synchronous=OFF`` (quick), then measured with the store's own ``synchronous=FULL``. The runs
of each operation alternate between the game lengths, so a slow moment of the machine hits them alike.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bot.games import GAMES  # noqa: E402
from bot.service import GameService  # noqa: E402
from bot.store import SqliteStore  # noqa: E402
from rules.risk.actions import PlaceArmies  # noqa: E402

HOST = 1


async def build(service: GameService, channel: int, rows: int) -> int:
    """A running Risk game of four humans with at least ``rows`` log rows, waiting on a seat that is
    about to place its reinforcements."""
    status = await service.create(channel, HOST, "P1", "risk", {"setup_batch": "40"})
    for seat in range(1, 4):
        await service.join(status.game_id, HOST + seat, f"P{seat + 1}")
    await service.start(status.game_id, HOST, seed=f"growth-{channel}")
    game_id = status.game_id
    rules = service.rules("risk")
    users = [s.user_id or 0 for s in (await service.status(game_id)).seats]  # the seat order was drawn
    turn = 0
    while True:
        game = await service.load(game_id)
        state = service.state_of(game)
        seat = rules.to_act(state)[0]
        if state.turn != turn:
            turn = state.turn
            if (await service.status(game_id)).log_length >= rows and state.phase == "reinforce":
                return game_id
        # An AI turn one time in five while every seat still holds a few territories; else the careful
        # move that never attacks: the game never ends.
        held = min(state.owner.count(s) for s in range(4))
        by_ai = state.turn % 5 == 0 and state.turn > 0 and held >= 6
        action = (
            service.agent("risk", game.version).choose(state, seat)
            if by_ai
            else rules.absent_move(state, seat)
        )
        await service.act(game_id, users[seat], action)


async def user(service: GameService, game_id: int, seat: int) -> int:
    return (await service.status(game_id)).seats[seat].user_id or 0


async def undo(service: GameService, game_id: int) -> float:
    """Place one army (untimed), then time taking it back."""
    state = service.state_of(await service.load(game_id))
    seat = service.rules("risk").to_act(state)[0]
    where = next(a.territory for a in service.rules("risk").legal(state, seat) if isinstance(a, PlaceArmies))
    player = await user(service, game_id, seat)
    await service.act(game_id, player, PlaceArmies(where, 1))
    start = time.perf_counter()
    await service.undo(game_id, player)
    return time.perf_counter() - start


async def turn_end(service: GameService, game_id: int) -> float:
    """What announcing a turn reads and draws (bot/cogs/announce.py): the log since the round before, the
    status, the public view, the status board with the changes since the last one (here the widest
    read, as after a restart) and the ping's board with those since the waiting player's last turn
    (the pictures in worker threads, as the bot draws them)."""
    draw = GAMES["risk"].pictures.board
    start = time.perf_counter()
    await service.turn_summary(game_id)
    status = await service.status(game_id)
    view = await service.view(game_id)
    recent = await service.events_since(game_id, None)
    digest = await service.since_last_turn(game_id, status.waiting_for[0])
    for events in (recent.events, digest.events):
        await asyncio.to_thread(draw, view, status.names, title=status.title, recent=events)
    return time.perf_counter() - start


async def log_page(service: GameService, game_id: int) -> float:
    start = time.perf_counter()
    await service.log_page(game_id, 1)
    return time.perf_counter() - start


async def export(service: GameService, game_id: int) -> float:
    start = time.perf_counter()
    await service.export(game_id)
    return time.perf_counter() - start


async def digest(service: GameService, game_id: int) -> float:
    status = await service.status(game_id)
    start = time.perf_counter()
    await service.since_last_turn(game_id, status.waiting_for[0])
    return time.perf_counter() - start


OPERATIONS: dict[str, Callable[[GameService, int], Awaitable[float]]] = {
    "undo": undo,
    "turn end (announce + board)": turn_end,
    "/game log page": log_page,
    "export (whole game, streamed)": export,
    "DM digest": digest,
}


async def measure(store: SqliteStore, runs: int, lengths: list[int]) -> dict[str, dict[int, list[float]]]:
    service = GameService(store, GAMES)
    GAMES["risk"].pictures.warm()  # as the bot does at start-up: no run pays for building the map
    await store._db.execute("PRAGMA synchronous=OFF")  # building only: quick, and not what is timed
    built = time.perf_counter()
    games = {n: await build(service, 100 + i, n) for i, n in enumerate(lengths)}
    await store._db.execute("PRAGMA synchronous=FULL")
    actual = {n: (await service.status(g)).log_length for n, g in games.items()}
    print(f"built {len(games)} Risk games in {time.perf_counter() - built:.0f} s; log rows: {actual}")
    figures: dict[str, dict[int, list[float]]] = {name: {n: [] for n in lengths} for name in OPERATIONS}
    for name, operation in OPERATIONS.items():
        for _ in range(runs):
            for n in lengths:  # alternating: one run at each length, then the next round
                figures[name][n].append(await operation(service, games[n]))
    return figures


async def main(runs: int, lengths: list[int]) -> None:
    with tempfile.TemporaryDirectory() as folder:
        store = await SqliteStore.open(f"{folder}/growth.db")
        try:
            figures = await measure(store, runs, lengths)
        finally:
            await store.close()
    print(
        f"\nmilliseconds, min / median / max of {runs} runs; ratio: median at {lengths[-1]} / at {lengths[0]}"
    )
    head = "".join(f"{n:>22,}" for n in lengths)
    print(f"{'log rows':<30}{head}   ratio")
    for name, by_length in figures.items():
        cells = "".join(
            f"{min(t) * 1e3:>7.1f}/{statistics.median(t) * 1e3:>6.1f}/{max(t) * 1e3:>6.1f}"
            for t in by_length.values()
        )
        ratio = statistics.median(by_length[lengths[-1]]) / statistics.median(by_length[lengths[0]])
        print(f"{name:<30}{cells}   {ratio:.2f}x")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--lengths", default="100,500,2000,5000")
    args = parser.parse_args()
    asyncio.run(main(args.runs, [int(n) for n in args.lengths.split(",")]))
