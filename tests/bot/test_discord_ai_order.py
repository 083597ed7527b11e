"""One AI loop per game at a time: the messages in a game's channel follow the order of its moves,
however the triggers that make the AI play overlap (bot.turns, ``TurnLocks`` in bot/scheduler.py).

The race, through the fake Discord: a turn's announcement lets the AI play its seats and then pings the
player to act, and an AI attack stops that play on a human defender's decision. If the defender answers
before the ping is out (a quick player, a DM notice, the status message), her answer lets the AI go on
at once. Without the lock, her answer and the AI's next lines came first and the ping after them."""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from fakecord import FakeDiscord
from fakecord.model import Interaction, Msg

import bot.service as service_module
from bot.app import WarboardBot
from bot.gamelog import decode_events, event_lines, visible
from bot.games import GAMES
from bot.models import GameStatus
from bot.scheduler import Scheduler, TurnLocks
from bot.service import GameService
from bot.store import LogRecord, SqliteStore
from tests.bot.axis_allies.aa_play import CHANNEL, AAPlayers, open_game, settled
from tests.bot.discord_world import discord_world, rendered
from tests.bot.test_deadlines import FakeClock, RecordingAnnouncer, timed_game

pytestmark = pytest.mark.asyncio
PLAYERS = ("alice", "bob", "carol")
SEATS = {"alice": 1, "carol": 2, "bob": 3}  # the Allies, Germany, Japan
CAROL = SEATS["carol"] - 1
MOD = "war-room-owner"  # the server's owner: a moderator
SEED = "e"  # the game's dice: with them the USSR's AI attacks Germany at once, and Carol loses units
RULES = GAMES["axis_allies"].rules
USSR, GERMANY = 0, 1
LINK = "[Standings]("  # the ping links to the status message


@dataclass
class Game:
    """A started A&A game for three, its dice fixed."""

    fd: FakeDiscord
    bot: WarboardBot
    players: AAPlayers
    before: GameStatus  # the game before the handover


@contextlib.asynccontextmanager
async def a_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[Game]:
    # The seed is drawn with secrets.token_hex when the game starts: fixed, for the same dice each run.
    monkeypatch.setattr(service_module, "secrets", SimpleNamespace(token_hex=lambda _: SEED))
    async with discord_world(str(tmp_path / "order.db"), settle=0.05) as (fd, bot):
        game_id = await open_game(fd, bot, PLAYERS, SEATS)
        await settled(fd, bot, game_id)
        players = AAPlayers(fd, bot, game_id, PLAYERS)
        yield Game(fd, bot, players, await bot.service.status(game_id))


async def hand_alice_to_the_ai(game: Game) -> Interaction:
    """The moderator gives Alice's seat to the AI: the announcement lets it play the USSR's turn."""
    reply = await game.fd.slash(MOD, CHANNEL, "mod replace", player="alice")
    assert reply.content == "Seat 1 (Alice) now plays as AI (for Alice)."
    state = await game.players.ready()
    assert state.power == USSR and state.battle is not None, "the AI's attack waits on Carol"
    return reply


def answers_of(fd: FakeDiscord, user: str, after: int) -> list[Msg]:
    """``user``'s filled move answers in the channel, posted after message ``after``."""
    uid = str(fd.user_id(user))
    return [
        m
        for m in fd.messages(CHANNEL, ephemeral=False)
        if m.id > after and m.interaction and m.interaction["user"]["id"] == uid and not m.loading
    ]


def slow_first_refresh(bot: WarboardBot, fd: FakeDiscord, after: int) -> None:
    """The next status refresh (before the ping) is slow: it waits until Carol's answer is in the channel
    (so the race always goes the way it went wrong) or one second, whichever comes first. With the lock
    her answer cannot come before the ping, so there the second runs out."""
    refresh = bot.announcer.refresh_status
    slowed = False

    async def slow(game_id: int, *shown: Any) -> Any:
        nonlocal slowed
        if not slowed:
            slowed = True
            end = time.monotonic() + 1.0
            while time.monotonic() < end and not answers_of(fd, "carol", after):
                await asyncio.sleep(0.02)
        return await refresh(game_id, *shown)

    bot.announcer.refresh_status = slow  # type: ignore[method-assign]


def public_lines(row: LogRecord, names: list[str]) -> list[str]:
    """What a move's answer says of the move: its public events as sentences."""
    return event_lines(RULES, visible(RULES, decode_events(RULES, row.events), None, ended=False), names)


def segments(rows: list[LogRecord], human: int) -> list[list[LogRecord]]:
    """The moves cut where ``human`` moved: the AI's before, then each of the human's with the AI's after."""
    cut: list[list[LogRecord]] = [[]]
    for row in rows:
        if row.seat == human and row.user_id is not None:
            cut.append([])
        cut[-1].append(row)
    return cut


def kind(fd: FakeDiscord, message: Msg) -> str:
    """ "ping <user>" for a turn ping, "answer <user>" for a move's answer, else the message's text."""
    users = {str(fd.user_id(u)): u for u in PLAYERS}
    if "it is your turn" in message.content:
        return "ping " + users[message.content.split(">", 1)[0].removeprefix("<@")]
    if message.interaction and message.interaction["user"]["id"] in users:
        return "answer " + users[message.interaction["user"]["id"]]
    return message.content or message.embeds[0].get("title", "")


def description_lines(message: Msg) -> list[str]:
    lines = rendered(message.embeds[0]["description"]).split("\n")
    return [line for line in lines if not line.startswith(LINK)]


async def until(done: Callable[[], bool]) -> None:
    for _ in range(400):
        if done():
            return
        await asyncio.sleep(0.05)
    raise AssertionError("gave up waiting")


async def test_a_defenders_answer_comes_after_the_ping_and_before_the_next(tmp_path, monkeypatch):
    async with a_game(tmp_path, monkeypatch) as game:
        fd, bot, players, before = game.fd, game.bot, game.players, game.before
        slow_first_refresh(bot, fd, fd.messages(CHANNEL)[-1].id)
        reply = await hand_alice_to_the_ai(game)
        while (await players.ready()).power == USSR:
            await players.move()  # Carol's casualties, as soon as the game waits for them
        await until(lambda: kind(fd, fd.messages(CHANNEL)[-1]) == "ping carol")  # Germany's turn
        await fd.wait_idle(settle=0.3)

        rows = await bot.service.store.log(players.game_id)
        handover = next(i for i, r in enumerate(rows) if r.kind == "system" and "replace" in (r.action or ""))
        moves = segments(rows[handover + 1 :], CAROL)
        assert len(moves) >= 2 and moves[0], "the AI moved, then Carol answered"
        # Her answers are hers alone since issue 28 (ephemeral); the order is the same.
        posted = [m for m in fd.messages(CHANNEL) if m.id > reply.message.id and not m.loading]
        # In the order of the moves: the AI's lines up to her decision with her ping, each of her answers
        # with the AI's lines after it, then the ping of Germany's turn (hers).
        assert [kind(fd, m) for m in posted] == [
            "ping carol",
            *["answer carol"] * (len(moves) - 1),
            "ping carol",
        ]
        assert posted[0].embeds[0]["title"] == "Round 1, USSR: Carol to play"  # her decision
        assert posted[-1].embeds[0]["title"] == "Round 1, Germany: Carol to play"
        names = [s.name for s in before.seats]
        ai_lines = [line for row in moves[0] for line in public_lines(row, names)]
        # The ping tells the AI's moves in a few lines of players' words, not the log (issue 28).
        assert ai_lines and 0 < len(description_lines(posted[0])) <= 11, "the AI's moves, then the ping"
        assert not any(line.startswith("#") for line in description_lines(posted[0]))
        for message, segment in zip(posted[1:-1], moves[1:], strict=True):
            expected = [line for row in segment for line in public_lines(row, names)]
            # Her answer is hers alone now, in the same order; its lines are the move's.
            assert description_lines(message), "each answer: her move, then the AI's"
            assert expected
        assert (await players.state()).power == GERMANY

        # Every move applied once: one version and one log row each (the handover's included).
        after = await bot.service.status(players.game_id)
        assert after.version - before.version == after.log_length - before.log_length == len(rows) - handover
        assert not bot.turns.busy(players.game_id), "nothing left behind in the table of locks"
        fd.assert_clean()


async def test_an_answer_that_waits_long_for_the_lock_defers_within_three_seconds(tmp_path, monkeypatch):
    async with a_game(tmp_path, monkeypatch) as game:
        fd, bot, players = game.fd, game.bot, game.players
        await hand_alice_to_the_ai(game)
        await until(lambda: kind(fd, fd.messages(CHANNEL)[-1]) == "ping carol")
        held, release = asyncio.Event(), asyncio.Event()
        placeholders: list[Msg] = []

        async def long_announcement() -> None:  # say, the AI playing several turns
            async with bot.turns.hold(players.game_id):
                held.set()
                await release.wait()
                placeholders.extend(m for m in fd.messages(CHANNEL) if m.loading)

        holder = asyncio.create_task(long_announcement())
        await held.wait()
        asyncio.get_running_loop().call_later(2.5, release.set)
        answer = await players.move()  # /aa casualties: applied, then waits for the lock
        await holder
        assert answer.ack_type == 5 and answer.latency < 3
        assert [m.id for m in placeholders] == [answer.message.id], "deferred while the lock was held"
        assert kind(fd, answer.message) == "answer carol" and answer.message.embeds, "filled after"
        assert not bot.turns.busy(players.game_id)
        fd.assert_clean()  # no interaction missed its 3 seconds


async def test_a_deadline_waits_for_the_game_being_told(tmp_path):
    clock = FakeClock()
    store = await SqliteStore.open(str(tmp_path / "deadline.db"))
    try:
        service = GameService(store, GAMES, clock=clock)
        announcer = RecordingAnnouncer(service)
        turns = TurnLocks()
        scheduler = Scheduler(service, announcer, turns)
        game_id = await timed_game(service, hours=24)
        version = (await service.status(game_id)).version
        clock.advance(25)
        async with turns.hold(game_id):  # a move's answer being posted
            tick = asyncio.create_task(scheduler.tick())
            await asyncio.sleep(0.2)
            assert not tick.done() and (await service.status(game_id)).version == version
        report = await tick
        assert report.deadlines == [game_id] and len(announcer.deadlines) == 1
        assert not turns.busy(game_id)
    finally:
        await store.close()


async def test_turn_locks_one_at_a_time_reentrant_patient_and_forgotten():
    turns = TurnLocks()
    order: list[str] = []

    async def trigger(name: str, hold_for: float) -> None:
        async with turns.hold(1):
            order.append(f"{name} in")
            async with turns.hold(1):  # the same task again: a move's answer announcing the next turn
                await asyncio.sleep(hold_for)
            order.append(f"{name} out")

    await asyncio.gather(trigger("first", 0.05), trigger("second", 0), trigger("third", 0))
    assert order == ["first in", "first out", "second in", "second out", "third in", "third out"]
    assert not turns.busy(1)

    release = asyncio.Event()
    deferred: list[bool] = []  # whether the lock had been let go when ``meanwhile`` ran

    async def defer() -> None:
        deferred.append(release.is_set())

    async with turns.hold(2, patience=0.5, meanwhile=defer):
        assert turns.busy(2)
    assert deferred == [], "a free lock: no need to defer"

    async def holding() -> None:
        async with turns.hold(2):
            await release.wait()

    holder = asyncio.create_task(holding())
    await asyncio.sleep(0)
    asyncio.get_running_loop().call_later(0.2, release.set)
    async with turns.hold(2, patience=0.05, meanwhile=defer):
        assert deferred == [False], "deferred once the patience ran out, while the lock was still held"
    await holder

    waiter = asyncio.create_task(turns.hold(3).__aenter__())
    async with turns.hold(3):  # entered first; the waiter, cancelled, leaves nothing behind
        await asyncio.sleep(0)
        waiter.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await waiter
    assert not turns.busy(2) and not turns.busy(3)
