"""/game mine (issue 35, item 1): a member's unfinished games in this server, whatever the channel, with a
link to each channel, whose turn, the deadline and what to do; what waits on the member first."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bot.clock import stamp
from bot.cogs.players import NONE_HERE
from tests.bot.discord_world import discord_world


async def table(
    bot: Any, fd: Any, channel: str, host: str, ruleset: str, others: list[str], **kw: Any
) -> int:
    """A game in ``channel`` hosted by ``host`` with ``others`` joined (not started)."""
    status = await bot.service.create(
        fd.channel_id(channel), fd.user_id(host), host, ruleset, guild_id=fd.guild_id("War Room"), **kw
    )
    for name in others:
        await bot.service.join(status.game_id, fd.user_id(name), name)
    return status.game_id


async def test_my_games_lists_what_waits_on_me_first_with_links_and_deadlines(tmp_path: Path) -> None:
    async with discord_world(str(tmp_path / "g.db")) as (fd, bot):
        risk = await table(bot, fd, "risk", "alice", "risk", ["bob", "carol"], turn_hours=24)
        await bot.service.start(risk, fd.user_id("alice"), seed="mine")
        lobby = await table(bot, fd, "lobby", "carol", "skirmish", ["alice"], capacity=3)
        status = await bot.service.status(risk)
        first = status.seats[status.waiting_for[0]]
        other = next(s for s in status.seats if s.seat not in status.waiting_for)

        on_turn = await fd.slash(first.name, "risk", "game mine")
        assert on_turn.ephemeral
        (embed,) = on_turn.embeds
        text = embed["description"]
        risk_at = text.index(f"game #{risk}")
        assert f"<#{fd.channel_id('risk')}>" in text
        assert f"**Your turn** ({status.turn_label}): play it in the channel." in text
        assert f"Deadline {stamp(status.deadline_at)}." in text
        if first.name in ("alice", "carol"):  # both have the lobby too: it comes after the turn
            assert text.index(f"game #{lobby}") > risk_at
            assert f"<#{fd.channel_id('lobby')}>" in text
            assert embed["title"] == "Your games · 1 waiting on you"

        waiting = await fd.slash(other.name, "lobby", "game mine")
        text = waiting.embeds[0]["description"]
        assert f"Waiting for {first.name} ({status.turn_label}); nothing for you to do." in text
        assert "Your turn" not in text

        lobby_only = await fd.slash("carol", "risk", "game mine")
        text = lobby_only.embeds[0]["description"]
        assert "In its lobby: 2 of 3 seats taken; you start it with `/game start`." in text
        alice = await fd.slash("alice", "risk", "game mine")
        assert (
            "In its lobby: 2 of 3 seats taken; waiting for the host to start it."
            in (alice.embeds[0]["description"])
        )

        nothing = await fd.slash("dave", "risk", "game mine")
        assert nothing.ephemeral and nothing.embeds[0]["description"] == NONE_HERE
        fd.assert_clean()


async def test_finished_and_resigned_games_are_not_listed(tmp_path: Path) -> None:
    async with discord_world(str(tmp_path / "g.db")) as (fd, bot):
        risk = await table(bot, fd, "risk", "alice", "risk", ["bob", "carol"])
        await bot.service.start(risk, fd.user_id("alice"), seed="mine")
        await bot.service.resign(risk, fd.user_id("bob"))
        gone = await fd.slash("bob", "risk", "game mine")
        assert gone.embeds[0]["description"] == NONE_HERE
        await bot.service.end(risk, fd.user_id("alice"), moderator=True)
        ended = await fd.slash("alice", "risk", "game mine")
        assert ended.embeds[0]["description"] == NONE_HERE


async def test_member_games_reads_one_server_and_unfinished_seats_in_both_stores(service: Any) -> None:
    """The store's side, on SQLite and PostgreSQL alike: another server's games, finished games, seats
    resigned and other members' games are left out."""
    here, there = 10 << 22, 11 << 22
    made = []
    for channel, guild in ((1, here), (2, here), (3, there), (4, here)):
        status = await service.create(channel, 100, "alice", "risk", guild_id=guild)
        await service.join(status.game_id, 200, "bob")
        made.append(status.game_id)
    await service.join(made[3], 300, "carol")
    await service.start(made[1], 100, seed="s")
    await service.start(made[3], 100, seed="s")
    await service.resign(made[3], 200)
    await service.end(made[1], 100)
    assert await service.store.member_games(here, 100) == [made[0], made[3]]
    assert await service.store.member_games(here, 200) == [made[0]]
    assert await service.store.member_games(there, 200) == [made[2]]
    assert await service.store.member_games(here, 300) == [made[3]]
    assert await service.store.member_games(there, 300) == []
