"""PostgreSQL store benchmark: durable actions per second through ``PostgresStore.commit`` beside a bare
asyncpg insert-and-commit loop, alternated in the same run.

    python bench/pg_store.py [--actions 1000] [--rounds 9] [--dsn postgresql://...]

Each round times ``--actions`` commits of each, one after the other (store, then bare, then store...),
so both see the same machine state; the figures are the min / median / max of the rounds' rates, the
ratio of the medians, and the spread of each round's own ratio. A commit is what a move writes: the
action row (action and events JSON of a real Risk attack), the game's snapshot (its whole state JSON)
and version + 1, in one statement. The bare
loop inserts the same action and events into a table of its own, one autocommit INSERT each: the
floor of a durable write on this server; a third loop inserts the snapshot in the same row too, the
floor for the bytes a move writes (the store's extra is then its second row and version check); a fourth
bumps a one-row version table and inserts the action row in one statement, the floor for two rows, a
version and a log row, in tables with no other columns or indexes. The store's own statement is also
sent on a plain connection, so the share of the store's code and its lane of connections shows.

Both are durable when they return: the server runs with PostgreSQL's defaults (fsync on,
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
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import asyncpg  # noqa: E402

from bot.games import GAMES  # noqa: E402
from bot.postgres import PostgresStore  # noqa: E402
from bot.postgres.commit import commit_statement  # noqa: E402
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


async def store_round(
    store: PostgresStore, game_id: int, version: int, n: int, move: tuple[str, str, str]
) -> tuple[float, int]:
    snapshot, action, events = move
    started = time.perf_counter()
    for _ in range(n):
        done = await store.commit(
            game_id, version, GameUpdate(state=snapshot), entries=[LogEntry("action", 0, 1, action, events)]
        )
        version = done.version
    return n / (time.perf_counter() - started), version


async def statement_round(
    connection: asyncpg.Connection, game_id: int, version: int, n: int, move: tuple[str, str, str]
) -> tuple[float, int]:
    """The store's own statement for a move, sent on a plain connection: the store without its code."""
    snapshot, action, events = move
    started = time.perf_counter()
    for _ in range(n):
        sql, params = commit_statement(
            game_id, version, GameUpdate(state=snapshot), [LogEntry("action", 0, 1, action, events)], None
        )
        version = (await connection.fetchrow(sql, *params))["version"]
    return n / (time.perf_counter() - started), version


BARE = "INSERT INTO bare (action, events, state) VALUES ($1, $2, $3)"
# Two rows in one statement: a version row (with the state) bumped, and the action row inserted.
TWO_ROWS = (
    "WITH bumped AS (UPDATE bare_version SET version = version + 1, state = $3 WHERE id = 1) "
    "INSERT INTO bare (action, events) VALUES ($1, $2)"
)


async def bare_round(connection: asyncpg.Connection, n: int, sql: str, *args: str | None) -> float:
    """``n`` autocommit executions of ``sql``: the floors the store is measured against."""
    started = time.perf_counter()
    for _ in range(n):
        await connection.execute(sql, *args)
    return n / (time.perf_counter() - started)


async def measure(dsn: str, actions: int, rounds: int) -> None:
    move = await sample_move(dsn)
    snapshot, action, events = move
    print(f"payload: snapshot {len(snapshot)} B, action {len(action)} B, events {len(events)} B per move")
    store = await PostgresStore.open(dsn)
    connection = await asyncpg.connect(dsn)
    try:
        settings = {
            name: await connection.fetchval(f"SHOW {name}")
            for name in ("fsync", "synchronous_commit", "wal_sync_method", "server_version")
        }
        await connection.execute(
            "CREATE TABLE IF NOT EXISTS bare (id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY, "
            "action TEXT, events TEXT, state TEXT)"
        )
        await connection.execute(
            "CREATE TABLE IF NOT EXISTS bare_version (id BIGINT PRIMARY KEY, version BIGINT, state TEXT)"
        )
        await connection.execute("INSERT INTO bare_version VALUES (1, 0, '') ON CONFLICT DO NOTHING")
        game = await store.create_game(None, 99, "risk", {}, 1)
        other = await store.create_game(None, 98, "risk", {}, 1)
        version, other_version = game.version, other.version
        ours, plain, bare, same_bytes, two_rows = [], [], [], [], []
        _, version = await store_round(store, game.id, version, 20, move)  # warm: prepared statements, lane
        _, other_version = await statement_round(connection, other.id, other_version, 20, move)
        await bare_round(connection, 20, BARE, action, events, None)
        for _ in range(rounds):
            rate, version = await store_round(store, game.id, version, actions, move)
            ours.append(rate)
            rate, other_version = await statement_round(connection, other.id, other_version, actions, move)
            plain.append(rate)
            bare.append(await bare_round(connection, actions, BARE, action, events, None))
            same_bytes.append(await bare_round(connection, actions, BARE, action, events, snapshot))
            two_rows.append(await bare_round(connection, actions, TWO_ROWS, action, events, snapshot))
    finally:
        await connection.close()
        await store.close()
    print(f"server: {settings}")
    print(f"{rounds} rounds of {actions} each, alternated (store, its statement, then the three bare loops)")
    print(f"PostgresStore.commit (action row + snapshot + version): {spread(ours)} actions/s")
    print(f"its statement on a plain connection (no store code):    {spread(plain)} actions/s")
    print(f"bare asyncpg INSERT of action + events, autocommit:     {spread(bare)} actions/s")
    print(f"bare INSERT of action + events + snapshot (same bytes):  {spread(same_bytes)} actions/s")
    print(f"bare two rows: version + snapshot, action + events:     {spread(two_rows)} actions/s")
    ratio = statistics.median(bare) / statistics.median(ours)
    print(f"ratio of medians: the store is {ratio:.2f}x slower than the bare loop (aim: at most 1.5x)")
    ratio = statistics.median(same_bytes) / statistics.median(ours)
    print(f"                  and {ratio:.2f}x slower than the bare loop writing the same bytes")
    ratio = statistics.median(bare) / statistics.median(plain)
    print(f"                  its statement alone, without the store's code, {ratio:.2f}x")
    ratio = statistics.median(two_rows) / statistics.median(ours)
    print(f"                  and {ratio:.2f}x slower than the bare two rows in one statement")
    # Each round's own ratio pairs loops run seconds apart: steadier when the disk's flush time drifts.
    paired = [b / o for b, o in zip(bare, ours, strict=True)]
    print(f"each round's ratio: {spread(paired, '.2f')} (store against the bare loop run just after it)")


def spread(values: list[float], form: str = "7.0f") -> str:
    low, mid, high = min(values), statistics.median(values), max(values)
    return f"min {low:{form}} / median {mid:{form}} / max {high:{form}}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--actions", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--dsn", help="an empty database to use (default: a throwaway cluster)")
    args = parser.parse_args()
    if args.dsn:
        asyncio.run(measure(args.dsn, args.actions, args.rounds))
    else:
        with running_cluster() as cluster:
            asyncio.run(measure(cluster.dsn(), args.actions, args.rounds))
    print(f"(cpu count {os.cpu_count()})")


if __name__ == "__main__":
    main()
