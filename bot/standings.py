"""Results, ratings and reliability as the stores keep them (issue 35, item 5; schema V9): the records
both stores return and the statements both run, written with PostgreSQL's $1, $2 ... (SqliteStore turns
each into ?, in order). A server's standings are its own: a member's rating in one server says nothing
in another (``guild_id`` 0: games outside any server, the terminal's)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from bot.ratings import Rating, rate
from bot.results import Part

Row = tuple[Any, ...]
SETTLE = "settle"  # the timer written with a game's end: settle it (again, after a crash) until settled


class RatingsMoved(Exception):
    """A rating read to settle a game changed before the settlement was written (another game of the
    same member settled meanwhile): read again and settle again."""


@dataclass(frozen=True, slots=True)
class Settlement:
    """A finished game's results and the ratings they lead to, written together or not at all."""

    game_id: int
    guild_id: int
    ruleset: str
    finished_at: str
    parts: tuple[Part, ...]
    before: dict[int, Rating]  # the members' ratings read to settle it (absent: none yet)
    after: dict[int, Rating]


@dataclass(frozen=True, slots=True)
class Reliability:
    games: int = 0
    turns: int = 0  # the turns the member held a seat
    missed: int = 0  # of those, timed out
    abandoned: int = 0  # seats resigned, removed from, or left to the AI for good

    @property
    def on_time(self) -> int:
        return self.turns - self.missed


@dataclass(frozen=True, slots=True)
class Finished:
    """One of a member's results: the game, which game it was, and their place."""

    game_id: int
    ruleset: str
    place: int
    finished_at: str


@dataclass(frozen=True, slots=True)
class MemberStats:
    ratings: dict[str, Rating] = field(default_factory=dict)  # by ruleset, most played first
    reliability: Reliability = Reliability()
    recent: tuple[Finished, ...] = ()  # newest first


def guild_key(guild_id: int | None) -> int:
    return guild_id or 0


def places(count: int, first: int = 1) -> str:
    """``$first, $first+1, ...``: the places of an IN list of ``count`` values."""
    return ", ".join(f"${n}" for n in range(first, first + count))


# -- settling (one transaction) -------------------------------------------------------------------------
# "WHERE true": SQLite reads an upsert of a SELECT only with a WHERE (its docs' parsing note).
MARK = (
    "INSERT INTO settled (game_id, rated_order, guild_id, ruleset, finished_at) "
    "SELECT $1, COALESCE(MAX(rated_order), 0) + 1, $2, $3, $4 FROM settled WHERE true "
    "ON CONFLICT (game_id) DO NOTHING RETURNING rated_order"
)
RESULT = (
    "INSERT INTO results (game_id, part, rated_order, guild_id, ruleset, user_id, seat, side, place, weight, "
    f"turns, missed, abandoned, finished_at) VALUES ({places(14)})"
)
# The member's rating, written only over the one read (the same games count): else RatingsMoved.
RATING = (
    "INSERT INTO ratings (guild_id, ruleset, user_id, mu, sigma, shown, games, wins) "
    "VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (guild_id, ruleset, user_id) DO UPDATE SET "
    "mu = excluded.mu, sigma = excluded.sigma, shown = excluded.shown, games = excluded.games, "
    "wins = excluded.wins WHERE ratings.games = $9 RETURNING games"
)
RELIABILITY = (
    "INSERT INTO reliability (guild_id, user_id, games, turns, missed, abandoned) "
    "VALUES ($1, $2, 1, $3, $4, $5) ON CONFLICT (guild_id, user_id) DO UPDATE SET "
    "games = reliability.games + 1, turns = reliability.turns + excluded.turns, "
    "missed = reliability.missed + excluded.missed, abandoned = reliability.abandoned + excluded.abandoned"
)
DONE = "DELETE FROM timers WHERE game_id = $1 AND kind = 'settle'"


def settle_rows(s: Settlement, order: int) -> tuple[list[Row], list[Row], list[Row]]:
    """The rows of RESULT, RATING and RELIABILITY for settlement ``s``, settled ``order``th."""
    results = [
        (
            s.game_id,
            n,
            order,
            s.guild_id,
            s.ruleset,
            p.user_id,
            p.seat,
            p.side,
            p.place,
            p.weight,
            p.turns,
            p.missed,
            int(p.abandoned),
            s.finished_at,
        )
        for n, p in enumerate(s.parts)
    ]
    ratings = [
        (
            s.guild_id,
            s.ruleset,
            user,
            r.mu,
            r.sigma,
            r.shown,
            r.games,
            r.wins,
            s.before.get(user, Rating()).games,
        )
        for user, r in sorted(s.after.items())
    ]
    return (
        results,
        ratings,
        [(s.guild_id, user, *sums) for user, sums in sorted(member_sums(s.parts).items())],
    )


def member_sums(parts: Sequence[Part]) -> dict[int, tuple[int, int, int]]:
    """Per member of a game: turns, missed, abandoned (0 or 1), over their parts."""
    sums: dict[int, tuple[int, int, int]] = {}
    for p in parts:
        if p.user_id is not None:
            turns, missed, abandoned = sums.get(p.user_id, (0, 0, 0))
            sums[p.user_id] = (turns + p.turns, missed + p.missed, max(abandoned, int(p.abandoned)))
    return sums


# -- reading --------------------------------------------------------------------------------------------
OUTLINE_NOTES = "SELECT seq, seat, action FROM actions WHERE game_id = $1 AND kind = 'system' ORDER BY seq"
OUTLINE_TURNS = "SELECT seat, seq FROM turn_starts WHERE game_id = $1 ORDER BY seq, seat"
RATING_COLUMNS = "mu, sigma, games, wins"
RATINGS_OF = (
    f"SELECT user_id, {RATING_COLUMNS} FROM ratings WHERE guild_id = $1 AND ruleset = $2 AND user_id IN "
)
MEMBER_RATINGS = (
    f"SELECT ruleset, {RATING_COLUMNS} FROM ratings WHERE guild_id = $1 AND user_id = $2 "
    "ORDER BY games DESC, ruleset"
)
RELIABILITY_OF = (
    "SELECT user_id, games, turns, missed, abandoned FROM reliability WHERE guild_id = $1 AND user_id IN "
)
# Seats a member has left in games still being played (resigned, removed, or left to the AI by missed
# deadlines so far): they count as abandoned at once, and move into ``reliability`` when their game is
# settled. (A moderator's hand-over to the AI clears the seat's member: it counts from the settlement.)
LEFT_UNFINISHED = (
    "SELECT s.user_id, COUNT(*) FROM seats s JOIN games g ON g.id = s.game_id "
    "WHERE COALESCE(g.guild_id, 0) = $1 AND g.status != 'ended' "
    "AND (s.status != 'playing' OR s.controller = 'ai') "
    "AND s.user_id IN "
)
RECENT = (
    "SELECT game_id, ruleset, place, finished_at FROM results WHERE guild_id = $1 AND user_id = $2 "
    "ORDER BY rated_order DESC LIMIT $3"
)
RECENT_OF_GAME = (
    "SELECT game_id, ruleset, place, finished_at FROM results WHERE guild_id = $1 AND user_id = $2 "
    "AND ruleset = $3 ORDER BY rated_order DESC LIMIT $4"
)
# The server's best for a game: the ratings' index read from the top, the members with fewer games skipped.
LEADERBOARD = (
    f"SELECT user_id, {RATING_COLUMNS} FROM ratings WHERE guild_id = $1 AND ruleset = $2 AND games >= $3 "
    "ORDER BY shown DESC, user_id DESC LIMIT $4"
)
# Finished games never settled (ended before schema V9, or imported), in the order they ended.
UNSETTLED = (
    "SELECT id FROM games WHERE status = 'ended' AND state IS NOT NULL "
    "AND NOT EXISTS (SELECT 1 FROM settled WHERE settled.game_id = games.id) ORDER BY updated_at, id"
)
LAST_SETTLED = "SELECT COALESCE(MAX(rated_order), 0) FROM settled"
# Every settled result in the order the settlements were applied: what a rebuild replays.
EVERY_RESULT = (
    "SELECT rated_order, guild_id, ruleset, user_id, seat, side, place, weight, turns, missed, abandoned "
    "FROM results ORDER BY rated_order, part"
)


def with_left(kept: dict[int, Reliability], left: Sequence[Row]) -> dict[int, Reliability]:
    """The settled reliability plus the seats left in unfinished games (LEFT_UNFINISHED's rows)."""
    for user, seats in left:
        was = kept.get(int(user), Reliability())
        kept[int(user)] = replace(was, abandoned=was.abandoned + int(seats))
    return kept


def rating_of(row: Row) -> Rating:
    mu, sigma, games, wins = row
    return Rating(float(mu), float(sigma), int(games), int(wins))


def rebuilt(rows: Sequence[Row]) -> tuple[list[Row], list[Row]]:
    """The ratings' and reliability's rows recomputed from EVERY_RESULT's rows, settlement by settlement
    in the order they were applied live (``bot.ratings.rate`` each time, as the live settling does)."""
    games: dict[int, tuple[int, str, list[Part]]] = {}
    for order, guild, ruleset, user, seat, side, place, weight, turns, missed, abandoned in rows:
        part = Part(
            None if user is None else int(user),
            int(seat),
            int(side),
            int(place),
            float(weight),
            int(turns),
            int(missed),
            bool(abandoned),
        )
        games.setdefault(int(order), (int(guild), str(ruleset), []))[2].append(part)
    ratings: dict[tuple[int, str], dict[int, Rating]] = {}
    kept: dict[tuple[int, int], Reliability] = {}
    for guild, ruleset, parts in games.values():
        board = ratings.setdefault((guild, ruleset), {})
        board.update(rate(board, [p.played for p in parts]))
        for user, (turns, missed, abandoned) in member_sums(parts).items():
            was = kept.get((guild, user), Reliability())
            kept[(guild, user)] = Reliability(
                was.games + 1, was.turns + turns, was.missed + missed, was.abandoned + abandoned
            )
    rating_rows: list[Row] = [
        (guild, ruleset, user, r.mu, r.sigma, r.shown, r.games, r.wins)
        for (guild, ruleset), board in ratings.items()
        for user, r in board.items()
    ]
    reliability_rows: list[Row] = [
        (guild, user, r.games, r.turns, r.missed, r.abandoned) for (guild, user), r in kept.items()
    ]
    return rating_rows, reliability_rows


REBUILT_RATING = (
    "INSERT INTO ratings (guild_id, ruleset, user_id, mu, sigma, shown, games, wins) "
    "VALUES ($1, $2, $3, $4, $5, $6, $7, $8)"
)
REBUILT_RELIABILITY = (
    f"INSERT INTO reliability (guild_id, user_id, games, turns, missed, abandoned) VALUES ({places(6)})"
)
