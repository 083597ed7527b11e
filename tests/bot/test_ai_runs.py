"""An AI turn's run of moves is committed together (issue 34 item 7): one commit for the run, the
version raised by one a move as if each had been committed alone, so the game is exactly what moves
committed one by one make; and all or nothing, so a run broken off by a crash is made again, the same,
after it. A missed turn's stand-in commits its play-out the same way."""

from __future__ import annotations

import asyncio
import json
import threading
from collections import Counter
from dataclasses import asdict, replace
from datetime import UTC, datetime
from typing import Any

import pytest

from bot.core import Made, merged_updates
from bot.games import GAMES
from bot.models import ActResult, Position
from bot.service import GameService
from bot.store import GameStore, GameUpdate
from rules.risk import RULES as RISK
from tests.bot.conftest import SEED, new_game
from tests.bot.test_deadlines import play_until_reinforce

# A fixed clock: the two games' turn clocks and timers are then the same, to the microsecond.
NOON = datetime(2026, 11, 28, 12, 0, tzinfo=UTC)


class CountingCommits:
    """The store, counting its commits and the versions each one counts."""

    def __init__(self, store: GameStore) -> None:
        self._store = store
        self.commits: Counter[int] = Counter()  # versions per commit -> how many commits

    def __getattr__(self, name: str) -> Any:
        return getattr(self._store, name)

    async def commit(self, *args: Any, **kwargs: Any) -> Any:
        self.commits[kwargs.get("versions", args[6] if len(args) > 6 else 1)] += 1
        return await self._store.commit(*args, **kwargs)


async def test_an_ai_run_is_one_commit_and_plays_as_moves_committed_one_by_one(store: GameStore) -> None:
    counting = CountingCommits(store)
    together = GameService(counting, GAMES)  # type: ignore[arg-type]
    alone = GameService(store, GAMES)
    batched = await new_game(together, "ai,ai,ai", {"setup_batch": "40"}, channel=101)
    single = await new_game(alone, "ai,ai,ai", {"setup_batch": "40"}, channel=102)
    counting.commits.clear()
    played = await together.play_ai(batched, limit=150)
    assert len(played) == 150
    for _ in range(150):
        await alone.play_ai(single, limit=1)
    first, second = await together.load(batched), await alone.load(single)
    assert first.state == second.state and first.version == second.version
    assert [p.version for p in played] == list(range(first.version - 149, first.version + 1))
    assert [p.seq for p in played] == list(range(played[0].seq, played[0].seq + 150))
    rows = await store.log(batched)
    assert [(r.seq, r.action) for r in rows] == [(r.seq, r.action) for r in await store.log(single)]
    # Fewer commits than moves (a Risk turn is a run of one seat's moves), each counting its moves.
    assert sum(counting.commits.values()) < 150 // 3
    assert sum(versions * n for versions, n in counting.commits.items()) == 150
    assert played[-1].position is not None and played[-1].position.found.game.version == first.version


async def test_a_run_broken_off_before_its_commit_is_made_again_the_same(store: GameStore) -> None:
    """A crash before the run's commit loses the whole run (nothing half-written); the AI, seeded by the
    game's seed and version, makes the same run again."""
    service = GameService(store, GAMES)
    game_id = await new_game(service, "ai,ai,ai", {"setup_batch": "40"})
    before = await service.load(game_id)

    class Crash(Exception):
        pass

    async def crashing_commit(*args: Any, **kwargs: Any) -> Any:
        raise Crash

    real = store.commit
    store.commit = crashing_commit  # type: ignore[method-assign]
    with pytest.raises(Crash):
        await service.play_ai(game_id, limit=30)
    store.commit = real  # type: ignore[method-assign]
    assert (await service.load(game_id)).version == before.version  # nothing of the run was written
    again = await service.play_ai(game_id, limit=30)
    other = GameService(store, GAMES)
    twin = await new_game(other, "ai,ai,ai", {"setup_batch": "40"}, channel=103)
    await other.play_ai(twin, limit=30)
    assert len(again) == 30
    assert (await service.load(game_id)).state == (await other.load(twin)).state


async def stored(store: GameStore, game_id: int) -> dict[str, Any]:
    """Everything the store keeps of a game but its id, channel and wall-clock stamps: the game's row,
    its seats, every log row (events and all), the snapshots, round marks, turn starts and timers."""
    game = asdict(await store.game(game_id))  # type: ignore[arg-type]
    for name in ("id", "channel_id", "created_at", "updated_at"):
        del game[name]
    seats = await store.seats(game_id)
    return {
        "game": game,
        "seats": seats,
        "log": [(r.seq, r.kind, r.seat, r.user_id, r.action, r.events) for r in await store.log(game_id)],
        "snapshots": await store.snapshots(game_id),
        "round_marks": await store.round_marks(game_id, 10_000),
        "turn_starts": [await store.turn_starts(game_id, s.seat, 10_000) for s in seats],
        "timers": sorted((t.kind, t.due_at, t.payload) for t in await store.timers(game_id)),
    }


async def all_ai(service: GameService, name: str, channel: int) -> int:
    """A started game of ``name`` with every seat an AI's and a turn deadline (so runs write clocks)."""
    rules = GAMES[name].rules
    game_id = (await service.create(channel, 1, "Host", name, join=False, turn_hours=24)).game_id
    for _ in range(max(3, rules.min_seats) if rules.min_seats <= 3 <= rules.max_seats else rules.min_seats):
        await service.join(game_id, 1, "", ai=True)
    await service.start(game_id, 1, seed="runs")
    return game_id


@pytest.mark.parametrize("name", sorted(GAMES))
async def test_every_game_stores_a_run_exactly_as_moves_committed_one_by_one(
    store: GameStore, name: str
) -> None:
    """One commit an AI turn, and the state encoded once a commit; yet every row, snapshot (several
    fall within runs), round mark, turn start, timer and the game's row are what one commit a move
    writes, and each move's result tells the same."""
    counting = CountingCommits(store)
    together = GameService(counting, GAMES, clock=lambda: NOON)  # type: ignore[arg-type]
    alone = GameService(store, GAMES, clock=lambda: NOON)
    batched, single = await all_ai(together, name, 201), await all_ai(alone, name, 202)
    counting.commits.clear()
    played = await together.play_ai(batched, limit=120)
    one_by_one = [result for _ in range(120) for result in await alone.play_ai(single, limit=1)]
    assert len(played) == len(one_by_one) == 120
    assert await stored(store, batched) == await stored(store, single)
    assert len((await stored(store, batched))["snapshots"]) >= 2
    # One commit an AI turn, whoever's decisions it takes (a defender's, in a battle): the runs end only
    # where a turn does (or the game, or the 120 moves asked for).
    turns = sum(p.turn_changed or p.result is not None for p in played[:-1]) + 1
    assert sum(counting.commits.values()) == turns < 120
    for mine, theirs in zip(played, one_by_one, strict=True):
        assert (mine.version, mine.seq, mine.seat, mine.lines, mine.public_events, mine.events) == (
            theirs.version,
            theirs.seq,
            theirs.seat,
            theirs.lines,
            theirs.public_events,
            theirs.events,
        )
        assert (mine.view, mine.turn_changed, mine.turn, mine.result) == (
            theirs.view,
            theirs.turn_changed,
            theirs.turn,
            theirs.result,
        )
        assert (mine.waiting_for, mine.asked) == (theirs.waiting_for, theirs.asked)
    # Only a run's last result carries the game as committed; it is the store's, state and all (but the
    # stamp of the write, which the store makes).
    assert played[-1].position is not None
    held, read = played[-1].position.found.game, await store.game(batched)
    assert read is not None and held == replace(read, updated_at=held.updated_at)


class OneByOne(GameService):
    """The service committing each move of a run alone, its own changes and its state, as it did before
    runs were committed together: the reference a run's one commit must equal."""

    async def _apply_run(self, position: Position, moves: Any) -> list[ActResult]:
        results = []
        for made in moves:
            made = Made.encoded(made)
            commit = await self._commit(made.game, made.update, entries=[made.entry], timers=made.timers)
            results.append(self._result(made, commit.version, commit.seq))
        return results


async def at_a_humans_turn(service: GameService, channel: int, timeout_action: str) -> int:
    """A Risk game of two people, with deadlines, at the start of a person's turn."""
    status = await service.create(
        channel,
        1,
        "Host",
        "risk",
        {"setup_batch": "40"},
        join=False,
        turn_hours=24,
        timeout_action=timeout_action,
    )
    await service.join(status.game_id, 1, "P1")
    await service.join(status.game_id, 2, "P2")
    await service.start(status.game_id, 1, seed=SEED)
    await play_until_reinforce(service, status.game_id)
    return status.game_id


@pytest.mark.parametrize("timeout_action", ["ai", "skip"])
async def test_a_missed_turn_played_by_the_stand_in_is_one_commit_as_moves_committed_one_by_one(
    store: GameStore, timeout_action: str
) -> None:
    """A passed deadline commits the misses (with the "resume" timer), then the stand-in's whole turn
    (the AI's, or the ruleset's absent moves) in ONE commit; the game is what one commit a move made."""
    counting = CountingCommits(store)
    together = GameService(counting, GAMES, clock=lambda: NOON)  # type: ignore[arg-type]
    alone = OneByOne(store, GAMES, clock=lambda: NOON)
    games = [
        await at_a_humans_turn(together, 301, timeout_action),
        await at_a_humans_turn(alone, 302, timeout_action),
    ]
    turn = list(RISK.turn_key(together.state_of(await together.load(games[0]))))
    counting.commits.clear()
    timed_out = await together.timeout(games[0], turn)
    twin = await alone.timeout(games[1], turn)
    assert timed_out is not None and twin is not None
    moves = len(timed_out.moves)
    assert moves > 3 and counting.commits == Counter({1: 1, moves: 1})  # the misses, then the turn
    assert await stored(store, games[0]) == await stored(store, games[1])
    assert [(m.version, m.seq, m.public_events, m.lines) for m in timed_out.moves] == [
        (m.version, m.seq, m.public_events, m.lines) for m in twin.moves
    ]
    assert RISK.turn_key(together.state_of(await together.load(games[0]))) != tuple(turn)


async def test_a_stand_in_broken_off_before_its_commit_is_made_again_the_same_and_misses_count_once(
    store: GameStore,
) -> None:
    """A crash at the play-out's commit writes none of its moves; the misses and the "resume" timer,
    committed before it, stand, and resuming makes the same turn: the game then is what a deadline
    met without a crash makes."""
    service = GameService(store, GAMES, clock=lambda: NOON)
    crashed, twin = await at_a_humans_turn(service, 401, "ai"), await at_a_humans_turn(service, 402, "ai")
    before = await service.load(crashed)
    turn = list(RISK.turn_key(service.state_of(before)))

    class Crash(Exception):
        pass

    real = store.commit

    async def crashing_at_a_run(*args: Any, **kwargs: Any) -> Any:
        if kwargs.get("versions", args[6] if len(args) > 6 else 1) > 1:
            raise Crash
        return await real(*args, **kwargs)

    store.commit = crashing_at_a_run  # type: ignore[method-assign]
    with pytest.raises(Crash):
        await service.timeout(crashed, turn)
    store.commit = real  # type: ignore[method-assign]
    after = await service.load(crashed)
    assert after.version == before.version + 1 and after.state == before.state  # the misses alone
    (resume,) = await store.timers(crashed)
    assert resume.kind == "deadline" and json.loads(resume.payload)["resume"]
    assert await service.timeout(crashed, turn, resume=True) is not None  # what the "resume" timer does
    await service.timeout(twin, turn)
    assert await stored(store, crashed) == await stored(store, twin)


def test_a_runs_changes_are_each_moves_in_order_a_clearing_standing_until_set_again() -> None:
    first = GameUpdate(state="1", deadline_at="d1", turn_started_at="t1")
    cleared = GameUpdate(state="2", clear=("deadline_at", "turn_started_at"))
    then = GameUpdate(turn_started_at="t3")
    assert merged_updates([first]) == first
    assert merged_updates([first, cleared]) == GameUpdate(state="2", clear=("deadline_at", "turn_started_at"))
    assert merged_updates([first, cleared, then]) == GameUpdate(
        state="2", turn_started_at="t3", clear=("deadline_at",)
    )


async def test_an_ai_turn_is_one_trip_to_a_worker_thread_not_one_a_move(
    store: GameStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The AI's choices and the engine's applies of a run go to a worker thread together (a trip there
    and back a move cost more than a quick engine's move), and the loop makes none of them itself."""
    counting = CountingCommits(store)
    service = GameService(counting, GAMES)  # type: ignore[arg-type]
    game_id = await new_game(service, "ai,ai,ai", {"setup_batch": "40"})
    trips: Counter[str] = Counter()
    to_thread = asyncio.to_thread

    async def counted(work: Any, *args: Any, **kwargs: Any) -> Any:
        trips[getattr(work, "__name__", "?")] += 1
        return await to_thread(work, *args, **kwargs)

    made: list[str] = []
    real_make = GameService._make

    def watched_make(self: GameService, *args: Any, **kwargs: Any) -> Any:
        made.append(threading.current_thread().name)
        return real_make(self, *args, **kwargs)

    monkeypatch.setattr(asyncio, "to_thread", counted)
    monkeypatch.setattr(GameService, "_make", watched_make)
    counting.commits.clear()
    played = await service.play_ai(game_id, limit=60)
    runs = sum(counting.commits.values())
    assert len(played) == 60 and runs < 20
    assert trips == Counter({"_run": runs, "_results": runs})  # no "choose": never one a move
    assert len(made) == 60 and threading.main_thread().name not in made
