"""Latency on the fake Discord, in one run: from dispatching /risk attack to its first response and to
its battle-card follow-up, and from a turn-ending /risk end to its first response and to the board
(the status message, edited in place), each sample taken alternately with a minimal discord.py bot's
/ping on the same fake code. Prints median, p95, p99 (only from 100 samples up; else the maximum, said
so) and the maximum; asserts nothing.

    python bench/latency.py [repetitions]     (default 200)

Each measured move is rolled back afterwards (/mod rollback, by the guild's owner), so every repetition
plays the same move from the same position with the same dice. Both bots run in processes of their own
(bench/load.py's ``serve``), each connected to a fake Discord served by this process, so nothing this
driver does runs on a bot's event loop, and pictures are seen as they arrive (events, not polling).
"""

from __future__ import annotations

import asyncio
import signal
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from bench.load import RecordingFake, done, sample_board, start_child  # noqa: E402
from bot.games import GAMES  # noqa: E402
from bot.service import GameService  # noqa: E402
from bot.store import SqliteStore  # noqa: E402
from rules.risk.actions import PlaceArmies  # noqa: E402
from rules.risk.board import classic_map  # noqa: E402

GUILD = {"name": "Bench", "channels": ["risk"], "members": ["alice", "bob"]}


async def prepare(fd: RecordingFake, database: str) -> tuple[str, str, str]:
    """A two-player Risk game past its setup, its seat to act holding a big army beside an enemy:
    returns (the player to act, the attack's source, its target)."""
    store = await SqliteStore.open(database)
    service = GameService(store, GAMES)
    alice, bob = fd.user_id("alice"), fd.user_id("bob")
    channel = fd.channel_id("risk")
    status = await service.create(
        channel, alice, "Alice", "risk", {"setup_batch": "40"}, guild_id=fd.guild_id("Bench")
    )
    await service.join(status.game_id, bob, "Bob")
    await service.start(status.game_id, alice, seed="latency-bench")
    game = status.game_id
    while True:  # the setup, by the AI through the service (not measured)
        status = await service.status(game)
        state = service.state_of(await service.load(game))
        if state.phase == "reinforce":
            break
        seat = status.waiting_for[0]
        action = service.agent("risk", seat).choose(state, seat)
        await service.act(game, status.seats[seat].user_id or 0, action)
    status = await service.status(game)
    seat = status.waiting_for[0]
    player = "alice" if status.seats[seat].user_id == alice else "bob"
    board = classic_map()
    source = max((t for t in range(board.size) if state.owner[t] == seat), key=lambda t: state.armies[t])
    await service.act(game, fd.user_id(player), PlaceArmies(board.ids[source], state.reinforcements))
    state = service.state_of(await service.load(game))
    target = next(n for n in board.neighbours[source] if state.owner[n] != seat)
    await store.close()
    return player, board.ids[source], board.ids[target]


async def ping(floor: RecordingFake) -> float:
    it = await floor.slash_now(floor.user_id("eve"), floor.channel_id("echo"), "ping")
    await floor.answered(it)
    return it.latency or float("nan")


async def rollback(fd: RecordingFake) -> None:
    await fd.slash("bench-owner", "risk", "mod rollback", actions=1)  # waits for the bot to go quiet
    await fd.wait_idle(0.1)


async def measure(runs: int) -> dict[str, list[float]]:
    figures: dict[str, list[float]] = {
        "ping": [],
        "attack first": [],
        "attack picture": [],
        "end first": [],
        "end board": [],
    }
    with tempfile.TemporaryDirectory() as folder:
        fd = RecordingFake(guilds=[GUILD], settle=0.05, timeout=10)
        floor = RecordingFake(
            guilds=[{"name": "Echo", "channels": ["echo"], "members": ["eve"]}], settle=0.05
        )
        await fd.start_server()
        await floor.start_server()
        database = f"{folder}/bench.db"
        player, source, target = await prepare(fd, database)
        Path(f"{folder}/board.png").write_bytes(sample_board())
        bot = await start_child("warboard", fd, database)
        echo = await start_child("echo", floor, f"{folder}/board.png")
        channel = fd.channel_id("risk")
        user = fd.user_id(player)
        try:
            for i in range(runs):  # the floor and the move alternate, the order switching every round
                if i % 2:
                    figures["ping"].append(await ping(floor))
                it = await fd.slash_now(
                    user, channel, "risk attack", **{"from": source, "to": target, "dice": 1}
                )
                picture = await fd.upload(channel, "battle.png", it.created)
                await fd.wait_idle(0.05)
                assert done(it), "the attack was not answered"
                figures["attack first"].append(it.latency or float("nan"))
                figures["attack picture"].append(picture - it.created if picture else float("nan"))
                if not i % 2:
                    figures["ping"].append(await ping(floor))
                await rollback(fd)
            for _ in range(2):  # reinforce -> attack -> fortify: the next /risk end ends the turn
                await fd.slash(player, "risk", "risk end")
            for i in range(runs):
                if i % 2:
                    figures["ping"].append(await ping(floor))
                it = await fd.slash_now(user, channel, "risk end")
                board = await fd.upload(channel, "board.png", it.created)
                await fd.wait_idle(0.05)
                figures["end first"].append(it.latency or float("nan"))
                figures["end board"].append(board - it.created if board else float("nan"))
                if not i % 2:
                    figures["ping"].append(await ping(floor))
                await rollback(fd)
            problems = [str(v) for v in fd.violations] + fd.bot_errors
            if problems:
                print("the fake saw problems:", *problems[:5], sep="\n  ")
        finally:
            for child in (bot, echo):
                child.send_signal(signal.SIGTERM)
                await asyncio.wait_for(child.wait(), 30)
            await fd.stop_server()
            await floor.stop_server()
    return figures


def show(name: str, values: list[float], floor: float | None = None) -> None:
    ordered = sorted(v for v in values if v == v)  # nan: never arrived
    missing = len(values) - len(ordered)
    if not ordered:
        print(f"  {name:<40} no samples arrived ({missing} missing)")
        return
    median = statistics.median(ordered)
    p95 = ordered[int(0.95 * (len(ordered) - 1))]
    tail = (
        f"p99 {ordered[int(0.99 * (len(ordered) - 1))] * 1e3:6.1f}" if len(ordered) >= 100 else "p99    n/a"
    )
    ratio = f"   median {median / floor:.2f}x the minimal bot's" if floor else ""
    lost = f"   ({missing} never arrived)" if missing else ""
    spread = f"median {median * 1e3:6.1f}  p95 {p95 * 1e3:6.1f}  {tail}  max {ordered[-1] * 1e3:6.1f} ms"
    print(f"  {name:<40} {spread}  (n={len(ordered)}){ratio}{lost}")


async def main(runs: int) -> None:
    started = time.perf_counter()
    figures = await measure(runs)
    floor = statistics.median(figures["ping"])
    print(f"fake Discord, {runs} repetitions of each move, alternating with the minimal bot's /ping")
    print("  (p99 is printed from 100 samples up; below that only the maximum means anything)")
    show("minimal bot: /ping first response", figures["ping"])
    show("/risk attack: first response", figures["attack first"], floor)
    show("/risk attack: battle card follow-up", figures["attack picture"])
    show("/risk end (turn ends): first response", figures["end first"], floor)
    show("/risk end: board (status message edited)", figures["end board"])
    print(f"  ({time.perf_counter() - started:.0f} s)")


if __name__ == "__main__":
    asyncio.run(main(int(sys.argv[1]) if len(sys.argv) > 1 else 200))
