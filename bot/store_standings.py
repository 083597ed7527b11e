"""``SqliteStore``'s results, ratings and reliability (issue 35, item 5): the statements of
``bot/standings.py`` on the store's one connection, under its lock."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Collection, Sequence
from typing import TYPE_CHECKING, Any

import aiosqlite

from bot.ratings import Rating
from bot.results import Note, Outline
from bot.schema import qmarks
from bot.standings import (
    DONE,
    EVERY_RESULT,
    LAST_SETTLED,
    LEADERBOARD,
    LEFT_UNFINISHED,
    MARK,
    MEMBER_RATINGS,
    OUTLINE_NOTES,
    OUTLINE_TURNS,
    RATING,
    RATINGS_OF,
    REBUILT_RATING,
    REBUILT_RELIABILITY,
    RECENT,
    RECENT_OF_GAME,
    RELIABILITY,
    RELIABILITY_OF,
    RESULT,
    UNSETTLED,
    Finished,
    MemberStats,
    RatingsMoved,
    Reliability,
    Settlement,
    places,
    rating_of,
    rebuilt,
    settle_rows,
    with_left,
)


class SqliteStandings:
    _db: aiosqlite.Connection
    _lock: asyncio.Lock
    if TYPE_CHECKING:  # SqliteStore's

        async def _rows(self, sql: str, params: Sequence[Any] = ()) -> list[sqlite3.Row]: ...

    async def game_outline(self, game_id: int) -> Outline:
        notes = await self._rows(qmarks(OUTLINE_NOTES), (game_id,))
        turns = await self._rows(qmarks(OUTLINE_TURNS), (game_id,))
        return Outline(
            tuple(Note.of(*row) for row in notes), tuple((int(row[0]), int(row[1])) for row in turns)
        )

    async def ratings_of(self, guild_id: int, ruleset: str, user_ids: Collection[int]) -> dict[int, Rating]:
        if not user_ids:
            return {}
        sql = qmarks(f"{RATINGS_OF}({places(len(user_ids), 3)})")
        rows = await self._rows(sql, (guild_id, ruleset, *user_ids))
        return {int(row[0]): rating_of(tuple(row)[1:]) for row in rows}

    async def settle(self, settlement: Settlement) -> bool:
        """Write the settlement in one transaction; False (and only the settle timer deleted) if the game
        was settled before. Raises ``RatingsMoved`` (writing nothing) if a rating changed since read."""
        async with self._lock:
            db = self._db
            try:
                marked = list(
                    await db.execute_fetchall(
                        qmarks(MARK),
                        (settlement.game_id, settlement.guild_id, settlement.ruleset, settlement.finished_at),
                    )
                )
                if marked:
                    results, ratings, kept = settle_rows(settlement, int(marked[0][0]))
                    await db.executemany(qmarks(RESULT), results)
                    for row in ratings:
                        if not list(await db.execute_fetchall(qmarks(RATING), row)):
                            raise RatingsMoved(settlement.game_id)
                    await db.executemany(qmarks(RELIABILITY), kept)
                await db.execute(qmarks(DONE), (settlement.game_id,))
                await db.commit()
            except BaseException:
                if db.in_transaction:
                    await db.rollback()
                raise
            return bool(marked)

    async def member_stats(
        self, guild_id: int, user_id: int, ruleset: str | None = None, recent: int = 5
    ) -> MemberStats:
        ratings = await self._rows(qmarks(MEMBER_RATINGS), (guild_id, user_id))
        kept = await self.reliability_of(guild_id, [user_id])
        if ruleset is None:
            rows = await self._rows(qmarks(RECENT), (guild_id, user_id, recent))
        else:
            rows = await self._rows(qmarks(RECENT_OF_GAME), (guild_id, user_id, ruleset, recent))
        return MemberStats(
            {str(row[0]): rating_of(tuple(row)[1:]) for row in ratings if ruleset in (None, row[0])},
            kept.get(user_id, Reliability()),
            tuple(Finished(int(r[0]), str(r[1]), int(r[2]), str(r[3])) for r in rows),
        )

    async def reliability_of(self, guild_id: int, user_ids: Collection[int]) -> dict[int, Reliability]:
        if not user_ids:
            return {}
        sql = qmarks(f"{RELIABILITY_OF}({places(len(user_ids), 2)})")
        rows = await self._rows(sql, (guild_id, *user_ids))
        kept = {int(row[0]): Reliability(*(int(v) for v in tuple(row)[1:])) for row in rows}
        left = await self._rows(
            qmarks(f"{LEFT_UNFINISHED}({places(len(user_ids), 2)}) GROUP BY s.user_id"), (guild_id, *user_ids)
        )
        return with_left(kept, [tuple(row) for row in left])

    async def leaderboard(
        self, guild_id: int, ruleset: str, min_games: int, limit: int = 10
    ) -> list[tuple[int, Rating]]:
        rows = await self._rows(qmarks(LEADERBOARD), (guild_id, ruleset, min_games, limit))
        return [(int(row[0]), rating_of(tuple(row)[1:])) for row in rows]

    async def unsettled_games(self) -> list[int]:
        return [int(row[0]) for row in await self._rows(UNSETTLED)]

    async def rebuild_standings(self) -> tuple[int, int]:
        """Every rating and reliability recomputed from the stored results; the counts of ratings and of
        members' reliability rows written. The results are read and the numbers computed before the
        write transaction, which checks that no settlement landed meanwhile (else it all goes again), so
        the file's write lock is held only for the writing."""
        while True:
            rows = [tuple(row) for row in await self._rows(EVERY_RESULT)]
            ratings, kept = rebuilt(rows)
            last = max((int(row[0]) for row in rows), default=0)
            async with self._lock:
                db = self._db
                try:
                    await db.execute("DELETE FROM ratings")  # the first write takes the write lock
                    now = list(await db.execute_fetchall(LAST_SETTLED))
                    if int(now[0][0]) != last:
                        await db.rollback()
                        continue
                    await db.execute("DELETE FROM reliability")
                    await db.executemany(qmarks(REBUILT_RATING), ratings)
                    await db.executemany(qmarks(REBUILT_RELIABILITY), kept)
                    await db.commit()
                except BaseException:
                    if db.in_transaction:
                        await db.rollback()
                    raise
            return len(ratings), len(kept)
