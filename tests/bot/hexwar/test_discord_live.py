"""Hex war's live timer on the fake Discord: the rules' own clock of 3 min 30 s a round, 30 s less each
round, is the turn's deadline; the reminders come at their share of it, and when it passes the round
resolves with what was submitted (those who did not submit hold), as a by-post deadline does in hours."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.clock import from_text
from rules.hexwar.ai import HexWarAI
from tests.bot.discord_world import discord_world, taken
from tests.bot.hexwar.play import (
    CHANNEL,
    SHORT,
    WITH,
    open_game,
    public_texts,
    setup_by_service,
    state_of,
    write_orders,
)
from tests.bot.test_deadlines import FakeClock

pytestmark = pytest.mark.asyncio
SECOND = 1 / 3600  # the fake clock advances in hours


async def seconds_given(bot, game_id: int) -> float:  # type: ignore[no-untyped-def]
    game = await bot.service.load(game_id)
    return (from_text(game.deadline_at) - from_text(game.turn_started_at)).total_seconds()


async def test_a_live_round_lasts_its_minutes_and_then_resolves(tmp_path: Path) -> None:
    clock = FakeClock()
    async with discord_world(str(tmp_path / "live.db"), clock=clock, settle=0.03, games=WITH) as (fd, bot):
        game_id = await open_game(fd, bot, {**SHORT, "timer": "live"})
        assert await seconds_given(bot, game_id) == 210  # a setup turn: the first round's time
        await setup_by_service(bot, game_id)
        state = await state_of(bot, game_id)
        assert state.round == 1 and await seconds_given(bot, game_id) == 210

        alice = next(s.seat for s in (await bot.service.status(game_id)).seats if s.name.lower() == "alice")
        assert await write_orders(fd, bot, game_id, alice, HexWarAI(alice), most=2)
        handed = await fd.slash("alice", CHANNEL, "hex submit")
        assert taken(handed), handed.content
        before = len(fd.messages(CHANNEL, ephemeral=False))

        clock.advance(104 * SECOND)
        assert (await bot.scheduler.tick()).reminders == []
        clock.advance(2 * SECOND)  # past half the round's 210 s: the 50% reminder
        assert (await bot.scheduler.tick()).reminders == [game_id]
        clock.advance(102 * SECOND)  # 208 s in: not yet
        assert (await bot.scheduler.tick()).deadlines == []
        clock.advance(3 * SECOND)  # 211 s: the round's time is up
        assert (await bot.scheduler.tick()).deadlines == [game_id]
        await fd.wait_idle(settle=0.2)

        state = await state_of(bot, game_id)
        assert state.round == 2 and await seconds_given(bot, game_id) == 180  # 30 s less
        shown = "\n".join(public_texts(fd, before))
        assert "missed the deadline" in shown and "did not submit in time and holds" in shown
        fd.assert_clean()
