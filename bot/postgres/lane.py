"""``Lane``: a few connections of the store's own for what is one statement, sent with none of a pool's
work around it.

Why not asyncpg's pool for these: most of what the store does is one statement (a read, a move's
commit), and through the pool each paid about 50 µs for acquire and release, most of it the release
(``asyncio.shield`` starts a task for each, and the caller waits for it), which is as much as the
server spends executing a move (bench/pg_store.py). A statement on its own needs none of the pool's
cleanup: it leaves no transaction open and sets nothing on the session. So a lane hands out an idle
connection with no await, and takes it back the same way.

What the pool's cleanup was for is kept by throwing a connection away instead: one whose statement was
cancelled, whose link broke or whose session the server ended is terminated (a half-sent statement, or
a cancel request still in flight, never reaches the next caller), as is an idle one found closed (the
server restarted), and a new one is opened when next needed. A statement the server refused leaves
its session as it was (it ran alone, and was rolled back alone), so that connection is kept.

Transactions of several statements, and the advisory locks, stay on asyncpg's pools.
"""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Awaitable, Callable
from typing import Any

import asyncpg

# Errors that end the session itself: the link is gone, or the server is shutting it down.
_SESSION_ENDED = (
    asyncpg.PostgresConnectionError,
    asyncpg.AdminShutdownError,
    asyncpg.CrashShutdownError,
    asyncpg.CannotConnectNowError,
)


class Lane:
    def __init__(self, connect: Callable[[], Awaitable[asyncpg.Connection]], size: int) -> None:
        if size < 1:
            raise ValueError("a lane needs at least one connection")
        self._connect = connect
        self._size = size
        self._idle: list[asyncpg.Connection] = []
        self._open = 0  # idle, in use, or being opened
        # Callers waiting for a connection, first come first served. A waiter is woken with a connection,
        # or with None when a connection was thrown away: then it may open one itself.
        self._waiters: deque[asyncio.Future[asyncpg.Connection | None]] = deque()
        self._closed = False

    @classmethod
    async def open(cls, dsn: str, size: int) -> Lane:
        """A lane to ``dsn`` of at most ``size`` connections, one opened now (so a bad URL fails here)."""
        lane = cls(lambda: asyncpg.connect(dsn), size)
        lane._give_back(await lane._take())
        return lane

    async def fetch(self, sql: str, *params: Any) -> list[asyncpg.Record]:
        return list(await self._run("fetch", sql, params))

    async def fetchrow(self, sql: str, *params: Any) -> asyncpg.Record | None:
        row: asyncpg.Record | None = await self._run("fetchrow", sql, params)
        return row

    async def fetchval(self, sql: str, *params: Any) -> Any:
        return await self._run("fetchval", sql, params)

    async def execute(self, sql: str, *params: Any) -> str:
        status: str = await self._run("execute", sql, params)
        return status

    async def close(self) -> None:
        """Close the idle connections now, and each one in use when its statement ends."""
        self._closed = True
        idle, self._idle = self._idle, []
        self._open -= len(idle)
        await asyncio.gather(*(connection.close() for connection in idle), return_exceptions=True)
        while self._waiters:
            waiter = self._waiters.popleft()
            if not waiter.done():
                waiter.set_exception(asyncpg.InterfaceError("the store is closed"))

    async def _run(self, method: str, sql: str, params: tuple[Any, ...]) -> Any:
        """``connection.<method>(sql, *params)`` on a connection of the lane's own."""
        connection = await self._take()
        try:
            result = await getattr(connection, method)(sql, *params)
        except _SESSION_ENDED:
            self._throw_away(connection)
            raise
        except asyncpg.PostgresError:
            self._give_back(connection)  # refused by the server: the session is as it was
            raise
        except BaseException:
            self._throw_away(connection)  # cancelled or cut off mid-statement: the session is unknown
            raise
        self._give_back(connection)
        return result

    async def _take(self) -> asyncpg.Connection:
        while True:
            if self._closed:
                raise asyncpg.InterfaceError("the store is closed")
            while self._idle:
                connection = self._idle.pop()
                if not connection.is_closed():
                    return connection
                self._throw_away(connection)  # closed while idle: the server restarted, or ended it
            if self._open < self._size:
                self._open += 1
                try:
                    return await self._connect()
                except BaseException:
                    self._open -= 1
                    self._hand_on(None)  # someone waiting may have better luck
                    raise
            waiter: asyncio.Future[asyncpg.Connection | None] = asyncio.get_running_loop().create_future()
            self._waiters.append(waiter)
            try:
                connection = await waiter
            except asyncio.CancelledError:
                if waiter.done() and not waiter.cancelled():
                    self._hand_on(waiter.result())  # woken, then cancelled before it ran: pass it on
                raise
            if connection is not None:
                return connection

    def _give_back(self, connection: asyncpg.Connection) -> None:
        if self._closed or connection.is_closed():
            self._throw_away(connection)
        else:
            self._hand_on(connection)

    def _throw_away(self, connection: asyncpg.Connection) -> None:
        connection.terminate()
        self._open -= 1
        self._hand_on(None)

    def _hand_on(self, connection: asyncpg.Connection | None) -> None:
        """Give ``connection`` (None: the right to open one) to the first caller still waiting."""
        while self._waiters:
            waiter = self._waiters.popleft()
            if not waiter.done():
                waiter.set_result(connection)
                return
        if connection is not None:
            self._idle.append(connection)
