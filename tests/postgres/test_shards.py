"""Two bot processes, one shard each, on one fake Discord and one PostgreSQL: a game in a guild on each
shard is played to the end through slash commands; its turn deadline fires once, handled by the process
of its guild's shard; the shard-1 process is SIGKILLed mid-game and restarted, and nothing is lost.

The processes are real (tests/postgres/shard_world.py: the bot made by ``create_bot`` from PBP_SHARDS,
PBP_SHARD_IDS and PBP_DATABASE); they run the stub game (a pile of counters, take 1 to 3, the last one
wins) on a clock that the test moves by writing hours into a file, and tick their scheduler when sent
SIGUSR1, printing what the tick did: the test waits for those lines, never for time.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import signal
from collections.abc import AsyncIterator
from pathlib import Path

import asyncpg
import pytest
from discord.ext import commands
from fakecord import FakeDiscord
from fakecord.driver import NoResponse

from bot.app import create_bot
from bot.clock import DEADLINE, REMINDER
from bot.gamelog import live_actions, rebuild
from bot.postgres import PostgresStore
from bot.settings import Settings, SettingsError
from bot.shards import ShardPlan
from rules.core.codec import from_json
from tests.bot.discord_world import taken
from tests.conformance.stub_game import STUB
from tests.postgres.fixtures import fresh_database
from tests.postgres.shard_world import ShardProcess, guilds_on_both_shards


async def status_of(store: PostgresStore, channel: int) -> tuple[int, str, list[int], int]:
    """(game id, status, seats to act, version) of the channel's latest game, from the database."""
    game = await store.latest_game(channel)
    assert game is not None and game.state is not None
    state = from_json(game.state, STUB.rules.state_type)
    return game.id, game.status, list(STUB.rules.to_act(state)), game.version


async def until_alice_or_the_end(
    fd: FakeDiscord, store: PostgresStore, shard: int, seat: int
) -> tuple[int, str, list[int], int]:
    """The status of the shard's game once it waits for Alice (``seat``) or has ended: the AI answers
    after a move's first response, so let its process go quiet until it has."""
    channel = fd.channel_id(f"war-{shard}")
    for _ in range(20):
        found = await status_of(store, channel)
        if found[1] == "ended" or found[2] == [seat]:
            break
        await fd.wait_idle(settle=0.5)
    return found


async def alice_moves(fd: FakeDiscord, store: PostgresStore, shard: int, seat: int, moves: int) -> list[int]:
    """Alice (``seat``) takes one counter on each of her turns, ``moves`` times or until the game ends;
    the versions her acknowledged moves made (the AI answers each in the same process)."""
    made = []
    for _ in range(moves):
        _, status, waiting, version = await until_alice_or_the_end(fd, store, shard, seat)
        if status == "ended":
            break
        assert waiting == [seat], f"shard {shard}: waiting for {waiting}"
        answer = await fd.slash("alice", f"war-{shard}", "stub take", count=1)
        assert taken(answer), answer.content
        made.append(version + 1)
        await fd.wait_idle()
    return made


async def test_two_shard_processes_play_their_own_guilds_games(tmp_path: Path) -> None:
    dsn = await fresh_database("shards")
    hours = tmp_path / "hours"
    hours.write_text("0")
    async with FakeDiscord(settle=0.1, timeout=60.0) as fd:
        guilds = guilds_on_both_shards(fd)
        processes = {s: ShardProcess(fd, dsn, (s,), hours, tmp_path / f"shard-{s}.err") for s in (0, 1)}
        await asyncio.gather(*(p.start() for p in processes.values()))  # both migrate one empty database
        store = await PostgresStore.open(dsn)
        try:
            acknowledged: dict[int, list[int]] = {0: [], 1: []}
            alice: dict[int, int] = {}  # her seat in each shard's game
            for shard in (0, 1):
                channel = f"war-{shard}"
                opened = await fd.slash("alice", channel, "game new", ruleset="stub", deadline_hours=1)
                assert "opened game" in opened.content, opened.content
                await fd.slash("alice", channel, "game join", ai=True)
                started = await fd.slash("alice", channel, "game start")
                assert not started.ephemeral, started.content
                await fd.wait_idle()
                game = await store.latest_game(fd.channel_id(channel))
                assert game is not None and game.guild_id == guilds[shard][0]
                alice[shard] = next(s.seat for s in await store.seats(game.id) if s.user_id is not None)
                acknowledged[shard] += await alice_moves(fd, store, shard, alice[shard], 1)

            # Two hours on: each game's deadline passed. Each process handles its own shard's game, once.
            hours.write_text("2")
            ticks = await asyncio.gather(*(p.tick() for p in processes.values()))
            for shard, tick in zip((0, 1), ticks, strict=True):
                game_id = (await status_of(store, fd.channel_id(f"war-{shard}")))[0]
                assert tick == {"tick": [shard], "deadlines": [game_id], "reminders": []}, tick
            await fd.wait_idle()
            again = await asyncio.gather(*(p.tick() for p in processes.values()))
            assert [t["deadlines"] + t["reminders"] for t in again] == [[], []]  # fired once, not again
            for shard in (0, 1):
                notices = [m for m in fd.messages(f"war-{shard}") if "missed the deadline" in m.content]
                assert len(notices) == 1, [m.content for m in notices]

            # The shard-1 process dies mid-game; while it is down its guild gets no answer.
            acknowledged[1] += await alice_moves(fd, store, 1, alice[1], 1)
            await processes[1].stop(signal.SIGKILL)
            try:
                await fd.slash("alice", "war-1", "game status", timeout=1.0)
                raise AssertionError("a dead shard answered")
            except NoResponse:
                pass
            await processes[1].start()
            for shard in (0, 1):
                acknowledged[shard] += await alice_moves(fd, store, shard, alice[shard], 20)

            for shard in (0, 1):
                game_id, status, _, _ = await status_of(store, fd.channel_id(f"war-{shard}"))
                assert status == "ended", f"shard {shard}'s game did not end"
                game = await store.game(game_id)
                assert game is not None and game.seed is not None and game.state is not None
                rows = await store.log(game_id)
                replayed = rebuild(STUB.rules, game.seed, game.options, 2, live_actions(rows))
                assert replayed == from_json(game.state, STUB.rules.state_type), (
                    "nothing played twice or lost"
                )
                alices = [r for r in rows if r.kind == "action" and r.user_id == fd.user_id("alice")]
                assert len(alices) == len(acknowledged[shard]), "every acknowledged move is in the log"
                timeouts = [r for r in rows if r.kind == "system" and '"timeout"' in (r.action or "")]
                assert len(timeouts) == 1
        finally:
            await store.close()
            for process in processes.values():
                await process.stop()
        # The one command sent while shard 1 was down goes unanswered: Discord's 3 s for it may have run
        # out by now. Anything else Discord would refuse fails the test.
        unanswered = [v for v in fd.violations if v.kind == "ack_timeout" and v.interaction == "/game status"]
        assert len(unanswered) <= 1
        fd.violations[:] = [v for v in fd.violations if v not in unanswered]
        fd.assert_clean()
    for shard in (0, 1):
        errors = (tmp_path / f"shard-{shard}.err").read_text()
        assert "Traceback" not in errors and "ERROR" not in errors, errors


async def test_a_due_reminder_is_sent_once_however_many_processes_tick(tmp_path: Path) -> None:
    """A reminder of the game in shard 1's guild falls due. Shard 0's process leaves it alone; shard 1's
    sends it. Then shard 1's replacement starts before the old process stops (as in a rolling restart):
    two processes see the game's timers and tick at once, and the next reminder and the deadline still
    reach the channel once each. While another process is claiming a timer (its row locked), a
    process skips it at once instead of waiting for it (``FOR UPDATE SKIP LOCKED``)."""
    dsn = await fresh_database("reminders")
    hours = tmp_path / "hours"
    hours.write_text("0")
    async with FakeDiscord(settle=0.1, timeout=60.0) as fd:
        guilds_on_both_shards(fd)
        processes = [ShardProcess(fd, dsn, (s,), hours, tmp_path / f"shard-{s}.err") for s in (0, 1)]
        await asyncio.gather(*(p.start() for p in processes))
        store = await PostgresStore.open(dsn)
        try:
            await fd.slash("alice", "war-1", "game new", ruleset="stub", deadline_hours=1)  # reminders 50,10
            await fd.slash("alice", "war-1", "game join", ai=True)
            started = await fd.slash("alice", "war-1", "game start")
            assert not started.ephemeral, started.content
            await fd.wait_idle()
            game_id = (await status_of(store, fd.channel_id("war-1")))[0]
            seat = next(s.seat for s in await store.seats(game_id) if s.user_id is not None)
            assert (await until_alice_or_the_end(fd, store, 1, seat))[2] == [seat]
            timers = await store.timers(game_id)
            reminder = {json.loads(t.payload)["percent"]: t.id for t in timers if t.kind == REMINDER}
            (deadline,) = (t.id for t in timers if t.kind == DEADLINE)
            assert sorted(reminder) == [10, 50]

            def reminded() -> list[str]:
                said = [m.content for m in fd.messages("war-1") if "of your turn is left" in m.content]
                return [text.split("⏳ ")[1].split("%")[0] for text in said]

            # Half the turn gone. Shard 0's process ticks first: the game is not on its shard.
            hours.write_text("0.6")
            assert await processes[0].tick() == {"tick": [0], "deadlines": [], "reminders": []}
            assert await processes[1].tick() == {"tick": [1], "deadlines": [], "reminders": [game_id]}
            await fd.wait_idle()
            assert reminded() == ["50"]
            assert {t.id for t in await store.timers(game_id)} == {reminder[10], deadline}

            late = ShardProcess(fd, dsn, (1,), hours, tmp_path / "shard-1-late.err")
            await late.start()
            processes.append(late)
            syncs = [path for verb, path, _ in fd.requests if verb == "PUT" and path.endswith("/commands")]
            assert len(syncs) == 1, syncs  # three processes started; only shard 0's publishes the commands
            hours.write_text("0.95")  # 10% of the turn left: the second reminder is due
            async with claimed_elsewhere(dsn, reminder[10]):
                try:
                    skipped = await asyncio.wait_for(asyncio.gather(processes[1].tick(), late.tick()), 10)
                except TimeoutError:
                    raise AssertionError("a process waited for a timer another one was claiming") from None
            assert [t["reminders"] for t in skipped] == [[], []]
            ticks = await asyncio.gather(*(p.tick() for p in processes))
            assert sorted(game for t in ticks for game in t["reminders"]) == [game_id], ticks
            await fd.wait_idle()
            assert reminded() == ["50", "10"]
            assert {t.id for t in await store.timers(game_id)} == {deadline}, "the reminder, consumed once"

            hours.write_text("2")  # the deadline passed
            ticks = await asyncio.gather(*(p.tick() for p in processes))
            assert sorted(game for t in ticks for game in t["deadlines"]) == [game_id], ticks
            await fd.wait_idle()
            notices = [m for m in fd.messages("war-1") if "missed the deadline" in m.content]
            assert len(notices) == 1, [m.content for m in notices]
            rows = await store.log(game_id)
            assert len([r for r in rows if r.kind == "system" and '"timeout"' in (r.action or "")]) == 1
        finally:
            await store.close()
            for process in processes:
                await process.stop()
        fd.assert_clean()
    for name in ("shard-0", "shard-1", "shard-1-late"):
        errors = (tmp_path / f"{name}.err").read_text()
        assert "Traceback" not in errors and "ERROR" not in errors, errors


@contextlib.asynccontextmanager
async def claimed_elsewhere(dsn: str, timer_id: int) -> AsyncIterator[None]:
    """The timer's row locked for the block, as by a process in the middle of claiming it; then let go
    unchanged (rolled back)."""
    connection = await asyncpg.connect(dsn)
    claim = connection.transaction()
    await claim.start()
    try:
        assert await connection.fetchval("SELECT id FROM timers WHERE id = $1 FOR UPDATE", timer_id)
        yield
    finally:
        await claim.rollback()
        await connection.close()


async def test_one_process_holding_both_shards_runs_them_as_an_autosharded_bot(tmp_path: Path) -> None:
    """PBP_SHARDS=2 with both ids in one process: discord.py's AutoShardedBot, two gateway connections
    (one per shard), each guild answered. One process may keep SQLite: it is the only one."""
    shards = ShardPlan.from_env({"PBP_SHARDS": "2", "PBP_SHARD_IDS": "1,0"})
    assert shards == ShardPlan(2, (0, 1))
    settings = Settings(token="fake-token", database=str(tmp_path / "games.db"))
    async with FakeDiscord(settle=0.1, timeout=60.0) as fd:
        guilds_on_both_shards(fd)
        bot = create_bot(settings, games={"stub": STUB}, shards=shards)
        assert isinstance(bot, commands.AutoShardedBot) and bot.shard_count == 2

        async def identify_at_once(shard_id: int | None, *, initial: bool = False) -> None:
            """discord.py waits 5 s between a process's identifies, for Discord's rate; the fake has none."""

        bot.before_identify_hook = identify_at_once  # type: ignore[method-assign]
        await fd.start_bot(bot)
        assert sorted(conn.shard for conn in fd._conns) == [(0, 2), (1, 2)]
        for shard in (0, 1):
            opened = await fd.slash("alice", f"war-{shard}", "game new", ruleset="stub")
            assert "opened game" in opened.content, opened.content
        fd.assert_clean()


def test_the_shard_settings_are_read_strictly() -> None:
    assert ShardPlan.from_env({}) is None
    assert ShardPlan.from_env({"PBP_SHARDS": "4"}) == ShardPlan(4, (0, 1, 2, 3))
    assert ShardPlan.from_env({"PBP_SHARDS": "4", "PBP_SHARD_IDS": " 3, 1,3"}) == ShardPlan(4, (1, 3))
    for env, said in (
        ({"PBP_SHARD_IDS": "1"}, "needs PBP_SHARDS"),
        ({"PBP_SHARDS": "0"}, "number of shards"),
        ({"PBP_SHARDS": "two"}, "number of shards"),
        ({"PBP_SHARDS": "²"}, "not “²”"),  # "²".isdigit(), but int("²") fails
        ({"PBP_SHARDS": "2", "PBP_SHARD_IDS": "¹"}, "not “¹”"),
        ({"PBP_SHARDS": "2", "PBP_SHARD_IDS": "2"}, "from 0 to 1"),
        ({"PBP_SHARDS": "2", "PBP_SHARD_IDS": "0,x"}, "not “x”"),
    ):
        with pytest.raises(SettingsError, match=said):
            ShardPlan.from_env(env)
    plan = ShardPlan(2, (1,))
    assert plan.owns(5 << 22) and not plan.owns(4 << 22) and not plan.owns(None)  # DMs: shard 0
    assert not plan.whole and ShardPlan(2, (0, 1)).whole


def test_only_the_process_holding_shard_0_publishes_the_slash_commands() -> None:
    assert ShardPlan(2, (0,)).syncs_commands and not ShardPlan(2, (1,)).syncs_commands
    assert ShardPlan(4, (0, 3)).syncs_commands and not ShardPlan(4, (1, 2)).syncs_commands
    assert ShardPlan().syncs_commands, "one process holding every shard publishes them"


def test_dev_guild_ids_are_ascii_digits() -> None:
    assert Settings.from_env({"PBP_DEV_GUILDS": " 12, 34 "}).dev_guilds == (12, 34)
    with pytest.raises(SettingsError, match="not “1²”"):
        Settings.from_env({"PBP_DEV_GUILDS": "1²"})
