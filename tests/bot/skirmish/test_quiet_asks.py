"""A battle decided step by step by two players who asked to be asked (``/game questions ask``): the
first decision asked of the defender pings them; the battle's later steps, asked of a player who moved a
moment ago, are posted naming them without a ping; one asked after a pause of ``AT_THE_TABLE`` pings
again (issue 28's quiet channel: one ping when it is one's turn, little else)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from bot.cogs.announce import AT_THE_TABLE
from tests.bot.discord_world import discord_world
from tests.bot.skirmish.helpers import CHANNEL, WITH, click, position, waiting
from tests.bot.skirmish.test_discord_round import PRIMARY, attack_on, three_player_game


def asks(fd: Any, since: int) -> list[Any]:
    posted = fd.messages(CHANNEL, ephemeral=False)[since:]
    return [m for m in posted if "waits for your decision" in m.content]


async def test_a_battles_later_steps_ask_without_a_ping_unless_the_player_paused(
    tmp_path: Path, monkeypatch: Any
) -> None:
    now = [datetime(2026, 11, 30, 12, tzinfo=UTC)]
    async with discord_world(str(tmp_path / "g.db"), games=WITH, clock=lambda: now[0]) as (fd, app):
        game_id = await three_player_game(fd, app, monkeypatch)
        await fd.slash("bob", CHANNEL, "sk reinforce")  # bob's turn (seat 1 moves first), on to attack
        await click(fd, "bob", "front")
        await click(fd, "bob", "draw")
        start = len(fd.messages(CHANNEL, ephemeral=False))
        await attack_on(fd, app, game_id, "bob", "alice")
        await fd.wait_idle(settle=0.2)
        first = asks(fd, start)
        assert len(first) == 1 and first[0].pings == {f"user:{fd.user_id('alice')}"}
        alice = f"<@{fd.user_id('alice')}>"
        assert first[0].content.startswith(f"{alice}, Bob's move waits for your decision in Skirmish")

        # The battle goes on by buttons; the next decision asked of the other player (bob, who attacked
        # a moment ago) names him and pings nobody, with the decision's buttons as before.
        quiet, asked = await next_ask(fd, app, game_id, start, pause=timedelta(0), now=now)
        assert asked == "bob" and quiet.pings == set(), quiet.content
        assert quiet.content.startswith("Bob, Alice's move waits for your decision in Skirmish")
        assert any(c.startswith("wb:") for c in quiet.custom_ids)

        # A step answered after a pause longer than AT_THE_TABLE: the player asked next is pinged again.
        pause = AT_THE_TABLE + timedelta(minutes=1)
        late, asked = await next_ask(fd, app, game_id, start, pause=pause, now=now)
        assert late.pings == {f"user:{fd.user_id(asked)}"}, late.content
        assert late.content.startswith(f"<@{fd.user_id(asked)}>, "), late.content


async def next_ask(
    fd: Any, app: Any, game_id: int, start: int, *, pause: timedelta, now: list[datetime]
) -> tuple[Any, str]:
    """Answer the battle's steps with their common buttons, each ``pause`` after the last, until one asks
    the other player a decision: that message and the member it asks."""
    while (await position(app, game_id))[0].battle is not None:
        user, step = await waiting(fd, app, game_id)
        told = len(asks(fd, start))
        now[0] += pause
        await click(fd, user, *PRIMARY[step])
        await fd.wait_idle(settle=0.2)
        new = asks(fd, start)[told:]
        if new:
            return new[0], "alice" if user == "bob" else "bob"
    raise AssertionError("the battle ended before another decision was asked")
