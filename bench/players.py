"""What ``/game mine``, ``/game open``, ``/stats`` and ``/leaderboard`` cost on a server with many finished
games (issue 35): a SQLite store of N finished 3-seat games (default 100,000) among 300 members of one
server, each game settled (its results, schema V9; the ratings and reliability rebuilt from them with
``rebuild_standings``, timed), plus, for the member measured, three running Risk games and a lobby, and
two other open tables. Prints each read's min / median / max over several runs (the aim: under 50 ms)
and the plans of their queries (EXPLAIN QUERY PLAN), which should search the V8 and V9 indexes, never
scan the games or the results. Asserts nothing.

    python bench/players.py [--games 100000] [--runs 20]

The finished games are written straight into the tables (with ``synchronous=OFF``: quick); the unfinished
ones through the service, so their states are real. The reads go through the service as the commands do.
"""

from __future__ import annotations

import argparse
import asyncio
import sqlite3
import statistics
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bot.games import GAMES  # noqa: E402
from bot.players import my_games, open_tables  # noqa: E402
from bot.schema import MEMBER_GAMES, OPEN_TABLES, qmarks  # noqa: E402
from bot.service import GameService  # noqa: E402
from bot.standings import LEADERBOARD, LEFT_UNFINISHED, MEMBER_RATINGS, RECENT, RECENT_OF_GAME, RELIABILITY_OF  # noqa: E402
from bot.store import SqliteStore  # noqa: E402

GUILD = 7 << 22
MEMBERS = 300
ME = 1000  # the member measured: one of the 300


def fill(path: str, games: int) -> None:
    """``games`` finished 3-seat games of the server, each among three of the members."""
    db = sqlite3.connect(path)
    db.execute("PRAGMA synchronous = OFF")
    at = "2026-01-01T00:00:00+00:00"
    db.executemany(
        "INSERT INTO games (id, guild_id, channel_id, ruleset, status, created_by, version, created_at, "
        "updated_at) VALUES (?, ?, ?, 'risk', 'ended', ?, 0, ?, ?)",
        ((g, GUILD, 10_000 + g, ME + g % MEMBERS, at, at) for g in range(1, games + 1)),
    )
    db.executemany(
        "INSERT INTO seats (game_id, seat, user_id, name, controller) VALUES (?, ?, ?, ?, 'human')",
        (
            (g, s, ME + (g + 97 * s) % MEMBERS, f"P{(g + 97 * s) % MEMBERS}")
            for g in range(1, games + 1)
            for s in range(3)
        ),
    )
    db.executemany(
        "INSERT INTO settled (game_id, rated_order, guild_id, ruleset, finished_at) "
        "VALUES (?, ?, ?, 'risk', ?)",
        ((g, g, GUILD, at) for g in range(1, games + 1)),
    )
    db.executemany(  # seat g % 3 wins; one turn in seven missed by someone
        "INSERT INTO results (game_id, part, rated_order, guild_id, ruleset, user_id, seat, side, place, "
        "weight, turns, missed, abandoned, finished_at) "
        "VALUES (?, ?, ?, ?, 'risk', ?, ?, ?, ?, 1, 20, ?, ?, ?)",
        (
            (
                g,
                s,
                g,
                GUILD,
                ME + (g + 97 * s) % MEMBERS,
                s,
                s,
                1 if s == g % 3 else 2,
                int(g % 7 == s),
                0,
                at,
            )
            for g in range(1, games + 1)
            for s in range(3)
        ),
    )
    db.commit()
    db.execute("ANALYZE")
    db.close()


async def unfinished(service: GameService, first: int) -> None:
    """Three running Risk games and a lobby with the member measured, and two other open tables."""
    for i in range(3):
        status = await service.create(first + i, ME, "me", "risk", guild_id=GUILD)
        await service.join(status.game_id, ME + 1 + i, "a")
        await service.join(status.game_id, ME + 2 + i, "b")
        await service.start(status.game_id, ME, seed=f"bench-{i}")
    for i, host in enumerate((ME, ME + 5, ME + 6)):
        status = await service.create(first + 3 + i, host, "host", "skirmish", guild_id=GUILD, capacity=3)


async def timed(runs: int, read: Callable[[], Awaitable[object]]) -> list[float]:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        await read()
        times.append((time.perf_counter() - start) * 1000)
    return times


def plan(path: str, sql: str, params: tuple[int | str, ...]) -> list[str]:
    db = sqlite3.connect(path)
    try:
        return [row[3] for row in db.execute("EXPLAIN QUERY PLAN " + sql, params)]
    finally:
        db.close()


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--runs", type=int, default=20)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        path = str(Path(folder) / "players.db")
        store = await SqliteStore.open(path)
        await store.close()
        began = time.perf_counter()
        fill(path, args.games)
        built = time.perf_counter() - began
        store = await SqliteStore.open(path)
        began = time.perf_counter()
        ratings, members = await store.rebuild_standings()
        rebuilt = time.perf_counter() - began
        print(
            f"rebuild: {ratings} ratings and {members} members' reliability "
            f"from {args.games:,} games in {rebuilt:.1f} s"
        )
        service = GameService(store, GAMES)
        await unfinished(service, 10_000 + args.games + 1)
        mine = await my_games(service, GUILD, ME)
        tables = await open_tables(service, GUILD)
        print(
            f"{args.games:,} finished games among {MEMBERS} members (built in {built:.1f} s); the member "
            f"has {len(mine)} unfinished games; the server {len(tables)} open tables"
        )
        for name, read in (
            ("/game mine", lambda: my_games(service, GUILD, ME)),
            ("/game open", lambda: open_tables(service, GUILD)),
            ("/stats", lambda: store.member_stats(GUILD, ME)),
            ("/stats game", lambda: store.member_stats(GUILD, ME, "risk")),
            ("/leaderboard", lambda: store.leaderboard(GUILD, "risk", 3, 10)),
        ):
            times = await timed(args.runs, read)
            print(
                f"{name}: min {min(times):.1f} ms, median {statistics.median(times):.1f} ms, "
                f"max {max(times):.1f} ms over {args.runs} runs"
            )
        await store.close()
        for name, sql, params in (
            ("/game mine", MEMBER_GAMES, (ME, GUILD)),
            ("/game open", OPEN_TABLES, (GUILD,)),
            ("/stats: ratings", MEMBER_RATINGS, (GUILD, ME)),
            ("/stats: reliability", RELIABILITY_OF + "($3)", (GUILD, ME)),
            (
                "/stats: seats left in unfinished games",
                LEFT_UNFINISHED + "($3) GROUP BY s.user_id",
                (GUILD, ME),
            ),
            ("/stats: latest results", RECENT, (GUILD, ME, 5)),
            ("/stats game: latest results", RECENT_OF_GAME, (GUILD, ME, "risk", 5)),
            ("/leaderboard", LEADERBOARD, (GUILD, "risk", 3, 10)),
        ):
            print(f"plan of {name}:")
            for line in plan(path, qmarks(sql), params):
                print(f"    {line}")


if __name__ == "__main__":
    asyncio.run(main())
