"""A player told of their Axis & Allies turns by DM reads there what the channel's ping would have told them:
the game has no digest of its own, and the DM said "Since your last turn:" over nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.games import GAMES
from tests.bot.axis_allies.aa_play import CHANNEL
from tests.bot.discord_world import discord_world
from tests.bot.players_play import play

pytestmark = pytest.mark.asyncio


async def test_a_turn_told_by_dm_says_what_the_others_did(tmp_path: Path) -> None:
    async with discord_world(str(tmp_path / "dm.db")) as (fd, bot):
        await fd.slash("alice", CHANNEL, "game new", ruleset="axis_allies", seats=2)
        await fd.slash("alice", CHANNEL, "game seat", number=1)  # the Allies: the USSR plays first
        assert (await fd.slash("bob", CHANNEL, "notify dm", setting="on")).ephemeral
        await fd.slash("bob", CHANNEL, "game join")  # the Axis; the game begins
        for _ in range(200):  # the USSR's turn, a move at a time, until Germany's turn is told to bob
            if fd.dms("bob"):
                break
            await play(fd, bot, GAMES["axis_allies"], CHANNEL, ["alice", "bob"], moves=1)
        await fd.wait_idle(settle=0.2)
        (dm,) = fd.dms("bob")
        assert dm.embeds[0]["title"] == "Your turn in Axis & Allies (game #1)"
        lines = dm.embeds[0]["description"].split("\n")
        assert lines[0] == "Since your last turn:" and lines[-1].startswith("Deadline: <t:")
        said = lines[1:-1]  # the powers' doings, as the channel's ping tells them: the USSR's
        assert said and all(line.startswith("USSR ") for line in said), lines
        fd.assert_clean()
