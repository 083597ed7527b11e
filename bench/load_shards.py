"""Load across shard processes: the same stream of slash commands on the fake Discord, served by ONE
process holding both shards (an AutoShardedBot) against TWO processes holding one shard each, all on
one PostgreSQL.

    python bench/load_shards.py [--games 16] [--workers 8] [--seconds 8] [--rounds 3]
                                [--rate 50] [--bot-cpu 0.45]

The load is per bot process, so two processes get twice the games and commands: each process is as
busy in both set-ups, and the first responses compare at the same load per process. Each round starts
the bot process(es) on a fresh database and opens ``--games`` stub games per process (half in guilds on
shard 0, half on shard 1; a pile of 60 counters, Alice against Bob). Each game's commands alternate
``/stub take`` (a move, always legal: the commit and the board) by whoever's turn it is and ``/game
status`` (a read). They come either back to back from ``--workers`` simulated players per process, each
on its own games (closed loop: the most the set-up serves), or at ``--rate`` commands a second per
process, each to a game with no command in flight (open loop: the first responses at a set load).

A command counts when Discord would have its first response (the fake records when the callback
arrived); throughput is those per second. Rounds alternate the set-ups; figures are the min / median /
max of the rounds' throughputs and the percentiles of every first response of a set-up. A third set-up
is the control: one process given the two's whole load, so the machine is as busy as with two.
Printed, not asserted.

Where this runs matters: the fake Discord (this process), PostgreSQL and the bot processes share the
machine's cores, so two processes can only gain what the cores the others leave idle allow, and every
first response waits longer as the machine gets busier. So each round also reads, from ``/proc``, how
busy the machine was and the CPU time each part spent per command: the bot processes, the fake Discord
(with its event loop's lateness), and the rest (PostgreSQL, the kernel). The bot's CPU per command says
how much one bot process can serve (one process is one core: Python runs one thread at a time), and so
what two processes with a core each would serve: the last lines print that projection.

``--bot-cpu F`` times that case instead of projecting it: each bot process runs in a control group of
its own allowed F of one core (the kernel's CPU quota, over 10 ms periods), the same budget in every
set-up, as if each process had a core of that speed to itself, and the rest of the machine is left to
the fake Discord and PostgreSQL. It needs root and a writable cgroup ``cpu`` controller (v1 or v2).
A quota is not a core, though: a process running on either core draws on it in 5 ms slices (the
kernel's ``sched_cfs_bandwidth_slice_us``), so it can be held back while under its share (two
processes at 40 commands a second, each using 24% of a core under a 45% quota, were held in 19% of the
periods), which lengthens the tails it measures. It models a saturated process better than a lightly
loaded one.

``--server-setting NAME=VALUE`` (repeatable) starts PostgreSQL with that setting, to see what part of a
tail is the server's: ``synchronous_commit=off`` shows what waiting for the WAL to reach the disk costs
(the bot itself always commits durably).
"""

from __future__ import annotations

import argparse
import asyncio
import collections
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

# Each set-up: the bot processes' shards, and how many times the load of one bot process it gets. The
# third is the control: one process given the two's whole load, so the machine is as busy as with two.
SETUPS = {
    "one process, shards 0+1": (((0, 1),), 1),
    "two processes, one shard each": (((0,), (1,)), 2),
    "control: one process, the two's load": (((0, 1),), 2),
}


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
CGROUP_V1, CGROUP_V2 = Path("/sys/fs/cgroup/cpu"), Path("/sys/fs/cgroup")
QUOTA_PERIOD_US = 10_000  # short periods: a process over its budget waits at most this long


class CpuBudget:
    """A control group allowing the processes put in it ``share`` of one core, made for the round and
    removed after it."""

    def __init__(self, name: str, share: float) -> None:
        quota = max(1000, round(share * QUOTA_PERIOD_US))
        if (CGROUP_V1 / "cpu.cfs_quota_us").exists():
            self.folder = CGROUP_V1 / name
            self.folder.mkdir()
            (self.folder / "cpu.cfs_period_us").write_text(str(QUOTA_PERIOD_US))
            (self.folder / "cpu.cfs_quota_us").write_text(str(quota))
        elif (CGROUP_V2 / "cgroup.controllers").exists():
            self.folder = CGROUP_V2 / name
            self.folder.mkdir()
            (self.folder / "cpu.max").write_text(f"{quota} {QUOTA_PERIOD_US}")
        else:
            raise SystemExit("--bot-cpu needs a cgroup cpu controller at /sys/fs/cgroup (v1 or v2)")

    def add(self, pid: int) -> None:
        (self.folder / "cgroup.procs").write_text(str(pid))

    def throttled(self) -> float:
        """Seconds the group's processes have waited for their budget so far."""
        stat = dict(line.split() for line in (self.folder / "cpu.stat").read_text().splitlines())
        if "throttled_time" in stat:
            return int(stat["throttled_time"]) / 1e9  # v1: nanoseconds
        return int(stat.get("throttled_usec", 0)) / 1e6

    def remove(self) -> None:
        self.folder.rmdir()  # its processes have ended


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
    throttled: float  # the share of the round the most held back bot process waited for its budget
    lags: list[float]  # how late the fake Discord's event loop ran a timer, every 5 ms


async def one_round(
    cluster: Cluster, setup: tuple[tuple[int, ...], ...], load: int, args: argparse.Namespace, n: int
) -> Round:
    admin = await asyncpg.connect(cluster.dsn())
    await admin.execute(f"CREATE DATABASE load_{n}")
    await admin.close()
    dsn = cluster.dsn(f"load_{n}")
    folder = Path(tempfile.mkdtemp(prefix="wb-load-"))
    (folder / "hours").write_text("0")
    games, workers = args.games * load, args.workers * load
    async with LoadDiscord(settle=0.05, timeout=30.0) as fd:
        per_shard = max(1, games // 8)
        guilds_on_both_shards(fd, per_shard=per_shard, channels=-(-games // (2 * per_shard)))
        channels = sorted(
            c["name"] for c in fd.channels.values() if str(c.get("name", "")).startswith("war-")
        )
        channels = channels[:games]
        processes = [
            ShardProcess(fd, dsn, ids, folder / "hours", folder / f"{i}.err") for i, ids in enumerate(setup)
        ]
        await asyncio.gather(*(p.start() for p in processes))
        budgets = []
        try:
            if args.bot_cpu:
                for i, process in enumerate(processes):
                    budgets.append(CpuBudget(f"warboard-bench-{os.getpid()}-{n}-{i}", args.bot_cpu))
                    budgets[-1].add(process.child.pid)
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

            steps = dict.fromkeys(channels, 0)
            missed = 0  # arrivals (open loop) that found every game busy

            async def play(channel: str) -> None:
                """The game's next command: a move by whoever's turn it is, then a look at the game."""
                steps[channel] += 1
                if steps[channel] % 2:
                    user = first[channel] if moves_left[channel] % 2 else other(first[channel])
                    moves_left[channel] -= 1
                    latencies.append(await send(fd, user, channel, "stub take", count=1))
                else:
                    latencies.append(await send(fd, "carol", channel, "game status"))

            async def player(mine: list[str]) -> None:
                """Back to back, game by game (closed loop): the next command when the last is answered."""
                for step in itertools.count():
                    channel = mine[step // 2 % len(mine)]
                    if time.monotonic() >= stop or not moves_left[channel]:
                        return
                    await play(channel)

            async def arrivals(rate: float) -> None:
                """``rate`` commands a second, each to a game with no command in flight (open loop)."""
                nonlocal missed
                idle, running = collections.deque(channels), set()

                async def one(channel: str) -> None:
                    await play(channel)
                    if moves_left[channel]:
                        idle.append(channel)

                due = time.monotonic()
                while (due := due + 1 / rate) < stop:
                    await asyncio.sleep(max(0.0, due - time.monotonic()))
                    if not idle:
                        missed += 1
                        continue
                    task = asyncio.create_task(one(idle.popleft()))
                    running.add(task)
                    task.add_done_callback(running.discard)
                await asyncio.gather(*running)

            pids = [p.child.pid for p in processes]
            bots_before, fake_before = [process_cpu(pid) for pid in pids], time.process_time()
            busy_before, idle_before = machine_cpu()
            started = time.monotonic()
            throttled_before = [budget.throttled() for budget in budgets]
            lags: list[float] = []
            watch = asyncio.create_task(loop_lag(lags))
            if args.rate:
                await arrivals(args.rate * load)
            else:
                await asyncio.gather(*(player(channels[w::workers]) for w in range(workers)))
            elapsed = time.monotonic() - started
            watch.cancel()
            throttled = [b.throttled() - t for b, t in zip(budgets, throttled_before, strict=True)]
            bots = [process_cpu(pid) - before for pid, before in zip(pids, bots_before, strict=True)]
            fake = time.process_time() - fake_before
            busy_after, idle_after = machine_cpu()
            busy, idle = busy_after - busy_before, idle_after - idle_before
            late = [v for v in fd.violations if v.kind == "ack_timeout"]
            if late:
                print(f"  ({len(late)} commands missed Discord's 3 seconds)")
            if missed:
                print(f"  ({missed} arrivals found every game busy and were dropped: use more --games)")
            if elapsed < args.seconds * 0.95:
                print(f"  (the games ran out of counters after {elapsed:.1f} s: use more --games)")
        finally:
            for process in processes:
                await process.stop()
            for budget in budgets:
                budget.remove()
        for process in processes:
            said = process.errors.read_text()
            if "Traceback" in said:
                print(f"  (bot process {process.shards} logged errors:)\n{said[-3000:]}")
    shutil.rmtree(folder, ignore_errors=True)
    done = len(latencies)
    rest = max(0.0, busy - sum(bots) - fake)
    return Round(done / elapsed, latencies, sum(bots) / done, max(bots) / done, fake / done, rest / done,
                 busy / (busy + idle), max(throttled, default=0.0) / elapsed, lags)  # fmt: skip


async def loop_lag(lags: list[float]) -> None:
    """How late this process's event loop (the fake Discord's and the players') runs a timer: a first
    response waits that long on the fake's side, whoever the bot is."""
    while True:
        due = time.monotonic() + 0.005
        await asyncio.sleep(0.005)
        lags.append(time.monotonic() - due)


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
        + (f"; a bot process held to its budget {r.throttled:.0%} of the time" if r.throttled else "")
    )


async def measure(cluster: Cluster, args: argparse.Namespace) -> None:
    rates: dict[str, list[float]] = {name: [] for name in SETUPS}
    waits: dict[str, list[float]] = {name: [] for name in SETUPS}
    rounds: dict[str, list[Round]] = {name: [] for name in SETUPS}
    number = itertools.count(1)
    for _ in range(args.rounds):
        for name, (setup, load) in SETUPS.items():
            r = await one_round(cluster, setup, load, args, next(number))
            rates[name].append(r.rate)
            waits[name] += r.latencies
            rounds[name].append(r)
            print(f"  {name}: {r.rate:6.1f} commands/s, {percentiles(r.latencies)}")
            print(f"    {cpu_line(r)}")
    budget = f", each bot process allowed {args.bot_cpu:.0%} of a core" if args.bot_cpu else ""
    offered = f"{args.rate:g} commands a second" if args.rate else f"{args.workers} players back to back"
    print(f"\n{args.games} games and {offered} per bot process{budget}, ", end="")
    print(f"{args.seconds} s a round, ", end="")
    print(f"{args.rounds} rounds each")
    for name in SETUPS:
        done = rates[name]
        print(f"{name:32} throughput min {min(done):6.1f} / median {statistics.median(done):6.1f} / ", end="")
        print(f"max {max(done):6.1f} commands/s; first response {percentiles(waits[name])}")
        lags = [lag for r in rounds[name] for lag in r.lags]
        print(f"{'':32} the fake Discord's own event loop ran late by {percentiles(lags)}")
    one, two, _ = (statistics.median(rates[name]) for name in SETUPS)
    tail = [statistics.quantiles(waits[name], n=100)[98] for name in SETUPS]
    print(f"two processes / one: {two / one:.2f}x the throughput, ", end="")
    print(f"{tail[1] / tail[0]:.2f}x the p99 first response ", end="")
    print("(aim: nearly 2x at the same p99)")
    print(f"the control's p99 against the two processes': {tail[2] / tail[1]:.2f}x (the same machine load)")
    # What bound each set-up: its busiest bot process's CPU (a core, or its budget), or the machine's cores.
    allowed = args.bot_cpu or 1.0
    for name in SETUPS:
        busy = statistics.median(r.busy for r in rounds[name])
        core = statistics.median(r.busiest * r.rate for r in rounds[name])
        bound = "its cores" if busy > 0.9 else "neither"
        if core > 0.85 * allowed:
            bound = "the busiest bot process's CPU"
        print(f"{name:32} machine {busy:.0%} busy, busiest bot {core:.0%} of a core: bound by {bound}")
    if args.bot_cpu:
        return
    # What a machine with a core for each bot process (and more for the rest) would serve: the busiest
    # process saturates its core first, when the commands of all processes come at 1 / its CPU seconds
    # per command (of all processes' commands) a second.
    capacity = {name: 1 / statistics.median(r.busiest for r in rounds[name]) for name in SETUPS}
    for name in SETUPS:
        print(f"{name:32} with a core for each bot process: about {capacity[name]:6.0f} commands/s")
    one, two, _ = capacity.values()
    print(f"two processes / one, a core each: {two / one:.2f}x (projected from CPU per command, not timed)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=16, help="games per bot process")
    parser.add_argument("--workers", type=int, default=8, help="players per bot process")
    parser.add_argument("--seconds", type=float, default=8.0)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--rate", type=float, help="commands a second per bot process (default: closed loop)")
    parser.add_argument("--bot-cpu", type=float, help="each bot process's CPU budget, a share of one core")
    parser.add_argument(
        "--server-setting",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a PostgreSQL setting for the run, to find where a tail comes from (synchronous_commit=off)",
    )
    args = parser.parse_args()
    with running_cluster(dict(item.split("=", 1) for item in args.server_setting)) as cluster:
        asyncio.run(measure(cluster, args))
    print(f"(cpu count {os.cpu_count()}; the fake Discord, PostgreSQL and the bots share them)")


if __name__ == "__main__":
    main()
