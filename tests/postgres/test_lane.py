"""The store's lane of connections for single statements (``bot/postgres/lane.py``): on a real server,
what a refused statement, a cancelled one and a session the server ended leave behind; with stand-in
connections, the hand-over between callers, step by step."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from typing import Any

import asyncpg
import pytest

from bot.postgres.lane import Lane

# A bound on waiting for what must happen, never a timing: generous, as a busy machine may be slow.
PATIENCE = 60.0

# -- on the real server ------------------------------------------------------------------------------


async def until_gone(admin: asyncpg.Connection, pid: int) -> None:
    """Wait until the server has ended backend ``pid`` (it leaves ``pg_stat_activity`` when it has)."""
    end = asyncio.get_running_loop().time() + PATIENCE
    while await admin.fetchval("SELECT EXISTS (SELECT 1 FROM pg_stat_activity WHERE pid = $1)", pid):
        assert asyncio.get_running_loop().time() < end, f"backend {pid} still there after {PATIENCE} s"
        await asyncio.sleep(0.01)


@contextlib.asynccontextmanager
async def one_connection_lane(dsn: str) -> AsyncIterator[tuple[Lane, asyncpg.Connection, int]]:
    """A lane of one connection, an admin connection beside it, and the lane's backend's pid."""
    lane = await Lane.open(dsn, 1)
    admin = await asyncpg.connect(dsn)
    try:
        yield lane, admin, await lane.fetchval("SELECT pg_backend_pid()")
    finally:
        await admin.close()
        await lane.close()


async def blocked_statement(lane: Lane, admin: asyncpg.Connection, pid: int, key: int) -> asyncio.Task[Any]:
    """A statement on the lane waiting for advisory lock ``key``, which the admin holds: returned once
    backend ``pid`` is seen waiting (polled by queries, not by the clock)."""
    await admin.execute("SELECT pg_advisory_lock($1)", key)
    blocked = asyncio.create_task(lane.fetchval("SELECT pg_advisory_lock($1)", key))
    while not await admin.fetchval(
        "SELECT EXISTS (SELECT 1 FROM pg_locks WHERE pid = $1 AND locktype = 'advisory' AND NOT granted)", pid
    ):
        pass
    return blocked


async def test_a_statement_the_server_refuses_keeps_its_connection(pg_dsn: str) -> None:
    async with one_connection_lane(pg_dsn) as (lane, _, pid):
        with pytest.raises(asyncpg.DivisionByZeroError):
            await lane.fetchval("SELECT 1 / 0")
        assert await lane.fetchval("SELECT pg_backend_pid()") == pid


async def test_a_cancelled_statement_throws_its_connection_away_and_the_next_caller_gets_a_fresh_one(
    pg_dsn: str,
) -> None:
    async with one_connection_lane(pg_dsn) as (lane, admin, pid):
        blocked = await blocked_statement(lane, admin, pid, 7)
        queued = asyncio.create_task(lane.fetchval("SELECT pg_backend_pid()"))  # waits for the one connection
        await asyncio.sleep(0)
        blocked.cancel()
        with pytest.raises(asyncio.CancelledError):
            await blocked
        fresh = await asyncio.wait_for(queued, PATIENCE)  # woken to open a connection of its own
        assert fresh != pid
        # The cancelled statement's connection was thrown away, but its server session waits on in the lock
        # queue until the lock comes to it (a backend waiting on a lock does not read its socket): then it
        # finds its client gone and ends, letting go of the lock. Had the lane kept that connection, the
        # session would live on holding the lock, and the lock would stay taken.
        await admin.execute("SELECT pg_advisory_unlock(7)")
        await until_gone(admin, pid)
        assert await lane.fetchval("SELECT pg_try_advisory_lock(7)") is True


async def test_a_closed_lane_refuses_statements(pg_dsn: str) -> None:
    lane = await Lane.open(pg_dsn, 2)
    await lane.close()
    with pytest.raises(asyncpg.InterfaceError, match="closed"):
        await lane.fetchval("SELECT 1")


async def test_a_connection_the_server_ended_while_idle_is_replaced_unseen(pg_dsn: str) -> None:
    async with one_connection_lane(pg_dsn) as (lane, admin, pid):
        assert await admin.fetchval("SELECT pg_terminate_backend($1)", pid) is True
        (idle,) = lane._idle
        await until_gone(admin, pid)
        end = asyncio.get_running_loop().time() + PATIENCE
        while not idle.is_closed() and asyncio.get_running_loop().time() < end:  # the goodbye's on its way
            await asyncio.sleep(0.001)
        assert idle.is_closed()
        assert await lane.fetchval("SELECT pg_backend_pid()") != pid  # no error: a fresh connection


async def test_a_statement_the_server_cuts_off_fails_and_the_next_one_runs(pg_dsn: str) -> None:
    async with one_connection_lane(pg_dsn) as (lane, admin, pid):
        blocked = await blocked_statement(lane, admin, pid, 8)
        await admin.fetchval("SELECT pg_terminate_backend($1)", pid)
        with pytest.raises((asyncpg.AdminShutdownError, asyncpg.PostgresConnectionError)):
            await blocked
        assert await lane.fetchval("SELECT pg_backend_pid()") != pid


# -- the hand-over, with stand-in connections --------------------------------------------------------


class StandIn:
    """A connection whose statements end when the test says: each ``fetchval`` waits for its future."""

    def __init__(self, started: list[str]) -> None:
        self.started = started  # every stand-in's statements, in the order they began
        self.pending: asyncio.Future[Any] | None = None
        self.terminated = False

    async def fetchval(self, sql: str, *params: Any) -> Any:
        self.started.append(sql)
        self.pending = asyncio.get_running_loop().create_future()
        try:
            return await self.pending
        finally:
            self.pending = None

    def finish(self, value: Any) -> None:
        """End the statement running on this connection, with ``value``."""
        assert self.pending is not None, "no statement is running here"
        self.pending.set_result(value)

    def is_closed(self) -> bool:
        return self.terminated

    def terminate(self) -> None:
        self.terminated = True

    async def close(self) -> None:
        self.terminated = True


class StandIns:
    def __init__(self) -> None:
        self.opened: list[StandIn] = []
        self.started: list[str] = []

    async def connect(self) -> StandIn:
        self.opened.append(StandIn(self.started))
        return self.opened[-1]


async def settle() -> None:
    for _ in range(5):
        await asyncio.sleep(0)


async def test_callers_beyond_the_lanes_size_wait_their_turn_in_order() -> None:
    made = StandIns()
    lane = Lane(made.connect, 2)  # type: ignore[arg-type]
    tasks = [asyncio.create_task(lane.fetchval(name)) for name in "abcde"]
    await settle()
    assert len(made.opened) == 2  # never more than the lane's size
    for _ in range(5):  # end whichever statement is running on the first connection with one pending
        next(c for c in made.opened if c.pending is not None).finish(None)
        await settle()
    await asyncio.gather(*tasks)
    assert made.started == list("abcde")  # the waiters, first come first served
    assert len(made.opened) == 2


async def one_running_two_waiting() -> tuple[StandIns, list[asyncio.Task[Any]]]:
    """A lane of one connection: "first" running on it, then "second" and "third" waiting for it."""
    made = StandIns()
    lane = Lane(made.connect, 1)  # type: ignore[arg-type]
    tasks = [asyncio.create_task(lane.fetchval("first"))]
    await settle()
    tasks += [asyncio.create_task(lane.fetchval(name)) for name in ("second", "third")]
    await settle()
    return made, tasks


async def test_a_waiter_cancelled_after_it_was_handed_a_connection_passes_it_on() -> None:
    made, (first, second, third) = await one_running_two_waiting()
    made.opened[0].finish(1)
    await asyncio.sleep(0)  # "first" runs on and hands the connection to "second", which has not run yet
    second.cancel()
    await settle()
    assert await first == 1
    assert second.cancelled()
    made.opened[0].finish(3)  # "third" got it
    assert await asyncio.wait_for(third, PATIENCE) == 3
    assert len(made.opened) == 1


async def test_a_caller_waiting_while_a_connection_failed_to_open_tries_itself() -> None:
    outcomes: list[asyncio.Future[StandIn]] = []

    async def connect() -> StandIn:  # each attempt ends when the test says
        outcomes.append(asyncio.get_running_loop().create_future())
        return await outcomes[-1]

    lane = Lane(connect, 1)  # type: ignore[arg-type]
    first = asyncio.create_task(lane.fetchval("first"))
    await settle()
    second = asyncio.create_task(lane.fetchval("second"))  # the lane is full: it waits
    await settle()
    assert len(outcomes) == 1
    outcomes[0].set_exception(OSError("the server is restarting"))
    await settle()
    with pytest.raises(OSError):
        await first
    assert len(outcomes) == 2  # the waiter was woken, and opens one of its own
    connection = StandIn([])
    outcomes[1].set_result(connection)
    await settle()
    connection.finish(2)
    assert await asyncio.wait_for(second, PATIENCE) == 2


async def test_a_waiter_cancelled_while_it_waits_is_skipped() -> None:
    made, (first, second, third) = await one_running_two_waiting()
    second.cancel()
    await settle()
    made.opened[0].finish(1)
    assert await first == 1  # handing on skipped the cancelled waiter, without an error
    await settle()
    made.opened[0].finish(3)
    assert await asyncio.wait_for(third, PATIENCE) == 3
    assert made.started == ["first", "third"]
