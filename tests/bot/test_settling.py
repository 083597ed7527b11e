"""Settling a finished game (issue 35, item 5, bot/settling.py): every way a game ends stores its result
per part and moves the members' ratings and reliability once, in the end's wake or, after a crash, from
the settle timer the end wrote; on SQLite and PostgreSQL alike."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from bot.games import GAMES
from bot.ratings import Played, Rating, rate
from bot.results import Part
from bot.scheduler import Scheduler
from bot.service import GameService
from bot.standings import SETTLE, Finished, RatingsMoved, Reliability, Settlement
from bot.store import SqliteStore
from tests.bot.conftest import HOST, new_game
from tests.bot.test_deadlines import FakeClock, RecordingAnnouncer, timed_game

NO_GUILD = 0  # new_game's games are outside any server


async def results(service: GameService, game_id: int) -> list[tuple[Any, ...]]:
    """The stored parts of a game: (member, seat, side, place, weight, turns, missed, abandoned)."""
    store: Any = service.store
    sql = (
        "SELECT user_id, seat, side, place, weight, turns, missed, abandoned FROM results "
        "WHERE game_id = {} ORDER BY part"
    )
    if hasattr(store, "_lane"):
        rows = await store._rows(sql.format("$1"), game_id)
    else:
        rows = await store._rows(sql.format("?"), (game_id,))
    return [tuple(row) for row in rows]


async def test_the_last_one_standing_wins_and_each_resignation_is_an_abandoned_seat(
    service: GameService,
) -> None:
    game = await new_game(service, "human,human,human")
    await service.resign(game, HOST + 1)
    await service.resign(game, HOST + 2)
    assert (await service.status(game)).status == "ended"
    rows = await results(service, game)  # seat by seat, in the order the start drew
    assert sorted((r[0], r[3], r[7]) for r in rows) == [(1, 1, 0), (2, 2, 1), (3, 2, 1)]
    assert all(r[4] == 1.0 for r in rows) and [r[2] for r in rows] == [0, 1, 2]  # a free-for-all
    expected = rate({}, [Played(r[0], r[2], r[3]) for r in rows])
    assert await service.store.ratings_of(NO_GUILD, "risk", [1, 2, 3]) == expected
    assert expected[1].mu > Rating().mu > expected[2].mu == expected[3].mu
    stats = await service.store.member_stats(NO_GUILD, 2)
    turns = next(r[5] for r in rows if r[0] == 2)
    assert stats.reliability == Reliability(games=1, turns=turns, missed=0, abandoned=1)
    assert stats.recent == (Finished(game, "risk", 2, (await service.load(game)).updated_at),)
    assert not [t for t in await service.store.timers(game) if t.kind == SETTLE]
    # Settling again (a retry, a restart) changes nothing.
    assert await service.settle(game) is False
    assert await service.store.ratings_of(NO_GUILD, "risk", [1, 2, 3]) == expected
    assert len(await results(service, game)) == 3


async def test_a_moderators_end_ties_every_seat_and_the_ai_is_rated_but_never_kept(
    service: GameService,
) -> None:
    game = await new_game(service, "human,ai,human")
    await service.end(game, HOST, moderator=True)
    rows = await results(service, game)
    assert sorted((r[0] or 0, r[3]) for r in rows) == [(0, 0), (1, 0), (3, 0)]  # nobody won
    expected = rate({}, [Played(r[0], r[2], 1) for r in rows])
    kept = await service.store.ratings_of(NO_GUILD, "risk", [1, 3])
    assert kept == expected and set(kept) == {1, 3}
    assert kept[1].games == 1 and kept[1].wins == 0  # a game, but nobody's win


async def test_a_game_ended_in_its_lobby_settles_nothing(service: GameService) -> None:
    status = await service.create(7, HOST, "Host", "risk", {}, join=True)
    await service.end(status.game_id, HOST)
    assert await results(service, status.game_id) == []
    assert await service.store.timers(status.game_id) == []


async def test_an_end_whose_settling_broke_off_is_settled_once_by_the_scheduler(
    service: GameService, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = await new_game(service, "human,human")

    async def crashed(game_id: int) -> None:  # the process died right after the end's commit
        return None

    monkeypatch.setattr(service, "settle_now", crashed)
    await service.resign(game, HOST + 1)
    assert [t.kind for t in await service.store.timers(game)] == [SETTLE]
    assert await results(service, game) == []
    monkeypatch.undo()
    scheduler = Scheduler(service, RecordingAnnouncer(service))
    await scheduler.tick()
    assert sorted((r[0], r[3]) for r in await results(service, game)) == [(1, 1), (2, 2)]
    assert await service.store.timers(game) == []
    await scheduler.tick()
    assert len(await results(service, game)) == 2
    assert (await service.store.ratings_of(NO_GUILD, "risk", [1]))[1].games == 1


async def test_a_seat_left_to_the_ai_by_missed_deadlines_counts_the_miss_and_is_rated_by_its_share(
    store: Any,
) -> None:
    clock = FakeClock()
    timed = GameService(store, GAMES, clock=clock)
    game = await timed_game(timed, "human,human")
    await timed.set_turn_rules(game, HOST, missed_limit=1, moderator=True)
    scheduler = Scheduler(timed, RecordingAnnouncer(timed))
    first = (await timed.status(game)).waiting_for[0]
    member = (await timed.status(game)).seats[first].user_id
    assert member is not None
    clock.advance(25)
    await scheduler.tick()  # the deadline passes: a miss, and the seat goes to the AI
    assert (await timed.status(game)).seats[first].controller == "ai"
    other = next(s.user_id for s in (await timed.status(game)).seats if s.user_id != member)
    assert other is not None
    await timed.skip(game, HOST, moderator=True)  # the other seat's turn passes
    await timed.play_ai(game)  # and the AI plays the seat's next turn
    seat_of_other = 1 - first
    while (await timed.status(game)).waiting_for != (seat_of_other,):
        await timed.skip(game, HOST, moderator=True)
    await timed.resign(game, other)
    rows = {r[0]: r for r in await results(timed, game)}
    left = rows[member]
    assert left[3] == 1 and left[6] == 1 and left[7] == 1  # won (the AI played on), missed one, left
    assert (left[4], left[5]) == (0.5, 1)  # one of the seat's two turns was theirs
    stats = await timed.store.member_stats(NO_GUILD, member)
    assert stats.reliability.missed == 1 and stats.reliability.abandoned == 1
    assert stats.ratings["risk"].games == 1 and stats.ratings["risk"] != Rating()


async def standings(service: GameService) -> tuple[list[tuple[Any, ...]], list[tuple[Any, ...]]]:
    store: Any = service.store
    ratings = "SELECT guild_id, ruleset, user_id, mu, sigma, shown, games, wins FROM ratings ORDER BY 1, 2, 3"
    kept = "SELECT guild_id, user_id, games, turns, missed, abandoned FROM reliability ORDER BY 1, 2"
    return [tuple(r) for r in await store._rows(ratings)], [tuple(r) for r in await store._rows(kept)]


async def test_the_rebuild_gives_exactly_the_live_ratings_and_reliability(service: GameService) -> None:
    first = await new_game(service, "human,human,human", channel=11)
    await service.resign(first, HOST + 2)
    await service.resign(first, HOST)  # user 2 wins
    second = await new_game(service, "human,ai,human", channel=12)
    await service.end(second, HOST, moderator=True)
    third = await new_game(service, "human,human", channel=13)
    await service.resign(third, HOST + 1)
    live = await standings(service)
    assert len(live[0]) == 3 and live[1][0][2] == 3  # three members; user 1 played all three
    assert await service.store.rebuild_standings() == (3, 3)
    assert await standings(service) == live  # the same floats, bit for bit


async def test_python_m_bot_ratings_rebuild_restores_the_live_numbers_and_settles_older_games(
    tmp_path: Path,
) -> None:
    path = tmp_path / "warboard.db"
    store = await SqliteStore.open(str(path))
    service = GameService(store, GAMES)
    game = await new_game(service, "human,human,human")
    await service.resign(game, HOST)
    await service.resign(game, HOST + 1)
    live = await standings(service)
    await store.close()
    with sqlite3.connect(path) as db:  # the derived tables lost (or damaged by hand)
        db.execute("UPDATE ratings SET mu = 0, shown = 0")
        db.execute("DELETE FROM reliability")
    env = {**os.environ, "PBP_DATABASE": str(path)}
    command = [sys.executable, "-m", "bot.ratings", "rebuild"]
    done = subprocess.run(command, env=env, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout == "Rebuilt 3 rating(s) and the reliability of 3 member(s) from the stored results.\n"
    with sqlite3.connect(path) as db:  # as if the game had ended before ratings were kept
        for table in ("results", "settled", "ratings", "reliability"):
            db.execute(f"DELETE FROM {table}")
    again = subprocess.run(command, env=env, capture_output=True, text=True, check=False)
    assert again.returncode == 0, again.stderr
    assert again.stdout.splitlines() == [
        "Settled 1 finished game(s) that had no results yet.",
        "Rebuilt 3 rating(s) and the reliability of 3 member(s) from the stored results.",
    ]
    store = await SqliteStore.open(str(path))
    try:
        assert await standings(GameService(store, GAMES)) == live
    finally:
        await store.close()


async def test_axis_and_allies_is_rated_as_two_teams(service: GameService) -> None:
    status = await service.create(21, HOST, "Host", "axis_allies", {}, join=False)
    for i in range(4):
        await service.join(status.game_id, HOST + i, f"P{i + 1}")
    game = status.game_id
    await service.start(game, HOST, seed="teams")
    seats = (await service.status(game)).seats  # 4 players: USSR+USA, Germany, UK, Japan
    for axis in (1, 3):
        user = seats[axis].user_id
        assert user is not None
        await service.resign(game, user)
    rows = await results(service, game)
    assert [(r[1], r[2], r[3]) for r in rows] == [(0, 0, 1), (1, 1, 2), (2, 0, 1), (3, 1, 2)]
    members = [r[0] for r in rows]  # seat by seat
    expected = rate({}, [Played(r[0], r[2], r[3]) for r in rows])
    kept = await service.store.ratings_of(NO_GUILD, "axis_allies", members)
    assert kept == expected
    assert kept[members[0]] == kept[members[2]] and kept[members[1]] == kept[members[3]]  # teammates alike
    assert kept[members[0]].mu > Rating().mu > kept[members[1]].mu


async def test_a_settlement_over_ratings_that_moved_since_they_were_read_writes_nothing(
    service: GameService, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = await new_game(service, "human,human", channel=31)
    second = await new_game(service, "human,human", channel=32)
    store = service.store
    read = await store.ratings_of(NO_GUILD, "risk", [1, 2])  # the second's settling reads them: none yet
    await service.resign(first, HOST + 1)  # meanwhile the first game ends and settles

    async def later(game_id: int) -> None:
        return None

    monkeypatch.setattr(service, "settle_now", later)
    await service.resign(second, HOST)
    parts_of = tuple(Part(u, u - 1, u - 1, 1 if u == 2 else 2) for u in (1, 2))
    after = rate(read, [p.played for p in parts_of])
    stale = Settlement(second, NO_GUILD, "risk", "2026-11-28T10:00:00+00:00", parts_of, read, after)
    with pytest.raises(RatingsMoved):
        await store.settle(stale)
    assert await results(service, second) == []  # nothing written, the settle timer kept
    assert [t.kind for t in await store.timers(second)] == [SETTLE]
    assert (await store.ratings_of(NO_GUILD, "risk", [1]))[1].games == 1
    assert await service.settle(second) is True  # read again: over the first game's ratings
    now = await store.ratings_of(NO_GUILD, "risk", [1, 2])
    assert now[1].games == now[2].games == 2 and await store.timers(second) == []


async def test_a_seat_left_in_a_game_still_played_counts_as_abandoned_at_once_and_once(
    service: GameService,
) -> None:
    game = await new_game(service, "human,human,human", channel=41)
    assert await service.store.reliability_of(NO_GUILD, [1, 3]) == {}
    await service.resign(game, HOST + 2)  # user 3 leaves; the game goes on
    assert await service.store.reliability_of(NO_GUILD, [1, 3]) == {3: Reliability(abandoned=1)}
    assert (await service.status(game)).status == "running"
    await service.resign(game, HOST + 1)  # the game ends: the seat moves into the settled record
    kept = await service.store.reliability_of(NO_GUILD, [1, 3])
    assert (kept[3].games, kept[3].abandoned, kept[1].games, kept[1].abandoned) == (1, 1, 1, 0)


async def test_a_settling_that_fails_in_the_scheduler_is_tried_again_later_not_at_every_tick(
    service: GameService, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = await new_game(service, "human,human")

    async def broken(game_id: int) -> bool:
        raise RuntimeError("the database went away")

    monkeypatch.setattr(service, "settle", broken)
    await service.resign(game, HOST + 1)  # the end stands; its settling failed (and was logged)
    assert (await service.status(game)).status == "ended"
    (timer,) = await service.store.timers(game)
    await Scheduler(service, RecordingAnnouncer(service)).tick()
    (later,) = await service.store.timers(game)
    assert later.kind == SETTLE and later.due_at > timer.due_at
    monkeypatch.undo()
    assert await service.settle(game) is True and await service.store.timers(game) == []


async def test_a_substituted_seat_rates_both_members_by_the_turns_each_held(service: GameService) -> None:
    game = await new_game(service, "human,human,human", channel=51)
    seat_of = {s.user_id: s.seat for s in (await service.status(game)).seats}
    for _ in range(4):  # a few turns go by (played out as absent moves by the host)
        await service.skip(game, HOST, moderator=True)
    await service.replace(game, HOST, seat_of[2], 9, "Sub", moderator=True)  # user 9 takes user 2's seat
    for _ in range(3):
        await service.skip(game, HOST, moderator=True)
    await service.resign(game, HOST + 2)
    await service.resign(game, 9)  # user 1 wins
    rows = {r[0]: r for r in await results(service, game)}
    before, sub = rows[2], rows[9]
    assert before[1] == sub[1] == seat_of[2] and before[2] == sub[2]  # one seat, one side
    assert before[5] >= 1 and sub[5] >= 1
    assert before[4] + sub[4] == pytest.approx(1.0)  # the seat's turns, shared
    assert before[4] == pytest.approx(before[5] / (before[5] + sub[5]))
    assert (before[7], sub[7]) == (0, 1)  # the substitute resigned it; handing it on is not leaving
    kept = await service.store.ratings_of(NO_GUILD, "risk", [2, 9])
    assert kept[2].games == kept[9].games == 1 and kept[2] != kept[9]
