"""Load across shard processes: the same stream of slash commands on the fake Discord, served by ONE
process holding both shards (an AutoShardedBot) against TWO processes holding one shard each, all on
one PostgreSQL.

    python bench/load_shards.py [--games 32] [--workers 16] [--seconds 8] [--rounds 3]

Each round starts the bot process(es) on a fresh database, opens ``--games`` stub games (half in guilds
on shard 0, half on shard 1; a pile of 60 counters, Alice against Bob), then ``--workers`` simulated
players send commands back to back for ``--seconds``: in turn ``/stub take`` (a move, always legal:
the commit and the board) by whoever's turn it is and ``/game status`` (a read), each worker on its
own games, until the time is up or its games are down to their last counter.
A command counts when Discord would have its first response (the fake records when the callback
arrived); throughput is those per second. Rounds alternate the two set-ups (one, two, one, two...);
figures are the min / median / max of the rounds' throughputs and the percentiles of every first
response of a set-up. Printed, not asserted.

Where this runs matters: the fake Discord (this process), PostgreSQL and the bot processes share the
machine's cores, so two processes can only gain what the cores the others leave idle allow. So each
round also reads, from ``/proc``, how busy the whole machine was and the CPU time each part spent per
command: the bot processes, the fake Discord, and the rest (PostgreSQL, the kernel). When the machine is
saturated, throughput says how many cores it has, not how the bot scales; the bot's CPU per command
says how much one bot process can serve (one process is one core: Python runs one thread at a time),
and so what two processes on a machine with cores to spare would serve: the last lines print that.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import json
import os
import secrets
import shutil
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))  # fakecord is imported as its own package, as in the tests

import asyncpg  # noqa: E402
from fakecord import FakeDiscord  # noqa: E402
from fakecord.model import Interaction, snowflake  # noqa: E402

from tests.postgres.cluster import Cluster, running_cluster  # noqa: E402
from tests.postgres.shard_world import ShardProcess, guilds_on_both_shards  # noqa: E402

SETUPS = {"one process, shards 0+1": ((0, 1),), "two processes, one shard each": ((0,), (1,))}


class LoadDiscord(FakeDiscord):
    """The fake, telling each sender the moment its interaction's first response arrived."""

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.answered: dict[str, asyncio.Event] = {}

    async def _h_callback(self, request: Any, iid: int, token: str) -> Any:
        try:
            return await super()._h_callback(request, iid, token)
        finally:
            if token in self.answered:
                self.answered[token].set()


async def send(fd: LoadDiscord, user: str, channel: str, command: str, **values: Any) -> float:
    """One slash command, without waiting for the bot to go quiet (others are busy meanwhile): the
    seconds until its first response."""
    cid, uid = fd.channel_id(channel), fd.user_id(user)
    data = fd._command_data(uid, cid, command, None, values)
    iid, token = snowflake(), secrets.token_urlsafe(48)
    payload = fd._payload(2, uid, cid, data, token, iid, None)
    it = fd.interactions[token] = Interaction(iid, token, 2, "/" + command, uid, cid, payload)
    answered = fd.answered[token] = asyncio.Event()
    await fd.dispatch("INTERACTION_CREATE", payload, guild_id=fd._gid(cid))
    await asyncio.wait_for(answered.wait(), 30)
    del fd.answered[token]  # the interaction itself stays: the bot's follow-ups go to it
    assert it.latency is not None
    return it.latency


TICK = os.sysconf("SC_CLK_TCK")


def process_cpu(pid: int) -> float:
    """CPU seconds (user + system) process ``pid`` has used so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICK  # utime, stime: the stat file's 14th and 15th


def machine_cpu() -> tuple[float, float]:
    """CPU seconds the whole machine has been busy and idle so far, over all cores."""
    ticks = [int(v) for v in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    idle = ticks[3] + ticks[4]  # idle, iowait
    return (sum(ticks[:8]) - idle) / TICK, idle / TICK


@dataclass
class Round:
    """One round's figures: throughput, every first response, and CPU seconds spent per command."""

    rate: float
    latencies: list[float]
    bots: float  # by all bot processes together, per command
    busiest: float  # by the busiest bot process, per command
    fake: float  # by this process (the fake Discord and the simulated players)
    rest: float  # by everything else (PostgreSQL, the kernel), per command
    busy: float  # the machine's busy share of all its cores over the round


async def one_round(
    cluster: Cluster, setup: tuple[tuple[int, ...], ...], args: argparse.Namespace, n: int
) -> Round:
    admin = await asyncpg.connect(cluster.dsn())
    await admin.execute(f"CREATE DATABASE load_{n}")
    await admin.close()
    dsn = cluster.dsn(f"load_{n}")
    folder = Path(tempfile.mkdtemp(prefix="wb-load-"))
    (folder / "hours").write_text("0")
    async with LoadDiscord(settle=0.05, timeout=30.0) as fd:
        per_shard = max(1, args.games // 8)
        guilds_on_both_shards(fd, per_shard=per_shard, channels=-(-args.games // (2 * per_shard)))
        channels = sorted(
            c["name"] for c in fd.channels.values() if str(c.get("name", "")).startswith("war-")
        )
        channels = channels[: args.games]
        processes = [
            ShardProcess(fd, dsn, ids, folder / "hours", folder / f"{i}.err") for i, ids in enumerate(setup)
        ]
        await asyncio.gather(*(p.start() for p in processes))
        try:
            first = {}
            for channel in channels:  # not measured: opening the games
                await fd.slash("alice", channel, "game new", ruleset="stub", deadline_hours=0)
                await fd.slash("alice", channel, "game options", name="counters", value="60")
                await fd.slash("bob", channel, "game join")
                await fd.slash("alice", channel, "game start")
                first[channel] = await who_starts(dsn, fd.channel_id(channel), fd.user_id("alice"))
            await fd.wait_idle()
            latencies: list[float] = []
            moves_left = dict.fromkeys(channels, 59)  # a move always legal: never the last counter
            stop = time.monotonic() + args.seconds

            async def player(mine: list[str]) -> None:
                """Both players of its games, in turn: a move, then a look at the game, game by game."""
                for step in itertools.count():
                    channel = mine[step // 2 % len(mine)]
                    if time.monotonic() >= stop or not moves_left[channel]:
                        return
                    if step % 2 == 0:
                        user = first[channel] if moves_left[channel] % 2 else other(first[channel])
                        moves_left[channel] -= 1
                        latencies.append(await send(fd, user, channel, "stub take", count=1))
                    else:
                        latencies.append(await send(fd, "carol", channel, "game status"))

            pids = [p.child.pid for p in processes]
            bots_before, fake_before = [process_cpu(pid) for pid in pids], time.process_time()
            busy_before, idle_before = machine_cpu()
            started = time.monotonic()
            await asyncio.gather(*(player(channels[w :: args.workers]) for w in range(args.workers)))
            elapsed = time.monotonic() - started
            bots = [process_cpu(pid) - before for pid, before in zip(pids, bots_before, strict=True)]
            fake = time.process_time() - fake_before
            busy_after, idle_after = machine_cpu()
            busy, idle = busy_after - busy_before, idle_after - idle_before
            late = [v for v in fd.violations if v.kind == "ack_timeout"]
            if late:
                print(f"  ({len(late)} commands missed Discord's 3 seconds)")
            if elapsed < args.seconds * 0.95:
                print(f"  (the games ran out of counters after {elapsed:.1f} s: use more --games)")
        finally:
            for process in processes:
                await process.stop()
        for process in processes:
            said = process.errors.read_text()
            if "Traceback" in said:
                print(f"  (bot process {process.shards} logged errors:)\n{said[-3000:]}")
    shutil.rmtree(folder, ignore_errors=True)
    done = len(latencies)
    rest = max(0.0, busy - sum(bots) - fake)
    return Round(done / elapsed, latencies, sum(bots) / done, max(bots) / done, fake / done, rest / done,
                 busy / (busy + idle))  # fmt: skip


async def who_starts(dsn: str, channel: int, alice: int) -> str:
    connection = await asyncpg.connect(dsn)
    try:
        state = await connection.fetchval("SELECT state FROM games WHERE channel_id = $1", channel)
        seat = json.loads(state)["current"]
        user = await connection.fetchval(
            "SELECT user_id FROM seats s JOIN games g ON g.id = s.game_id "
            "WHERE g.channel_id = $1 AND s.seat = $2",
            channel,
            seat,
        )
    finally:
        await connection.close()
    return "alice" if user == alice else "bob"


def other(user: str) -> str:
    return "bob" if user == "alice" else "alice"


def percentiles(values: list[float]) -> str:
    cuts = statistics.quantiles(values, n=100)
    return f"p50 {cuts[49] * 1000:6.1f} ms, p95 {cuts[94] * 1000:6.1f} ms, p99 {cuts[98] * 1000:6.1f} ms"


def cpu_line(r: Round) -> str:
    ms = 1000
    return (
        f"CPU per command: bots {r.bots * ms:.2f} ms (busiest process {r.busiest * ms:.2f}), "
        f"fake Discord {r.fake * ms:.2f}, PostgreSQL and the rest {r.rest * ms:.2f}; "
        f"machine busy {r.busy:.0%}"
    )


async def measure(cluster: Cluster, args: argparse.Namespace) -> None:
    rates: dict[str, list[float]] = {name: [] for name in SETUPS}
    waits: dict[str, list[float]] = {name: [] for name in SETUPS}
    rounds: dict[str, list[Round]] = {name: [] for name in SETUPS}
    number = itertools.count(1)
    for _ in range(args.rounds):
        for name, setup in SETUPS.items():
            r = await one_round(cluster, setup, args, next(number))
            rates[name].append(r.rate)
            waits[name] += r.latencies
            rounds[name].append(r)
            print(f"  {name}: {r.rate:6.1f} commands/s, {percentiles(r.latencies)}")
            print(f"    {cpu_line(r)}")
    print(f"\n{args.games} games, {args.workers} players back to back, {args.seconds} s a round, ", end="")
    print(f"{args.rounds} rounds each")
    for name in SETUPS:
        r = rates[name]
        print(f"{name:32} throughput min {min(r):6.1f} / median {statistics.median(r):6.1f} / ", end="")
        print(f"max {max(r):6.1f} commands/s; first response {percentiles(waits[name])}")
    one, two = (statistics.median(rates[name]) for name in SETUPS)
    print(f"two processes / one: {two / one:.2f}x the throughput (aim: nearly 2x at the same p99)")
    # What bound each set-up: its busiest bot process's one core, or the machine's cores.
    for name in SETUPS:
        busy = statistics.median(r.busy for r in rounds[name])
        core = statistics.median(r.busiest * r.rate for r in rounds[name])
        bound = "its cores" if busy > 0.9 else "the busiest bot process's core" if core > 0.85 else "neither"
        print(f"{name:32} machine {busy:.0%} busy, busiest bot {core:.0%} of a core: bound by {bound}")
    # What a machine with a core for each bot process (and more for the rest) would serve: the busiest
    # process saturates its core first, when the commands of all processes come at 1 / its CPU seconds
    # per command (of all processes' commands) a second.
    capacity = {name: 1 / statistics.median(r.busiest for r in rounds[name]) for name in SETUPS}
    for name in SETUPS:
        print(f"{name:32} with a core for each bot process: about {capacity[name]:6.0f} commands/s")
    one, two = capacity.values()
    print(f"two processes / one, a core each: {two / one:.2f}x (projected from CPU per command, not timed)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=32)
    parser.add_argument("--workers", type=int, default=16)
    parser.add_argument("--seconds", type=float, default=8.0)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    with running_cluster() as cluster:
        asyncio.run(measure(cluster, args))
    print(f"(cpu count {os.cpu_count()}; the fake Discord, PostgreSQL and the bots share them)")


if __name__ == "__main__":
    main()
