"""``PostgresStore``'s results, ratings and reliability (issue 35, item 5): the statements of
``bot/standings.py``; reads on the lane, a settlement and a rebuild as transactions on the pool.

Two processes may settle games of the same members at once: each rating is written only over the one
it read (``RatingsMoved`` otherwise, and the service reads again), and two settlements numbered alike
clash on ``settled.rated_order``'s uniqueness, which is the same retry. A rebuild writes under a lock
on the settlements and the standings, and only if no settlement landed since it read the results."""

from __future__ import annotations

from collections.abc import Collection
from typing import TYPE_CHECKING, Any

import asyncpg

from bot.postgres.lane import Lane
from bot.ratings import Rating
from bot.results import Note, Outline
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


class PostgresStandings:
    _lane: Lane
    pool: asyncpg.Pool
    if TYPE_CHECKING:  # PostgresStore's

        async def _rows(self, sql: str, *params: Any) -> list[asyncpg.Record]: ...

    async def game_outline(self, game_id: int) -> Outline:
        notes = await self._rows(OUTLINE_NOTES, game_id)
        turns = await self._rows(OUTLINE_TURNS, game_id)
        return Outline(
            tuple(Note.of(*row) for row in notes), tuple((int(row[0]), int(row[1])) for row in turns)
        )

    async def ratings_of(self, guild_id: int, ruleset: str, user_ids: Collection[int]) -> dict[int, Rating]:
        if not user_ids:
            return {}
        rows = await self._rows(f"{RATINGS_OF}({places(len(user_ids), 3)})", guild_id, ruleset, *user_ids)
        return {int(row[0]): rating_of(tuple(row)[1:]) for row in rows}

    async def settle(self, settlement: Settlement) -> bool:
        try:
            async with self.pool.acquire() as connection, connection.transaction():
                order = await connection.fetchval(
                    MARK, settlement.game_id, settlement.guild_id, settlement.ruleset, settlement.finished_at
                )
                if order is not None:
                    results, ratings, kept = settle_rows(settlement, int(order))
                    await connection.executemany(RESULT, results)
                    for row in ratings:
                        if await connection.fetchval(RATING, *row) is None:
                            raise RatingsMoved(settlement.game_id)
                    await connection.executemany(RELIABILITY, kept)
                await connection.execute(DONE, settlement.game_id)
        except asyncpg.UniqueViolationError as error:
            if error.constraint_name == "settled_rated_order_key":
                raise RatingsMoved(settlement.game_id) from None
            raise
        return order is not None

    async def member_stats(
        self, guild_id: int, user_id: int, ruleset: str | None = None, recent: int = 5
    ) -> MemberStats:
        ratings = await self._rows(MEMBER_RATINGS, guild_id, user_id)
        kept = await self.reliability_of(guild_id, [user_id])
        if ruleset is None:
            rows = await self._rows(RECENT, guild_id, user_id, recent)
        else:
            rows = await self._rows(RECENT_OF_GAME, guild_id, user_id, ruleset, recent)
        return MemberStats(
            {str(row[0]): rating_of(tuple(row)[1:]) for row in ratings if ruleset in (None, row[0])},
            kept.get(user_id, Reliability()),
            tuple(Finished(int(r[0]), str(r[1]), int(r[2]), str(r[3])) for r in rows),
        )

    async def reliability_of(self, guild_id: int, user_ids: Collection[int]) -> dict[int, Reliability]:
        if not user_ids:
            return {}
        rows = await self._rows(f"{RELIABILITY_OF}({places(len(user_ids), 2)})", guild_id, *user_ids)
        kept = {int(row[0]): Reliability(*(int(v) for v in tuple(row)[1:])) for row in rows}
        sql = f"{LEFT_UNFINISHED}({places(len(user_ids), 2)}) GROUP BY s.user_id"
        left = await self._rows(sql, guild_id, *user_ids)
        return with_left(kept, [tuple(row) for row in left])

    async def leaderboard(
        self, guild_id: int, ruleset: str, min_games: int, limit: int = 10
    ) -> list[tuple[int, Rating]]:
        rows = await self._rows(LEADERBOARD, guild_id, ruleset, min_games, limit)
        return [(int(row[0]), rating_of(tuple(row)[1:])) for row in rows]

    async def unsettled_games(self) -> list[int]:
        return [int(row[0]) for row in await self._rows(UNSETTLED)]

    async def rebuild_standings(self) -> tuple[int, int]:
        while True:  # computed outside the transaction; written only if no settlement landed meanwhile
            rows = [tuple(row) for row in await self._rows(EVERY_RESULT)]
            ratings, kept = rebuilt(rows)
            last = max((int(row[0]) for row in rows), default=0)
            async with self.pool.acquire() as connection, connection.transaction():
                await connection.execute("LOCK TABLE settled, ratings, reliability IN EXCLUSIVE MODE")
                if await connection.fetchval(LAST_SETTLED) != last:
                    continue  # (nothing was written: the block ends an empty transaction)
                await connection.execute("DELETE FROM ratings")
                await connection.execute("DELETE FROM reliability")
                await connection.executemany(REBUILT_RATING, ratings)
                await connection.executemany(REBUILT_RELIABILITY, kept)
            return len(ratings), len(kept)
