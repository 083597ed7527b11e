"""PostgreSQL store benchmark: durable actions per second through ``PostgresStore.commit`` beside a bare
asyncpg insert-and-commit loop, alternated in the same run.

    python bench/pg_store.py [--actions 1000] [--rounds 9] [--width 10] [--dsn postgresql://...]

Each round times ``--actions`` commits of each loop, one loop after the other, so all see the same
machine state; the figures are the min / median / max of the rounds' rates, the ratio of the medians,
and the spread of each round's own ratio. A commit is what a move writes: the action row (action and
events JSON of a real Risk attack), the game's snapshot (its whole state JSON) and version + 1, in one
statement. The loops beside it:

- the bare loop inserts the same action and events into a table of its own, one autocommit INSERT each:
  the floor of a durable write on this server (the aim is measured against it);
- the same bytes: the snapshot in that row too, the floor for the bytes a move writes;
- two rows: a one-row version table bumped and the action row inserted in one statement, the floor for
  a version and a log row in tables with no other columns or indexes;
- one row in the real log: the action row with the state beside it in a copy of the actions table,
  written only while the game row has the version read: the floor of a move written as ONE row (see
  ``ONE_ROW``; docs/architecture.md says why the store does not);
- the store's own statement on a plain connection, so the share of the store's code and its lane shows.

Then ``--width`` games commit at once through the store, against as many connections running the bare
loop at once: durable actions per second when many games move together and the server flushes their
commits together, as a busy bot's are.

All are durable when they return: the server runs with PostgreSQL's defaults (fsync on,
synchronous_commit on). Without ``--dsn`` a throwaway cluster is started in a temporary folder (as the
tests do; the WAL is on that folder's disk) and removed at the end; connections go through its unix
socket. Figures are printed; nothing is asserted.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import asyncpg  # noqa: E402

from bot.games import GAMES  # noqa: E402
from bot.postgres import PostgresStore  # noqa: E402
from bot.postgres.commit import commit_statement  # noqa: E402
from bot.records import GameRecord, now_text  # noqa: E402
from bot.service import GameService  # noqa: E402
from bot.store import GameUpdate, LogEntry  # noqa: E402
from tests.postgres.cluster import running_cluster  # noqa: E402


async def sample_move(dsn: str) -> tuple[str, str, str]:
    """A realistic snapshot, action and events: from the middle of a real AI game."""
    store = await PostgresStore.open(dsn)
    service = GameService(store, GAMES)
    game_id = (await service.create(1, 1, "host", "risk", join=False)).game_id
    for _ in range(3):
        await service.join(game_id, 1, "", ai=True)
    await service.start(game_id, 1, seed="bench")
    await service.play_ai(game_id, limit=120)
    rows = await store.log(game_id)
    game = await service.load(game_id)
    await store.close()
    attack = next(r for r in reversed(rows) if r.action and '"Attack"' in r.action)
    assert game.state is not None and attack.action is not None
    return game.state, attack.action, attack.events


BARE = "INSERT INTO bare (action, events, state) VALUES ($1, $2, $3)"
# Two rows in one statement: a version row (with the state) bumped, and the action row inserted.
TWO_ROWS = (
    "WITH bumped AS (UPDATE bare_version SET version = version + 1, state = $3 WHERE id = 1) "
    "INSERT INTO bare (action, events) VALUES ($1, $2)"
)
# The best a move written as ONE row could do: the action row with the state beside it, in a copy of the
# real log table (its columns, key, checks and index), inserted only while the game row has the version
# read. It leaves out what such a design needs to be safe (the game row held FOR SHARE, so that a commit
# appending no row waits for it, and a check that the row is the log's next): built in full, those cost
# what the second row does: the one-row move was about 2% faster than the store's (docs/architecture.md).
ONE_ROW = (
    "INSERT INTO one_row_actions (game_id, seq, kind, seat, user_id, action, events, at, state) "
    "SELECT $1, $2, 'action', 0, 1, $3, $4, $5, $6 FROM games WHERE id = $1 AND version = $7"
)

Loop = Callable[[int], Awaitable[None]]


def store_loop(store: PostgresStore, game: GameRecord, move: tuple[str, str, str]) -> Loop:
    """``n`` moves through ``PostgresStore.commit``, each expecting the version the last one left."""
    snapshot, action, events = move
    version = game.version

    async def loop(n: int) -> None:
        nonlocal version
        for _ in range(n):
            done = await store.commit(
                game.id,
                version,
                GameUpdate(state=snapshot),
                entries=[LogEntry("action", 0, 1, action, events)],
            )
            version = done.version

    return loop


def statement_loop(connection: asyncpg.Connection, game: GameRecord, move: tuple[str, str, str]) -> Loop:
    """The store's own statement for a move, sent on a plain connection: the store without its code."""
    snapshot, action, events = move
    version = game.version

    async def loop(n: int) -> None:
        nonlocal version
        for _ in range(n):
            sql, params = commit_statement(
                game.id, version, GameUpdate(state=snapshot), [LogEntry("action", 0, 1, action, events)], None
            )
            version = (await connection.fetchrow(sql, *params))["version"]

    return loop


def one_row_loop(connection: asyncpg.Connection, game: GameRecord, move: tuple[str, str, str]) -> Loop:
    """``ONE_ROW`` for the next row each time; the game row is only read, so its version stays."""
    snapshot, action, events = move
    seq = 0

    async def loop(n: int) -> None:
        nonlocal seq
        for _ in range(n):
            seq += 1
            await connection.execute(
                ONE_ROW, game.id, seq, action, events, now_text(), snapshot, game.version
            )

    return loop


def bare_loop(connection: asyncpg.Connection, sql: str, *args: str | None) -> Loop:
    """Autocommit executions of ``sql``: the floors the store is measured against."""

    async def loop(n: int) -> None:
        for _ in range(n):
            await connection.execute(sql, *args)

    return loop


async def rate(loop: Loop, n: int) -> float:
    started = time.perf_counter()
    await loop(n)
    return n / (time.perf_counter() - started)


async def at_once(loops: list[Loop], n: int) -> float:
    """All ``loops`` running together, ``n`` each: actions per second in all."""
    started = time.perf_counter()
    await asyncio.gather(*(loop(n) for loop in loops))
    return n * len(loops) / (time.perf_counter() - started)


BARE_TABLES = (
    "CREATE TABLE IF NOT EXISTS bare (id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY, "
    "action TEXT, events TEXT, state TEXT)",
    "CREATE TABLE IF NOT EXISTS bare_version (id BIGINT PRIMARY KEY, version BIGINT, state TEXT)",
    "INSERT INTO bare_version VALUES (1, 0, '') ON CONFLICT DO NOTHING",
    "CREATE TABLE IF NOT EXISTS one_row_actions (LIKE actions INCLUDING ALL)",
    "ALTER TABLE one_row_actions ADD COLUMN IF NOT EXISTS state TEXT",
)


async def measure(dsn: str, actions: int, rounds: int, width: int) -> None:
    move = await sample_move(dsn)
    snapshot, action, events = move
    print(f"payload: snapshot {len(snapshot)} B, action {len(action)} B, events {len(events)} B per move")
    store = await PostgresStore.open(dsn)
    connections = [await asyncpg.connect(dsn) for _ in range(width)]
    connection = connections[0]
    try:
        settings = {
            name: await connection.fetchval(f"SHOW {name}")
            for name in ("fsync", "synchronous_commit", "wal_sync_method", "server_version")
        }
        for sql in BARE_TABLES:
            await connection.execute(sql)
        games = [await store.create_game(None, 1000 + i, "risk", {}, 1) for i in range(width + 2)]
        loops = {
            "store": store_loop(store, games[0], move),
            "statement": statement_loop(connection, games[1], move),
            "bare": bare_loop(connection, BARE, action, events, None),
            "same bytes": bare_loop(connection, BARE, action, events, snapshot),
            "two rows": bare_loop(connection, TWO_ROWS, action, events, snapshot),
            "one row": one_row_loop(connection, games[2], move),
        }
        rates: dict[str, list[float]] = {name: [] for name in loops}
        for loop in loops.values():
            await loop(20)  # warm: prepared statements, the lane
        for _ in range(rounds):
            for name, loop in loops.items():
                rates[name].append(await rate(loop, actions))
        stores = [store_loop(store, game, move) for game in games[2:]]
        bares = [bare_loop(c, BARE, action, events, None) for c in connections]
        together: dict[str, list[float]] = {"store": [], "bare": []}
        for _ in range(rounds):
            together["store"].append(await at_once(stores, actions // width))
            together["bare"].append(await at_once(bares, actions // width))
    finally:
        for c in connections:
            await c.close()
        await store.close()
    report(settings, rounds, actions, rates, width, together)


LABELS = {
    "store": "PostgresStore.commit (action row + snapshot + version)",
    "statement": "its statement on a plain connection (no store code)",
    "bare": "bare asyncpg INSERT of action + events, autocommit",
    "same bytes": "bare INSERT of action + events + snapshot (same bytes)",
    "two rows": "bare two rows: version + snapshot, action + events",
    "one row": "one row in the real log: action + snapshot, version read",
}


def report(
    settings: dict[str, str],
    rounds: int,
    actions: int,
    rates: dict[str, list[float]],
    width: int,
    together: dict[str, list[float]],
) -> None:
    print(f"server: {settings}")
    print(f"{rounds} rounds of {actions} each, the loops alternated:")
    for name, values in rates.items():
        print(f"  {LABELS[name] + ':':58} {spread(values)} actions/s")
    median = {name: statistics.median(values) for name, values in rates.items()}
    ours, bare = median["store"], median["bare"]
    print(f"ratio of medians: the store is {bare / ours:.2f}x slower than the bare loop (aim: at most 1.5x)")
    for ratio, what in (
        (median["same bytes"] / ours, "x slower than the bare loop writing the same bytes"),
        (median["two rows"] / ours, "x slower than the bare two rows in one statement"),
        (bare / median["statement"], "x the bare loop: its statement alone, without the store's code"),
        (bare / median["one row"], "x the bare loop at least: a move as one row in the real log"),
    ):
        print(f"{'':18}{ratio:.2f}{what}")
    # Each round's own ratio pairs loops run seconds apart: steadier when the disk's flush time drifts.
    paired = [b / o for b, o in zip(rates["bare"], rates["store"], strict=True)]
    print(f"each round's ratio: {spread(paired, '.2f')} (store against the bare loop run just after it)")
    print(f"{width} at once, {actions // width} each, alternated:")
    print(f"  {'PostgresStore.commit, one game each:':58} {spread(together['store'])} actions/s")
    print(f"  {'bare asyncpg INSERT, one connection each:':58} {spread(together['bare'])} actions/s")
    ratio = statistics.median(together["bare"]) / statistics.median(together["store"])
    print(f"ratio of medians: the store is {ratio:.2f}x slower than the bare loops")


def spread(values: list[float], form: str = "7.0f") -> str:
    low, mid, high = min(values), statistics.median(values), max(values)
    return f"min {low:{form}} / median {mid:{form}} / max {high:{form}}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--actions", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument(
        "--width", type=int, default=10, help="games committing at once (default: the lane's size)"
    )
    parser.add_argument("--dsn", help="an empty database to use (default: a throwaway cluster)")
    args = parser.parse_args()
    if args.dsn:
        asyncio.run(measure(args.dsn, args.actions, args.rounds, args.width))
    else:
        with running_cluster() as cluster:
            asyncio.run(measure(cluster.dsn(), args.actions, args.rounds, args.width))
    print(f"(cpu count {os.cpu_count()})")


if __name__ == "__main__":
    main()
