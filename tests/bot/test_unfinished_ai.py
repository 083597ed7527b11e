"""An AI turn cut off by an error (issue 29, item 11: PostgreSQL went away while an AI seat wrote its turn)
is taken up again by the running bot within seconds, once, on every backend (``store`` runs each test on
SQLite and on PostgreSQL). The failure is injected: the store's commit of the AI's first move fails once,
as a dropped connection would."""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path
from typing import Any

import pytest

from bot.clock import DEADLINE, REMINDER, payload, to_text
from bot.games import GAMES
from bot.scheduler import Scheduler, Unfinished
from bot.service import GameService
from bot.store import GameStore
from rules.risk.actions import PlaceNeutral
from tests.bot.conftest import new_game, snapshot_matches_replay
from tests.bot.discord_world import command_for, discord_world


def fail_first_ai_commit(store: GameStore, monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The first commit of an AI's move raises (nothing written); returns the versions it failed at."""
    real = store.commit
    failed: list[int] = []

    async def flaky(game_id: int, version: int, *args: Any, **kwargs: Any) -> Any:
        entries = kwargs.get("entries", args[2] if len(args) > 2 else ())
        if not failed and any(e.kind == "action" and e.user_id is None for e in entries):
            failed.append(version)
            raise OSError("connection to the database lost")
        return await real(game_id, version, *args, **kwargs)

    monkeypatch.setattr(store, "commit", flaky)
    return failed


def typed(legal: list[Any]) -> tuple[str, dict[str, object]]:
    """The slash command of the first legal move."""
    for action in legal:
        if isinstance(action, PlaceNeutral):  # two players: the neutral army's army after one's own
            return "risk neutral", {"territory": action.territory, "armies": action.armies}
        try:
            return command_for(action)
        except AssertionError:
            continue
    raise AssertionError(f"no command for any of {legal[:5]}")


async def test_the_service_reports_an_ai_turn_that_broke_off_and_it_is_taken_up_once(
    service: GameService, store: GameStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    game_id = await new_game(service, "ai,ai")
    failed = fail_first_ai_commit(store, monkeypatch)
    taken: list[int] = []

    async def again(game: int) -> None:
        taken.append(game)
        await service.play_ai(game, limit=3)

    unfinished = Unfinished(again)
    unfinished.first_gap = 0.0  # the test waits for the event, not for a second
    service.on_unfinished = unfinished.add
    before = (await service.status(game_id)).version
    with pytest.raises(OSError):
        await service.play_ai(game_id, limit=3)
    assert failed == [before] and unfinished.pending() == [game_id]
    service.on_unfinished(game_id)  # reported twice (the command's handler too): still taken up once
    runner = asyncio.create_task(unfinished.run())
    try:
        for _ in range(2000):
            if taken and not unfinished.pending():
                break
            await asyncio.sleep(0.001)
    finally:
        unfinished.stop()
        await runner
    assert taken == [game_id]
    assert (await service.status(game_id)).version == before + 3, "the AI went on from where it broke off"
    assert await snapshot_matches_replay(service, game_id)


async def test_the_bot_takes_up_an_ai_turn_cut_off_by_a_database_error(
    tmp_path: Path, store: GameStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    failed = fail_first_ai_commit(store, monkeypatch)
    async with discord_world(str(tmp_path / "games.db"), store=store) as (fd, bot):
        bot.unfinished.first_gap = 0.05
        taken: list[int] = []
        go_on = bot.unfinished._again

        async def counted(game: int) -> object:
            taken.append(game)
            return await go_on(game)

        bot.unfinished._again = counted
        await fd.slash("alice", "risk", "game new", ruleset="risk", seats=2)
        await fd.slash("alice", "risk", "game join", ai=True)  # the second seat starts the game
        found = await bot.service.channel_game(fd.channel_id("risk"))
        assert found is not None
        game_id, rules = found.game.id, GAMES["risk"].rules
        for _ in range(100):  # alice plays her first legal move whenever the game waits on her
            await fd.wait_idle()
            status = await bot.service.status(game_id)
            log = await bot.store.log(game_id)
            if failed and any(r.user_id is None and r.kind == "action" for r in log):
                break
            assert status.waiting_for and status.seats[status.waiting_for[0]].controller == "human"
            state = bot.service.state_of((await bot.service.loaded(game_id)).game)
            command, values = typed(rules.legal(state, status.waiting_for[0]))
            await fd.slash("alice", "risk", command, **values)
        await fd.wait_idle()
        assert failed, "the AI's commit failed once"
        assert taken == [game_id], "taken up again, once"
        status = await bot.service.status(game_id)
        assert status.version > failed[0], "the AI's turn went on"
        assert status.seats[status.waiting_for[0]].controller == "human", "and finished: alice is asked"
        assert not bot.unfinished.pending()
        assert await snapshot_matches_replay(bot.service, game_id)


async def test_a_deadline_that_broke_off_is_reported_and_the_scheduler_stops_when_asked(
    service: GameService, monkeypatch: pytest.MonkeyPatch
) -> None:
    game_id = await new_game(service)
    now = to_text(service.clock())
    await service.store.add_timer(game_id, DEADLINE, now, payload(0, [0]))
    await service.store.add_timer(game_id, REMINDER, now, payload(0, [0], 50))

    async def broken(*args: Any, **kwargs: Any) -> Any:
        raise OSError("connection to the database lost")

    monkeypatch.setattr(service, "timeout", broken)
    scheduler = Scheduler(service, Silent())
    reported: list[int] = []
    scheduler.on_failure = reported.append
    await scheduler.tick()
    assert reported == [game_id], "the game is taken up again once the deadline's play broke off"
    runner = asyncio.create_task(scheduler.run())
    await asyncio.sleep(0)
    scheduler.stop()
    await asyncio.wait_for(runner, 30)  # ends at once, not after its sleep (up to a minute)


class Silent:
    async def deadline_passed(self, result: object) -> None: ...

    async def reminder(self, game_id: int, seat: int, percent: int) -> None: ...


async def test_a_game_that_keeps_failing_logs_its_traceback_once_then_one_line_a_try(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """A channel the bot may not post in failed every try (every 30 s once the gaps had grown), each with
    the whole traceback, for as long as nobody gave the bot the permission: now the traceback once, the
    same error again in one line, and a line when the game went on."""
    tries: list[int] = []
    done = asyncio.Event()

    async def again(game: int) -> None:
        tries.append(game)
        if len(tries) <= 3:
            raise PermissionError("403 Forbidden (error code: 50013): Missing Permissions")
        done.set()

    unfinished = Unfinished(again)
    unfinished.first_gap = unfinished.longest_gap = 0.0  # the test waits for the tries, not for seconds
    unfinished.add(7)
    with caplog.at_level(logging.INFO, logger="warboard.scheduler"):
        runner = asyncio.create_task(unfinished.run())
        try:
            await asyncio.wait_for(done.wait(), 60)
        finally:
            unfinished.stop()
            await runner
    said = [(r.getMessage(), r.exc_info is not None) for r in caplog.records]
    again_line = (
        "game 7 still could not go on (PermissionError: 403 Forbidden (error code: 50013): Missing "
        "Permissions); trying again in 0 s"
    )
    assert said == [
        ("game 7 still could not go on; trying again later", True),
        (again_line, False),
        (again_line, False),
        ("game 7 went on", False),
    ]
