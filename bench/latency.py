"""Latency on the fake Discord, in one run: from dispatching /risk attack to its first response and to
its picture follow-up, and from a turn-ending /risk end to the board follow-up, beside a minimal
discord.py bot that only answers "ok". Prints medians and 99th percentiles; asserts nothing.

    python bench/latency.py [repetitions]

Each measured move is rolled back afterwards (a moderator rollback), so every repetition plays the
same move from the same position with the same dice.
"""

from __future__ import annotations

import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

import discord  # noqa: E402
from discord.ext import commands  # noqa: E402
from fakecord import FakeDiscord  # noqa: E402

from bot.app import create_bot  # noqa: E402
from bot.settings import Settings  # noqa: E402
from rules.risk.actions import EndPhase, PlaceArmies  # noqa: E402
from rules.risk.ai import RiskAI  # noqa: E402
from rules.risk.board import classic_map  # noqa: E402

GUILD = {"name": "Bench", "channels": ["risk"], "members": ["alice", "bob"]}


def minimal_bot() -> commands.Bot:
    bot = commands.Bot(command_prefix="!", intents=discord.Intents.default())

    @bot.tree.command(description="answers ok")
    async def ping(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("ok")

    async def setup_hook() -> None:
        await bot.tree.sync()

    bot.setup_hook = setup_hook  # type: ignore[method-assign]
    return bot


async def timed(
    fd: FakeDiscord, user: str, command: str, picture: str | None, **values: object
) -> tuple[float, float | None]:
    """(seconds to the first response, seconds to the message carrying ``picture``)."""
    before = {m.id for m in fd.messages("risk")}
    start = time.monotonic()
    task = asyncio.create_task(fd.slash(user, "risk", command, **values))
    seen: float | None = None
    # The driver returns once the bot is quiet for a moment, which can be before a picture that is
    # still rendering arrives: keep watching for it (up to 5 s) after the call returns.
    while (not task.done() or (picture and seen is None)) and time.monotonic() - start < 5:
        if (
            picture
            and seen is None
            and any(
                m.id not in before and any(a.filename == picture for a in m.attachments)
                for m in fd.messages("risk")
            )
        ):
            seen = time.monotonic() - start
        await asyncio.sleep(0.0005)
    record = await task
    await fd.wait_idle()
    return (record.latency or 0.0), seen


async def measure_minimal(runs: int) -> list[float]:
    async with FakeDiscord(guilds=[GUILD], settle=0.02) as fd:
        await fd.start_bot(minimal_bot())
        return [(await fd.slash("alice", "risk", "ping")).latency or 0.0 for _ in range(runs)]


async def measure_warboard(runs: int) -> dict[str, list[float]]:
    figures: dict[str, list[float]] = {
        "attack first": [],
        "attack picture": [],
        "end first": [],
        "end board": [],
    }
    with tempfile.TemporaryDirectory() as folder:
        async with FakeDiscord(guilds=[GUILD], settle=0.02) as fd:
            bot = create_bot(Settings(token="fake", database=f"{folder}/bench.db"))
            await fd.start_bot(bot)
            service = bot.service
            alice, bob = fd.user_id("alice"), fd.user_id("bob")
            status = await service.create(
                fd.channel_id("risk"), alice, "Alice", "risk", {"setup_batch": "40"}
            )
            await service.join(status.game_id, bob, "Bob")
            await service.start(status.game_id, alice, seed="latency-bench")
            game = status.game_id
            # The setup is played by the AI through the service (not measured).
            while True:
                status = await service.status(game)
                state = service.state_of(await service.load(game))
                if state.phase == "reinforce":
                    break
                seat = status.waiting_for[0]
                await service.act(game, status.seats[seat].user_id or 0, RiskAI(seat).choose(state, seat))
            status = await service.status(game)
            seat = status.waiting_for[0]
            player = "alice" if status.seats[seat].user_id == alice else "bob"
            state = service.state_of(await service.load(game))
            board = classic_map()
            source = max(
                (t for t in range(board.size) if state.owner[t] == seat), key=lambda t: state.armies[t]
            )
            await service.act(game, fd.user_id(player), PlaceArmies(board.ids[source], state.reinforcements))
            state = service.state_of(await service.load(game))
            target = next(n for n in board.neighbours[source] if state.owner[n] != seat)
            for _ in range(runs):
                first, picture = await timed(
                    fd,
                    player,
                    "risk attack",
                    "battle.png",
                    **{"from": board.ids[source], "to": board.ids[target], "dice": 1},
                )
                figures["attack first"].append(first)
                figures["attack picture"].append(picture or float("nan"))
                await service.rollback(game, alice, 1, moderator=True)
            for _ in range(2):  # reinforce -> attack -> fortify: the next /risk end ends the turn
                await service.act(game, fd.user_id(player), EndPhase())
            for _ in range(runs):
                first, picture = await timed(fd, player, "risk end", "board.png")
                figures["end first"].append(first)
                figures["end board"].append(picture or float("nan"))
                await service.rollback(game, alice, 1, moderator=True)
            await bot.close()
    return figures


def p99(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]


def show(name: str, values: list[float], floor: float | None = None) -> None:
    median = statistics.median(values)
    ratio = f"   {median / floor:.2f}× the minimal bot" if floor else ""
    print(f"  {name:<34} median {median * 1000:7.1f} ms   p99 {p99(values) * 1000:7.1f} ms{ratio}")


async def main(runs: int) -> None:
    minimal = await measure_minimal(runs)
    warboard = await measure_warboard(runs)
    minimal += await measure_minimal(runs)  # before and after, so drift shows in both
    floor = statistics.median(minimal)
    print(f"fake Discord, {runs} repetitions each (2 × {runs} for the minimal bot)")
    show("minimal bot: /ping first response", minimal)
    show("/risk attack: first response", warboard["attack first"], floor)
    show("/risk attack: battle card follow-up", warboard["attack picture"])
    show("/risk end (turn ends): first response", warboard["end first"], floor)
    show("/risk end: board follow-up", warboard["end board"])


if __name__ == "__main__":
    asyncio.run(main(int(sys.argv[1]) if len(sys.argv) > 1 else 30))
