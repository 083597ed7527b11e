"""Issue 30, item 1: AI levels for every game. A game's registry entry names its levels (weakest first);
a host seats an AI at a level (``/game join ai:True level:``, the terminal's ``--seats ai:easy``), the
game keeps the level of its stand-in (``/game new ai_level:``, ``/mod deadline ai_level:``), and each AI
plays at the level it was given: a seat's own, or the stand-in's for a missed turn or a seat handed over."""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import pytest

from bot.cogs.announce import turn_rules
from bot.console import open_game, parse_args
from bot.game import Game, GameSetupError, check_games
from bot.games import GAMES
from bot.models import ServiceError
from bot.scheduler import Scheduler
from bot.service import GameService
from bot.store import GameStore
from rules.risk.ai import RiskAI
from tests.bot.conftest import CHANNEL, HOST, SEED
from tests.bot.discord_world import discord_world, taken
from tests.bot.test_deadlines import FakeClock, RecordingAnnouncer

Calls = list[tuple[str, int]]


def levelled(calls: Calls) -> Game:
    """Risk with two levels that both play as today's AI and note which level chose for which seat."""

    def level(tag: str) -> Any:
        class Recorded:
            def __init__(self, seed: int) -> None:
                self.inner = RiskAI(seed)

            def choose(self, state: Any, seat: int) -> Any:
                calls.append((tag, seat))
                return self.inner.choose(state, seat)

        return Recorded

    return dataclasses.replace(GAMES["risk"], levels={"easy": level("easy"), "normal": level("normal")})


def test_every_game_names_its_levels_and_the_default_is_normal_where_there_is_one() -> None:
    for game in GAMES.values():
        assert "easy" in game.levels and game.default_level in game.levels
        assert game.default_level == ("normal" if "normal" in game.levels else list(game.levels)[-1])
    calls: Calls = []
    risk = levelled(calls)
    assert risk.default_level == "normal" and risk.level(None) == "normal" and risk.level("gone") == "normal"
    risk.agent(1, "easy").choose(risk.rules.setup({}, 2, _rng())[0], 0)
    risk.agent(1).choose(risk.rules.setup({}, 2, _rng())[0], 0)
    assert [tag for tag, _ in calls] == ["easy", "normal"]
    with pytest.raises(GameSetupError, match="no AI level"):
        check_games({"risk": dataclasses.replace(GAMES["risk"], levels={})})


def _rng() -> Any:
    from rules.core.dice import SeededRng

    return SeededRng("levels")


async def test_ai_seats_play_at_their_own_level_and_an_unknown_level_changes_nothing(
    store: GameStore,
) -> None:
    calls: Calls = []
    service = GameService(store, {**GAMES, "risk": levelled(calls)})
    status = await service.create(CHANNEL, HOST, "Host", "risk", {"setup_batch": "40"}, join=False)
    game_id = status.game_id
    await service.join(game_id, HOST, "", ai=True, level="easy")
    await service.join(game_id, HOST, "", ai=True)  # the game's default, named when seated
    with pytest.raises(ServiceError) as refused:
        await service.join(game_id, HOST, "", ai=True, level="hard")
    assert refused.value.code == "unknown_level" and "Easy or Normal" in refused.value.message
    seats = (await service.status(game_id)).seats
    assert [(s.controller, s.ai_level) for s in seats] == [("ai", "easy"), ("ai", "normal")]
    await service.start(game_id, HOST, seed=SEED)
    await service.play_ai(game_id, limit=60)
    played = {(tag, seat) for tag, seat in calls}
    assert played == {("easy", 0), ("normal", 1)} or played == {("easy", 1), ("normal", 0)}
    by_seat = {s.seat: s.ai_level for s in (await service.status(game_id)).seats}
    assert all(by_seat[seat] == tag for tag, seat in calls)  # each seat by its own level, every move


async def test_the_stand_in_plays_a_missed_turn_and_a_handed_seat_at_the_games_level(
    store: GameStore,
) -> None:
    calls: Calls = []
    clock = FakeClock()
    service = GameService(store, {**GAMES, "risk": levelled(calls)}, clock=clock)
    announcer = RecordingAnnouncer(service)
    scheduler = Scheduler(service, announcer)
    status = await service.create(
        CHANNEL, HOST, "Host", "risk", {"setup_batch": "40"}, join=False, turn_hours=24,
        timeout_action="ai", ai_level="easy",
    )  # fmt: skip
    game_id = status.game_id
    for i in range(2):
        await service.join(game_id, HOST + i, f"P{i + 1}")
    await service.start(game_id, HOST, seed=SEED)
    status = await service.set_turn_rules(game_id, HOST, missed_limit=2)
    assert status.ai_level == "easy" and "the AI plays it · AI level: Easy ·" in turn_rules(status)
    late = status.waiting_for[0]
    clock.advance(24)
    await scheduler.tick()
    assert calls and {tag for tag, _ in calls} == {"easy"} and {seat for _, seat in calls} == {late}
    while not any(r.handed_to_ai for r in announcer.deadlines):
        clock.advance(24)
        await scheduler.tick()
    handed = next(r.seat for r in announcer.deadlines if r.handed_to_ai)
    seat = (await service.status(game_id)).seats[handed]
    assert (seat.controller, seat.ai_level) == ("ai", "easy")  # the stand-in's level goes with the seat
    with pytest.raises(ServiceError) as refused:
        await service.set_turn_rules(game_id, HOST, ai_level="hard")
    assert refused.value.code == "unknown_level" and (await service.status(game_id)).ai_level == "easy"


async def test_the_terminal_seats_ai_players_at_the_levels_asked(store: GameStore) -> None:
    service = GameService(store, {**GAMES, "risk": levelled([])})
    with pytest.raises(ServiceError) as refused:
        await open_game(service, parse_args(["--game", "risk", "--seats", "human,robot"]))
    assert "ai:easy" in refused.value.message
    args = parse_args(["--game", "risk", "--seats", "ai:easy,ai,human", "--order", "as-given"])
    game_id = await open_game(service, args)
    levels = sorted((s.ai_level or "") for s in (await service.status(game_id)).seats)
    assert levels == ["", "easy", "normal"]  # the human seat has none


async def test_a_host_seats_an_ai_of_a_level_on_discord_and_the_status_names_it(tmp_path: Any) -> None:
    async with discord_world(str(tmp_path / "levels.db")) as (fd, bot):
        opened = await fd.slash("alice", "risk", "game new", ruleset="risk", ai_level="easy")
        assert taken(opened)
        joined = await fd.slash("alice", "risk", "game join", ai=True, level="easy")
        assert taken(joined) and not joined.ephemeral, joined.content
        wrong = await fd.slash("alice", "risk", "game join", level="easy")  # a level without ai:True
        assert wrong.ephemeral and "ai:True" in wrong.content
        status = await bot.service.status((await bot.service.channel_game(fd.channel_id("risk"))).game.id)
        assert status.ai_level == "easy" and [s.ai_level for s in status.seats] == [None, "easy"]
        assert "AI 1 (AI, Easy)" in status.summary()


async def test_a_servers_defaults_are_what_a_new_game_starts_with_and_status_says_so(tmp_path: Any) -> None:
    """Issue 34, item 4: ``/mod defaults`` sets the server's turn length, timeout action, reminders, AI
    level and announcement channel; ``/game new`` takes what the host leaves out from them, and the
    status says which values are the server's; a value set for the game is no longer marked."""
    async with discord_world(str(tmp_path / "defaults.db")) as (fd, bot):
        owner = "war-room-owner"
        shown = await fd.slash(owner, "risk", "mod defaults")
        assert shown.ephemeral and "24 h (Warboard's)" in shown.content
        bad = await fd.slash(owner, "risk", "mod defaults", deadline_hours=48, reminders="150")
        assert bad.ephemeral and "each from 1 to 99" in bad.content, bad.content
        assert "24 h (Warboard's)" in (await fd.slash(owner, "risk", "mod defaults")).content  # unchanged
        set_ = await fd.slash(
            owner, "risk", "mod defaults", deadline_hours=48, on_timeout="ai", reminders="25", ai_level="easy"
        )
        assert set_.ephemeral and "48 h" in set_.content and "Easy" in set_.content, set_.content
        assert taken(await fd.slash("alice", "risk", "game new", ruleset="risk"))
        game_id = (await bot.service.channel_game(fd.channel_id("risk"))).game.id
        status = await bot.service.status(game_id)
        assert (status.turn_hours, status.timeout_action, status.reminders, status.ai_level) == (
            48,
            "ai",
            "25",
            "easy",
        )
        rules = turn_rules(status)
        assert "48 h a turn (the server's default)" in rules
        # Each value with its own source, none inside another's brackets (it read "missed turn: the AI
        # (Easy (the server's default)) plays it (the server's default)").
        assert (
            "missed turn: the AI plays it (the server's default) · AI level: Easy (the server's default) ·"
            in rules
        )
        assert "))" not in rules
        # What a member sees: /game status says it too (it did not: only the pinned board's footer did).
        asked = await fd.slash("alice", "risk", "game status")
        shown = json.dumps(asked.embeds)
        assert "48 h a turn (the server's default)" in shown and "Easy (the server's default)" in shown
        await fd.slash(owner, "risk", "mod deadline", hours=12)
        rules = turn_rules(await bot.service.status(game_id))
        assert "12 h a turn ·" in rules and "reminders at 25% left (the server's default)" in rules


async def test_all_ai_games_of_different_seeds_play_differently_and_one_seed_plays_alike(
    store: GameStore,
) -> None:
    """The AI is seeded by the game's own seed and version (``seat_agent``): Hex war's setup rolls no die,
    so seeded by the version alone every all-AI game built the same board (issue 30's study)."""
    service = GameService(store, GAMES)

    async def board_after_setup_moves(channel: int, seed: str) -> str:
        status = await service.create(channel, HOST, "Host", "hexwar", {}, join=False)
        for _ in range(2):
            await service.join(status.game_id, HOST, "", ai=True)
        await service.start(status.game_id, HOST, seed=seed)
        await service.play_ai(status.game_id, limit=12)
        record = await service.load(status.game_id)
        assert record.state is not None and record.version > 12
        return record.state

    first = await board_after_setup_moves(CHANNEL, "one")
    again = await board_after_setup_moves(CHANNEL + 1, "one")
    other = await board_after_setup_moves(CHANNEL + 2, "two")
    assert first == again
    assert first != other
